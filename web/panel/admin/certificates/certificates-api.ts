import { api } from '#web/lib/api.ts';

/** A certificate as the certificates slice serialises it (API-25). */
export type Certificate = {
  _id: string;
  number: string;
  userId: string;
  holderName: string;
  programName: string;
  rankName: string;
  issuedOn: string;
  issuerName: string;
  examiners: { name: string; role: string; rank: string }[];
  status: 'valid' | 'revoked' | 'superseded';
  revokedAt: string | null;
  revocationReason: string | null;
  pdfSha256: string;
  verifyUrl: string;
  pdfUrl: string;
};

export type CertificatesQuery = { page: number; status: string };

export async function readCertificates(q: CertificatesQuery, signal: AbortSignal) {
  const body = await api<Certificate[]>('/certificates', {
    query: { page: q.page, limit: 20, status: q.status },
    signal,
    fallback: 'Failed to fetch certificates',
  });
  return { items: body.data ?? [], ...(body.pagination ? { pagination: body.pagination } : {}) };
}

export const revokeCertificate = (id: string, reason: string) =>
  api<Certificate>(`/certificates/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: { reason } });
