/** The waiver calls of API-26 ("Waivers") the signing screen makes, and the views they answer. */
import { api } from '#web/lib/api.ts';

export type WaiverVersionView = { _id: string; version: number; body: string; bodySha256: string; publishedAt: string };
export type WaiverDocumentView = {
  _id: string;
  title: string;
  currentVersion: number;
  isActive: boolean;
  required: boolean;
  current: WaiverVersionView | null;
};
export type WaiverSignatureView = {
  _id: string;
  documentId: string;
  title: string;
  version: number;
  signedFor: { _id: string; name: string };
  signedBy: { _id: string; name: string } | null;
  typedName: string;
  signerCapacity: string;
  signatureKind: string;
  textSha256: string;
  signedAt: string;
  current: boolean;
  pdfUrl: string;
};
export type WaiverStatusView = {
  required: { documentId: string; title: string; version: number } | null;
  signed: boolean;
  signature: WaiverSignatureView | null;
  people: { userId: string; name: string; signed: boolean; signedVersion: number | null }[];
};

export type SignInput = { signedFor: string; typedName: string; signature: string | null; agree: true; textSha256: string };

const seg = encodeURIComponent;

export async function readWaiver(documentId: string, signal?: AbortSignal): Promise<WaiverDocumentView | null> {
  return (await api<WaiverDocumentView>(`/waivers/${seg(documentId)}`, { signal, fallback: 'Failed to fetch the waiver' })).data ?? null;
}

export async function readWaiverStatus(forUserId: string | null, signal?: AbortSignal): Promise<WaiverStatusView | null> {
  const body = await api<WaiverStatusView>('/waivers/status', {
    query: { for: forUserId },
    signal,
    fallback: 'Failed to fetch your waivers',
  });
  return body.data ?? null;
}

export const signWaiver = (documentId: string, input: SignInput) =>
  api<WaiverSignatureView>(`/waivers/${seg(documentId)}/sign`, { method: 'POST', body: input, fallback: 'Failed to sign the waiver' });
