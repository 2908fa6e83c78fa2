import { pagination } from '#core/paging.ts';
import { api } from '#web/lib/api.ts';
import type { ListPage } from '#web/panel/resource/use-list.ts';

import type { WaiverDocumentView, WaiverSignatureView, WaiverVersionView } from '#core/waivers/views.ts';

export type WaiverVersion = WaiverVersionView;
export type WaiverDocument = WaiverDocumentView;
export type WaiverSignature = WaiverSignatureView;
export type MissingPerson = {
  userId: string;
  name: string;
  email: string | null;
  studentId: string | null;
  lastSignedVersion: number | null;
  remindedAt: string | null;
};
/** A missing person as a list row (the list kit keys rows by `_id`). */
export type MissingRow = MissingPerson & { _id: string };

const id = (v: string) => encodeURIComponent(v);

export async function readDocuments(_: { page: number }, signal: AbortSignal): Promise<ListPage<WaiverDocument>> {
  const body = await api<WaiverDocument[]>('/waivers', { signal, fallback: 'Failed to fetch waivers' });
  return { items: body.data ?? [] };
}

export async function readDocument(documentId: string, signal: AbortSignal): Promise<WaiverDocument> {
  const all = await readDocuments({ page: 1 }, signal);
  const doc = all.items.find((d) => d._id === documentId);
  if (!doc) throw new Error('Waiver not found');
  return doc;
}

export type WaiverInput = { title: string; body: string; isActive?: boolean };

export async function createDocument(input: WaiverInput) {
  const body = await api<WaiverDocument>('/waivers', { method: 'POST', body: input, fallback: 'Failed to create waiver' });
  return body.data!;
}

export async function updateDocument(documentId: string, input: Partial<WaiverInput>) {
  const body = await api<WaiverDocument>(`/waivers/${id(documentId)}`, { method: 'PUT', body: input, fallback: 'Failed to update waiver' });
  return body.data!;
}

/** The one waiver asked for before booking, enrolling or buying (null: none). */
export const setRequiredWaiver = (documentId: string | null) =>
  api('/settings', { method: 'PUT', body: { requiredWaiverId: documentId }, fallback: 'Failed to update settings' });

export const PAGE_SIZE = 20;
export type PeopleQuery = { page: number; status: 'signed' | 'missing'; search: string };

export async function readSigned(documentId: string, q: PeopleQuery, signal: AbortSignal): Promise<ListPage<WaiverSignature>> {
  const body = await api<WaiverSignature[]>(`/waivers/${id(documentId)}/signatures`, {
    query: { ...q, status: 'signed', limit: PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch signatures',
  });
  const items = body.data ?? [];
  return { items, pagination: body.pagination ?? pagination(q.page, PAGE_SIZE, items.length) };
}

export async function readMissing(documentId: string, q: PeopleQuery, signal: AbortSignal): Promise<ListPage<MissingRow>> {
  const body = await api<MissingPerson[]>(`/waivers/${id(documentId)}/signatures`, {
    query: { ...q, status: 'missing', limit: PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch who is missing',
  });
  const items = (body.data ?? []).map((p) => ({ ...p, _id: p.userId }));
  return { items, pagination: body.pagination ?? pagination(q.page, PAGE_SIZE, items.length) };
}

/** E-mails the people chosen, or everyone missing when none is given. */
export async function sendReminders(documentId: string, userIds?: string[]) {
  const body = await api<{ sent: number; skipped: number }>(`/waivers/${id(documentId)}/reminders`, {
    method: 'POST',
    body: userIds ? { userIds } : {},
    fallback: 'Failed to send reminders',
  });
  return body.data ?? { sent: 0, skipped: 0 };
}
