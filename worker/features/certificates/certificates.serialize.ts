import type { OpenBadgeCredential } from '#core/certificates/credential.ts';
import type { CertificateRow } from '#db/schema/index.ts';

/** The one Certificate shape of the API (API-25): the verify address is the one printed in the QR code. */
export function serializeCertificate(row: CertificateRow) {
  return {
    _id: row.id,
    number: row.number,
    userId: row.userId,
    holderName: row.holderName,
    programName: row.programName,
    rankName: row.rankName,
    issuedOn: row.issuedOn,
    issuerName: row.issuerName,
    examiners: row.examiners,
    status: row.status,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    revocationReason: row.revocationReason ?? null,
    pdfSha256: row.pdfSha256,
    verifyUrl: (row.credential as unknown as OpenBadgeCredential).id,
    pdfUrl: `/api/certificates/${row.id}/pdf`,
  };
}
export type SerializedCertificate = ReturnType<typeof serializeCertificate>;
