import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { checkSignature, type SignatureImage } from '#core/waivers/signature-image.ts';
import { WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import type { SignWaiverInput } from '#core/waivers/waiver-schemas.ts';
import { renderWaiverPdf, waiverPdfInputOf } from '#core/waivers/waiver-pdf.ts';
import { bytesSha256 } from '#core/pdf/pdf-text.ts';
import { users, waiverDocuments, waiverSignatures, waiverVersions, type WaiverSignatureRow } from '#db/schema/index.ts';
import { schoolBranding } from '#worker/lib/certificates/prepare.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { AppError, badRequest, conflict, notFound, tooLarge, unavailable } from '#worker/lib/errors.ts';
import { actingFor, childIdsOf, isGuardianOf } from '#worker/lib/family/guardian.ts';
import { isStaffRole } from '#worker/lib/progression/student-access.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { withObjects, type PendingObject } from '#worker/lib/stored-objects.ts';
import { requiredWaiverFor } from '#worker/lib/waivers/require-waiver.ts';
import { visibleDocument } from './waivers.documents.ts';
import { signatureRows } from './waivers.queries.ts';
import { personName, serializeSignature } from './waivers.serialize.ts';

export const SIGNATURE_NOT_FOUND = 'Signature not found';
export const GUARDIAN_CAPACITY = 'Parent or guardian';
export const pdfKeyOf = (signatureId: string) => `waivers/${signatureId}.pdf`;

function checkedImage(signature: string | null | undefined): SignatureImage | null {
  if (!signature) return null;
  const check = checkSignature(signature);
  if (check.ok) return check.image;
  throw check.reason === 'tooLarge' ? tooLarge(WAIVER_MESSAGES.signatureTooLarge) : badRequest(WAIVER_MESSAGES.signatureNotImage);
}

const nameOf = async (ctx: ServiceCtx, id: string) => {
  const row = await ctx.db.select({ profile: users.profile, email: users.email }).from(users).where(eq(users.id, id)).get();
  return row ? personName(row.profile, row.email) : 'Unknown person';
};

async function signatureView(ctx: ServiceCtx, id: string) {
  const [row] = await signatureRows(ctx.db, eq(waiverSignatures.id, id));
  if (!row) throw notFound(SIGNATURE_NOT_FOUND);
  return serializeSignature(row, isStaffRole(signedIn(ctx).role));
}

/**
 * POST /api/waivers/:documentId/sign. Checked in this order: whom for (a guardian for their child, else
 * 403), the image (413 / 400), the text signed is the current version's (409 with the version to read),
 * not signed yet (409). The image and the PDF go to R2 before the row; a lost race removes them again.
 */
export async function signWaiver(ctx: ServiceCtx, documentId: string, input: SignWaiverInput, userAgent: string) {
  const caller = signedIn(ctx);
  const { userId, asGuardian } = await actingFor(ctx, input.signedFor, 'forbidden');
  const image = checkedImage(input.signature);
  const doc = await visibleDocument(ctx, documentId);
  if (!doc.isActive || !doc.currentVersion) throw conflict(WAIVER_MESSAGES.notPublished);
  const version = await ctx.db
    .select()
    .from(waiverVersions)
    .where(and(eq(waiverVersions.documentId, doc.id), eq(waiverVersions.version, doc.currentVersion)))
    .get();
  if (!version) throw conflict(WAIVER_MESSAGES.notPublished);
  if (input.textSha256 !== version.bodySha256) {
    throw new AppError('CONFLICT', WAIVER_MESSAGES.textChanged, { details: { documentId: doc.id, version: version.version } });
  }
  const signed = await ctx.db
    .select({ id: waiverSignatures.id })
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.versionId, version.id), eq(waiverSignatures.signedFor, userId)))
    .get();
  if (signed) throw conflict(WAIVER_MESSAGES.alreadySigned);

  const id = newId();
  const signedAt = new Date();
  const capacity = asGuardian ? GUARDIAN_CAPACITY : 'self';
  const ua = userAgent.slice(0, 500);
  let pdf: Uint8Array;
  try {
    pdf = await renderWaiverPdf(
      waiverPdfInputOf(
        {
          id,
          version: version.version,
          textSha256: version.bodySha256,
          signerCapacity: capacity,
          typedName: input.typedName,
          signedAt,
          ip: ctx.ip,
          userAgent: ua,
        },
        {
          schoolName: (await schoolBranding(ctx, false)).schoolName,
          title: doc.title,
          body: version.body,
          signedForName: await nameOf(ctx, userId),
          signedByName: await nameOf(ctx, caller.id),
          signature: image,
        },
      ),
    );
  } catch (err) {
    // A PNG with the right header but a body pdf-lib cannot read is not an image either.
    if (image?.kind === 'png') throw badRequest(WAIVER_MESSAGES.signatureNotImage);
    throw err;
  }
  const signatureKey = image ? `waivers/${id}-signature.${image.kind}` : null;
  const objects: PendingObject[] = [
    { key: pdfKeyOf(id), bytes: pdf, contentType: 'application/pdf', metadata: { documentId: doc.id, version: String(version.version) } },
    ...(image && signatureKey ? [{ key: signatureKey, bytes: image.bytes, contentType: image.mime }] : []),
  ];
  try {
    await withObjects(ctx.storage, objects, async () =>
      ctx.db.insert(waiverSignatures).values({
        id,
        documentId: doc.id,
        versionId: version.id,
        version: version.version,
        signedFor: userId,
        signedBy: caller.id,
        typedName: input.typedName,
        signerCapacity: capacity,
        signatureKind: image?.kind ?? 'typed',
        signatureKey,
        textSha256: version.bodySha256,
        ip: ctx.ip,
        userAgent: ua,
        pdfKey: pdfKeyOf(id),
        pdfSha256: await bytesSha256(pdf),
        signedAt,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(WAIVER_MESSAGES.alreadySigned);
    throw err;
  }
  return signatureView(ctx, id);
}

/** GET /api/waivers/signatures/:id/pdf: the signer, the person signed for, their guardians and staff; anyone else 404. */
export async function signaturePdf(ctx: ServiceCtx, id: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const caller = signedIn(ctx);
  const row = await ctx.db.select().from(waiverSignatures).where(eq(waiverSignatures.id, id)).get();
  const allowed =
    row &&
    (row.signedFor === caller.id ||
      row.signedBy === caller.id ||
      isStaffRole(caller.role) ||
      (await isGuardianOf(ctx.db, caller.id, row.signedFor)));
  if (!row || !allowed) throw notFound(SIGNATURE_NOT_FOUND);
  const filename = `waiver-v${row.version}-${row.id}.pdf`;
  const key = row.pdfKey ?? pdfKeyOf(row.id);
  const object = await ctx.storage.get(key);
  if (object) return { bytes: new Uint8Array(await object.arrayBuffer()), filename };
  const bytes = await redrawnPdf(ctx, row);
  if (bytes && (await bytesSha256(bytes)) === row.pdfSha256) {
    await ctx.storage.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } });
    ctx.log.warn('signed waiver PDF rebuilt from its row', { signatureId: row.id });
    return { bytes, filename };
  }
  ctx.log.error('signed waiver PDF lost and not rebuildable', { signatureId: row.id });
  throw unavailable(PDF_LOST);
}

export const PDF_LOST = 'The signed PDF is not available right now; the signature itself is on record';

/**
 * The PDF drawn again from the row (the renderer is deterministic): used when R2 lost it, and for the demo
 * seed's signatures, which are written without R2. Kept only if it hashes to the stored pdfSha256.
 */
async function redrawnPdf(ctx: ServiceCtx, row: WaiverSignatureRow): Promise<Uint8Array | null> {
  const version = await ctx.db.select().from(waiverVersions).where(eq(waiverVersions.id, row.versionId)).get();
  const doc = await ctx.db
    .select({ title: waiverDocuments.title })
    .from(waiverDocuments)
    .where(eq(waiverDocuments.id, row.documentId))
    .get();
  if (!version || !doc) return null;
  let image: SignatureImage | null = null;
  if (row.signatureKey) {
    const stored = await ctx.storage.get(row.signatureKey);
    const check = stored
      ? checkSignature(dataUrlOf(stored.httpMetadata?.contentType ?? '', new Uint8Array(await stored.arrayBuffer())))
      : null;
    if (!check?.ok) return null;
    image = check.image;
  }
  return renderWaiverPdf(
    waiverPdfInputOf(row, {
      schoolName: (await schoolBranding(ctx, false)).schoolName,
      title: doc.title,
      body: version.body,
      signedForName: await nameOf(ctx, row.signedFor),
      signedByName: row.signedBy ? await nameOf(ctx, row.signedBy) : row.typedName,
      signature: image,
    }),
  );
}

const dataUrlOf = (mime: string, bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `data:${mime};base64,${btoa(binary)}`;
};

/** GET /api/waivers/status?for=: the required waiver, whether the person signed its current version, and the caller's family's state. */
export async function waiverStatus(ctx: ServiceCtx, forUserId: string | undefined) {
  const caller = signedIn(ctx);
  const { userId } = await actingFor(ctx, forUserId, 'not_found');
  const { required, signed } = await requiredWaiverFor(ctx.db, userId);
  const people = [caller.id, ...(await childIdsOf(ctx.db, caller.id))];
  const latest = required
    ? await signatureRows(
        ctx.db,
        and(eq(waiverSignatures.documentId, required.documentId), inArray(waiverSignatures.signedFor, [...new Set([userId, ...people])])),
      )
    : [];
  const latestOf = (id: string) =>
    latest.filter((r) => r.signature.signedFor === id).sort((a, b) => b.signature.version - a.signature.version)[0];
  const names = await ctx.db
    .select({ id: users.id, profile: users.profile, email: users.email })
    .from(users)
    .where(inArray(users.id, people));
  const mine = latestOf(userId);
  return {
    required: required ? { documentId: required.documentId, title: required.title, version: required.version } : null,
    signed,
    signature: mine ? serializeSignature(mine, isStaffRole(caller.role)) : null,
    people: people.map((id) => {
      const row = names.find((n) => n.id === id);
      const last = latestOf(id);
      return {
        userId: id,
        name: row ? personName(row.profile, row.email) : 'Unknown person',
        signed: !required || last?.signature.version === required.version,
        signedVersion: last?.signature.version ?? null,
      };
    }),
  };
}
