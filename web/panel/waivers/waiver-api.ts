/** The waiver calls of API-26 ("Waivers") the signing screen makes, and the views they answer. */
import { api } from '#web/lib/api.ts';

import type { WaiverDocumentView, WaiverSignatureView, WaiverVersionView } from '#core/waivers/views.ts';

export type { WaiverDocumentView, WaiverSignatureView, WaiverVersionView };
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
