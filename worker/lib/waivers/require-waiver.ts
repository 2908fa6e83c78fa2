import { and, eq } from 'drizzle-orm';
import { WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings, waiverDocuments, waiverSignatures, waiverVersions } from '#db/schema/index.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type RequiredWaiver = { documentId: string; title: string; version: number; versionId: string };

/**
 * The waiver the school requires (settings.requiredWaiverId) when it is active and has a published
 * version, and whether `userId` signed that version: one read.
 */
export async function requiredWaiverFor(db: Db, userId: string): Promise<{ required: RequiredWaiver | null; signed: boolean }> {
  const row = await db
    .select({
      documentId: waiverDocuments.id,
      title: waiverDocuments.title,
      version: waiverVersions.version,
      versionId: waiverVersions.id,
      signatureId: waiverSignatures.id,
    })
    .from(siteSettings)
    .innerJoin(waiverDocuments, and(eq(waiverDocuments.id, siteSettings.requiredWaiverId), eq(waiverDocuments.isActive, true)))
    .innerJoin(
      waiverVersions,
      and(eq(waiverVersions.documentId, waiverDocuments.id), eq(waiverVersions.version, waiverDocuments.currentVersion)),
    )
    .leftJoin(waiverSignatures, and(eq(waiverSignatures.versionId, waiverVersions.id), eq(waiverSignatures.signedFor, userId)))
    .where(eq(siteSettings.id, SETTINGS_ID))
    .get();
  if (!row) return { required: null, signed: true };
  const { signatureId, ...required } = row;
  return { required, signed: signatureId !== null };
}

/**
 * THE gate (issue 26 §2) before booking a class, enrolling in a course or buying a membership, for the
 * person the call is for: 409 'A signed waiver is required' naming the document and version to sign.
 * A new version is a new requirement, so people sign again at their next booking.
 */
export async function requireSignedWaiver(ctx: Pick<ServiceCtx, 'db'>, userId: string): Promise<void> {
  const { required, signed } = await requiredWaiverFor(ctx.db, userId);
  if (required && !signed) {
    throw new AppError('CONFLICT', WAIVER_MESSAGES.required, { details: { documentId: required.documentId, version: required.version } });
  }
}
