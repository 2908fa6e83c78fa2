import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { formatMoney, toCents } from '#core/money.ts';
import { pagination } from '#core/paging.ts';
import { api } from '#web/lib/api.ts';
import type { ListPage } from '#web/panel/resource/use-list.ts';
import type { InvoiceView, PaymentMethodView, UpcomingCharge } from '#core/billing/views.ts';

/** Dues are membership money, in C$ (spec 9) whatever the symbol of the shop. */
export const dues = (cents: number) => formatMoney(cents, MEMBERSHIP_CURRENCY.symbol);
/** An API amount's cents: the `…Cents` field when sent, else its 2-decimal value. */
export const centsOf = (decimal: string | number | undefined, cents?: number) =>
  typeof cents === 'number' ? cents : toCents(Number(decimal ?? 0) || 0);

const id = (v: string) => encodeURIComponent(v);
export const INVOICE_PAGE_SIZE = 10;

export async function readMethods(signal?: AbortSignal): Promise<PaymentMethodView[]> {
  const body = await api<PaymentMethodView[]>('/billing/methods', { signal, fallback: 'Failed to fetch payment methods' });
  return body.data ?? [];
}

/** A card setup begun: the gateway's page to open (Stripe, PayPal, the sandbox), or Razorpay's Checkout to open here with its key and customer. */
export type MethodStart = { method: PaymentMethodView; checkoutUrl: string | null; setupId: string; keyId?: string; customerId?: string };

/** Begins saving a card with the school's gateway; the answer says where it is entered. */
export async function startMethod(): Promise<MethodStart> {
  const body = await api<MethodStart>('/billing/methods', {
    method: 'POST',
    body: {},
    fallback: 'The payment method could not be saved',
  });
  return body.data!;
}

/** Back from the gateway: the query it returned with is the proof the method was saved. */
export async function completeMethod(methodId: string, proof: Record<string, string>) {
  const body = await api<PaymentMethodView>(`/billing/methods/${id(methodId)}/complete`, {
    method: 'POST',
    body: { proof },
    fallback: 'The payment method could not be saved',
  });
  return body.data!;
}

export const makeDefault = (methodId: string) =>
  api<PaymentMethodView>(`/billing/methods/${id(methodId)}/default`, { method: 'POST', fallback: 'Failed to update payment method' });

export const removeMethod = (methodId: string) =>
  api(`/billing/methods/${id(methodId)}`, { method: 'DELETE', fallback: 'Failed to remove payment method' });

export async function readUpcoming(signal?: AbortSignal): Promise<UpcomingCharge[]> {
  const body = await api<UpcomingCharge[]>('/billing/upcoming', { signal, fallback: 'Failed to fetch upcoming charges' });
  return body.data ?? [];
}

export async function setAutopay(charge: UpcomingCharge, autopay: boolean, meId: string) {
  const body = await api<UpcomingCharge>(`/billing/memberships/${id(charge.enrollmentId)}/autopay`, {
    method: 'PATCH',
    body: charge.person._id === meId ? { autopay } : { autopay, forUserId: charge.person._id },
    fallback: 'Failed to change autopay',
  });
  return body.data!;
}

export type InvoicesQuery = { page: number };

export async function readInvoices(q: InvoicesQuery, signal: AbortSignal): Promise<ListPage<InvoiceView>> {
  const body = await api<InvoiceView[]>('/billing/invoices', {
    query: { page: q.page, limit: INVOICE_PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch invoices',
  });
  const items = body.data ?? [];
  return { items, pagination: body.pagination ?? pagination(q.page, INVOICE_PAGE_SIZE, items.length) };
}

export async function payInvoice(invoiceId: string) {
  const body = await api<InvoiceView>(`/billing/invoices/${id(invoiceId)}/pay`, { method: 'POST', fallback: 'The payment failed' });
  return { invoice: body.data ?? null, message: body.message ?? '' };
}
