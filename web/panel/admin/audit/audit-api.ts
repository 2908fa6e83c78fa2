import type { AuditEntryView } from '#core/audit/audit-query.ts';
import { pagination } from '#core/paging.ts';
import { api } from '#web/lib/api.ts';
import type { ListPage } from '#web/panel/resource/use-list.ts';

export const PAGE_SIZE = 25;

export type AuditQuery = { page: number; actor: string; method: string; targetType: string; search: string; from: string; to: string };
export const NO_FILTERS: AuditQuery = { page: 1, actor: '', method: '', targetType: '', search: '', from: '', to: '' };

/** One page of the school's audit log (super-admin). */
export async function readAudit(q: AuditQuery, signal: AbortSignal): Promise<ListPage<AuditEntryView>> {
  const body = await api<AuditEntryView[]>('/audit-log', {
    query: { ...q, limit: PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch the audit log',
  });
  const items = body.data ?? [];
  return { items, pagination: body.pagination ?? pagination(q.page, PAGE_SIZE, items.length) };
}
