import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { pdfInputOf, pdfSha256, renderCertificatePdf } from '#core/certificates/certificate-pdf.ts';
import { isCertificateId } from '#core/certificates/certificate-ids.ts';
import { CERTIFICATE_MESSAGES, type ListCertificatesInput } from '#core/certificates/certificate-schemas.ts';
import { issuerUrl, OB_CONTEXT, VC_CONTEXT, type OpenBadgeCredential } from '#core/certificates/credential.ts';
import { certificates, type CertificateRow } from '#db/schema/index.ts';
import { drawnLogo, schoolBranding } from '#worker/lib/certificates/prepare.ts';
import { signCredential } from '#worker/lib/certificates/signing.ts';
import { conflict, gone, notFound, unavailable } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { isStaffRole, studentOf } from '#worker/lib/progression/student-access.ts';
import { serializeCertificate } from './certificates.serialize.ts';

/** A certificate by its random id; a human number, or anything else that is not an id, finds nothing. */
export async function findCertificate(ctx: ServiceCtx, id: string): Promise<CertificateRow | null> {
  if (!isCertificateId(id)) return null;
  const [row] = await ctx.db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** The holder's own certificate, their guardian's, or any for staff; anyone else is told it does not exist. */
async function visibleCertificate(ctx: ServiceCtx, id: string): Promise<CertificateRow> {
  signedIn(ctx);
  const row = await findCertificate(ctx, id);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  await studentOf(ctx, row.userId, CERTIFICATE_MESSAGES.notFound);
  return row;
}

/** GET /api/certificates: the caller's own, `?for=` their child's (or for staff anyone's), staff: all or `?userId`. */
export async function listCertificates(ctx: ServiceCtx, query: ListCertificatesInput) {
  const user = signedIn(ctx);
  const userId = query.for ? (await studentOf(ctx, query.for)).userId : isStaffRole(user.role) ? query.userId : user.id;
  const where: SQL[] = [];
  if (userId) where.push(eq(certificates.userId, userId));
  if (query.status) where.push(eq(certificates.status, query.status));
  const { rows, pagination } = await listPage(ctx.db, {
    table: certificates,
    where: where.length ? and(...where) : undefined,
    orderBy: [desc(certificates.issuedOn), desc(certificates.number)],
    page: query.page,
    limit: query.limit,
  });
  return { certificates: rows.map(serializeCertificate), pagination };
}

export async function getCertificate(ctx: ServiceCtx, id: string) {
  return serializeCertificate(await visibleCertificate(ctx, id));
}

/**
 * The stored PDF; when R2 lost it, drawn again from the row (the renderer is deterministic) with the logo it
 * was drawn with (kept by its digest, whatever the school's logo is now) and stored again, only if it has the
 * SHA-256 the verify page shows.
 */
export async function certificatePdf(ctx: ServiceCtx, id: string): Promise<{ bytes: Uint8Array; number: string }> {
  const row = await visibleCertificate(ctx, id);
  const object = await ctx.storage.get(row.pdfKey);
  if (object) return { bytes: new Uint8Array(await object.arrayBuffer()), number: row.number };
  const logo = await drawnLogo(ctx, row.logoSha256);
  const bytes = await renderCertificatePdf(pdfInputOf(row, logo));
  if ((!row.logoSha256 || logo) && (await pdfSha256(bytes)) === row.pdfSha256) {
    await ctx.storage.put(row.pdfKey, bytes, { httpMetadata: { contentType: 'application/pdf' }, customMetadata: { number: row.number } });
    ctx.log.warn('certificate PDF rebuilt from its row', { certificateId: row.id });
    return { bytes, number: row.number };
  }
  ctx.log.error('certificate PDF lost and not rebuildable', { certificateId: row.id });
  throw unavailable(CERTIFICATE_MESSAGES.pdfLost);
}

/** POST /api/certificates/:id/revoke: one conditional UPDATE, so two revocations record one. */
export async function revokeCertificate(ctx: ServiceCtx, id: string, reason: string) {
  const user = signedIn(ctx);
  if (!isCertificateId(id)) throw notFound(CERTIFICATE_MESSAGES.notFound);
  const [row] = await ctx.db
    .update(certificates)
    .set({ status: 'revoked', revokedAt: new Date(), revokedBy: user.id, revocationReason: reason })
    .where(and(eq(certificates.id, id), ne(certificates.status, 'revoked')))
    .returning();
  if (row) return serializeCertificate(row);
  if (await findCertificate(ctx, id)) throw conflict(CERTIFICATE_MESSAGES.alreadyRevoked);
  throw notFound(CERTIFICATE_MESSAGES.notFound);
}

/** The stored credential; for a revoked or superseded certificate none is handed out (410), so no verifier takes it as current. */
export function currentCredential(row: CertificateRow): OpenBadgeCredential {
  if (row.status !== 'valid') throw gone(CERTIFICATE_MESSAGES.noLongerValid);
  return row.credential as unknown as OpenBadgeCredential;
}

export const credentialJwt = (ctx: ServiceCtx, row: CertificateRow) => signCredential(ctx, currentCredential(row));

/** GET /issuer: the Open Badges issuer Profile every credential names. */
export async function issuerProfile(ctx: ServiceCtx) {
  const { schoolName } = await schoolBranding(ctx, false);
  return { '@context': [VC_CONTEXT, OB_CONTEXT], id: issuerUrl(ctx.origin), type: ['Profile'], name: schoolName, url: ctx.origin };
}
