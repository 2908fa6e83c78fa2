import type { PaymentGatewayName, PaymentStatus, PurchaseType } from '#core/shop/shop-options.ts';
import type { PaymentView } from '#core/shop/views.ts';
import { pagination } from '#core/paging.ts';
import { api, type Pagination } from '#web/lib/api.ts';

export const PAGE_SIZE = 20;

export type PaymentsQuery = {
  page: number;
  status: PaymentStatus | '';
  gateway: PaymentGatewayName | '';
  purchaseType: PurchaseType | '';
  search: string;
  from: string;
  to: string;
};
export const NO_FILTERS: PaymentsQuery = { page: 1, status: '', gateway: '', purchaseType: '', search: '', from: '', to: '' };

export type PaymentsListing = { payments: PaymentView[]; pagination: Pagination };

export async function readPayments(q: PaymentsQuery, signal: AbortSignal): Promise<PaymentsListing> {
  const body = await api<PaymentView[]>('/payments/all', {
    query: { ...q, limit: PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch payments',
  });
  const payments = body.data ?? [];
  return {
    payments,
    pagination: body.pagination ?? pagination(1, PAGE_SIZE, payments.length),
  };
}

export const readPayment = (id: string, signal?: AbortSignal) =>
  api<PaymentView>(`/payments/${encodeURIComponent(id)}`, { signal, fallback: 'Failed to fetch payment' });

export const setPaymentStatus = (id: string, status: PaymentStatus) =>
  api<PaymentView>(`/payments/status/${encodeURIComponent(id)}`, { method: 'PUT', body: { status }, fallback: 'Failed to update payment' });
