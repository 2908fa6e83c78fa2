import type { InvoiceStatus } from '#core/billing/billing-options.ts';
import { pagination } from '#core/paging.ts';
import { api } from '#web/lib/api.ts';
import type { InvoiceView } from '#core/billing/views.ts';
import type { ListPage } from '#web/panel/resource/use-list.ts';

export type Money = string | number;
export type Tally = { count: number; total: Money; totalCents?: number };
/** One month of revenue: its total and, when the server splits it, automatic charges vs every other payment. */
export type RevenueMonth = { month: string; total?: Money; totalCents?: number; autopay?: Money; other?: Money };
export type BillingSummary = { dueToday: Tally; failed: Tally; pastDue: Tally; revenueByMonth: RevenueMonth[] };

export const PAGE_SIZE = 20;
export type AdminInvoicesQuery = { page: number; status: InvoiceStatus | ''; search: string };
export const ALL_INVOICES: AdminInvoicesQuery = { page: 1, status: '', search: '' };

export async function readSummary(signal: AbortSignal): Promise<BillingSummary> {
  const body = await api<BillingSummary>('/admin/billing/summary', { signal, fallback: 'Failed to fetch billing summary' });
  return body.data!;
}

export async function readAdminInvoices(q: AdminInvoicesQuery, signal: AbortSignal): Promise<ListPage<InvoiceView>> {
  const body = await api<InvoiceView[]>('/admin/billing/invoices', {
    query: { ...q, limit: PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch invoices',
  });
  const items = body.data ?? [];
  return { items, pagination: body.pagination ?? pagination(q.page, PAGE_SIZE, items.length) };
}

export async function retryInvoice(id: string) {
  const body = await api<InvoiceView>(`/admin/billing/invoices/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    fallback: 'The charge could not be retried',
  });
  return { invoice: body.data ?? null, message: body.message ?? '' };
}
