import type { CertificateVerifyView } from '#web/pages/public/certificate-verify-page.tsx';
import { CERTIFICATE_MESSAGES } from '#core/certificates/certificate-schemas.ts';
import { publicJwks } from '#worker/lib/certificates/signing.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { loadSite } from '#worker/pages/public/loaders/media.ts';
import { credentialJwt, currentCredential, findCertificate, issuerProfile } from './certificates.service.ts';

/** The verify page's data: the site and what the public may see of the certificate (null: 404). */
export async function loadVerifyPage(ctx: ServiceCtx, id: string, host: string) {
  const [{ site }, row] = await Promise.all([loadSite(ctx), findCertificate(ctx, id)]);
  if (!row) return { site, cert: null };
  ctx.log.info('certificate verified', { certificateId: row.id });
  const cert: CertificateVerifyView = {
    number: row.number,
    status: row.status,
    holderName: row.holderName,
    rankName: row.rankName,
    programName: row.programName,
    issuedOn: row.issuedOn,
    issuerName: row.issuerName,
    examiners: row.examiners,
    pdfSha256: row.pdfSha256,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    host,
  };
  return { site, cert };
}

/** The credential for `Accept: application/vc+jwt` (signed) or `application/ld+json` (as stored). */
export async function verifyCredential(ctx: ServiceCtx, id: string, as: 'jwt' | 'json') {
  const row = await findCertificate(ctx, id);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return as === 'jwt' ? credentialJwt(ctx, row) : currentCredential(row);
}

export const verifyJwks = (ctx: ServiceCtx) => publicJwks(ctx);
export const verifyIssuer = (ctx: ServiceCtx) => issuerProfile(ctx);
