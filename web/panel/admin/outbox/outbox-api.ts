import { api, type Pagination } from '#web/lib/api.ts';

/** An e-mail as GET /api/admin/outbox serialises it (worker/features/outbox/outbox.service.ts). */
export type OutboxMessage = {
  _id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  status: 'stored' | 'sent' | 'failed';
  provider: string;
  createdAt: string;
  sentAt: string | null;
};

export type OutboxQuery = { page: number; to: string };

export async function readOutbox(q: OutboxQuery, signal: AbortSignal): Promise<{ items: OutboxMessage[]; pagination?: Pagination }> {
  const body = await api<OutboxMessage[]>('/admin/outbox', {
    query: { page: q.page, limit: 20, to: q.to || undefined },
    signal,
    fallback: 'Failed to load e-mails',
  });
  return { items: body.data ?? [], pagination: body.pagination };
}

export const readOutboxMessage = (id: string, signal: AbortSignal) =>
  api<OutboxMessage>(`/admin/outbox/${encodeURIComponent(id)}`, { signal, fallback: 'Failed to load the e-mail' }).then(
    (b) => b.data ?? null,
  );

export const OUTBOX_STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  stored: 'Kept in the outbox',
  sent: 'Delivered to the provider',
  failed: 'Failed',
};
