import type { AppConfig } from '#worker/config.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { unavailable } from '#worker/lib/errors.ts';
import { verifyHmacHex } from './hmac.ts';
import { razorpayClient, UNREACHABLE, type RazorpayPayment } from './razorpay.ts';
import { NO_METHOD, NOT_THIS_SETUP, setupRefused } from './vault-messages.ts';
import type { ChargeOutcome, PaymentVault } from './vault.ts';

type Order = { id: string; status?: string; receipt?: string };
type Collection<T> = { count?: number; items?: T[] };
type Payer = { email?: string | null; contact?: string | null };
type Payment = RazorpayPayment & {
  email?: string;
  contact?: string;
  token_id?: string;
  customer_id?: string;
  error_description?: string | null;
  created_at?: number;
};
type Token = {
  id: string;
  method?: string;
  card?: { last4?: string; network?: string; expiry_month?: number | string; expiry_year?: number | string };
};

/** The mandate's ceiling per charge, in the currency's smallest unit (the card networks' limit without a fresh authentication in India). */
export const MANDATE_MAX_AMOUNT = 1_500_000;
/** The authorisation payment: the smallest card payment Razorpay takes, given back once the token is saved. */
export const AUTHORISATION_AMOUNT = 100;
/** Razorpay's `receipt` holds at most 40 characters. */
const RECEIPT_MAX = 40;

/** Our idempotency key as the order's receipt: itself when it fits, else its SHA-256 (the same key, the same receipt). */
export const receiptOf = async (key: string) => (key.length <= RECEIPT_MAX ? key : `k-${(await sha256Hex(key)).slice(0, RECEIPT_MAX - 2)}`);

const numberOrNull = (v: number | string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** A recurring payment's state as Razorpay holds it. */
function outcomeOf(payment: Payment): ChargeOutcome {
  if (payment.status === 'captured') return { status: 'succeeded', providerPaymentId: payment.id };
  if (payment.status === 'failed')
    return { status: 'declined', reason: payment.error_description ?? 'The payment failed', providerPaymentId: payment.id };
  // created / authorized: the bank has not answered yet; payment.captured or payment.failed follows by webhook.
  return { status: 'pending', providerPaymentId: payment.id };
}

/**
 * Razorpay's vault (recurring payments on cards): a customer, an authorisation order carrying the mandate
 * (`token` with `max_amount`, `frequency: as_presented`, method card) paid in Checkout with `recurring: 1`,
 * its signed answer checked and the payment's `token_id` kept. A charge is an order whose `receipt` is our
 * key (found again, never created twice) paid by `payments/create/recurring`.
 */
export function razorpayVault(config: AppConfig, _origin: string, fetcher: typeof fetch = (...a) => fetch(...a)): PaymentVault {
  const { call, keyId, keySecret } = razorpayClient(config, fetcher);

  /** The charge's order: the one already opened under this receipt, or a new one. */
  async function orderFor(receipt: string, input: { amountCents: number; currency: string; paymentRecordId: string; purchaseId: string }) {
    const found = await call<Collection<Order>>(`/orders?${new URLSearchParams({ receipt })}`);
    const existing = found.items?.find((o) => o.receipt === receipt);
    if (existing) return { order: existing, fresh: false };
    const order = await call<Order>('/orders', {
      method: 'POST',
      body: {
        amount: input.amountCents,
        currency: input.currency,
        receipt,
        payment_capture: true,
        notes: { paymentRecordId: input.paymentRecordId, purchaseType: 'invoice', purchaseId: input.purchaseId },
      },
    });
    return { order, fresh: true };
  }

  return {
    name: 'razorpay',
    async startSetup({ methodRecordId, customer, providerCustomerId, currency }) {
      const customerId =
        providerCustomerId ??
        // fail_existing 0: a person already known to Razorpay by these details gets their customer back, not an error.
        (
          await call<{ id: string }>('/customers', {
            method: 'POST',
            body: { name: customer.name, email: customer.email, fail_existing: '0', notes: { userId: customer.userId } },
          })
        ).id;
      const order = await call<Order>('/orders', {
        method: 'POST',
        body: {
          amount: AUTHORISATION_AMOUNT,
          currency: currency ?? 'INR',
          customer_id: customerId,
          method: 'card',
          payment_capture: true,
          receipt: await receiptOf(`setup-${methodRecordId}`),
          token: { max_amount: MANDATE_MAX_AMOUNT, frequency: 'as_presented' },
          notes: { paymentMethodRecordId: methodRecordId },
        },
      });
      // Checkout opens in the browser with the key, this order, the customer and `recurring: 1`: there is no page URL.
      return { setupId: order.id, checkoutUrl: null, providerCustomerId: customerId, keyId };
    },
    async completeSetup({ setupId, providerCustomerId, proof }) {
      const orderId = proof.razorpay_order_id ?? proof.sessionId ?? '';
      const paymentId = proof.razorpay_payment_id ?? proof.paymentId ?? '';
      const signature = proof.razorpay_signature ?? proof.signature ?? '';
      if (orderId !== setupId) throw setupRefused(NOT_THIS_SETUP);
      if (!paymentId || !(await verifyHmacHex(keySecret, `${orderId}|${paymentId}`, signature))) throw setupRefused('invalid signature');
      const payment = await call<Payment>(`/payments/${encodeURIComponent(paymentId)}`);
      if (payment.order_id !== setupId || (providerCustomerId && payment.customer_id && payment.customer_id !== providerCustomerId))
        throw setupRefused(NOT_THIS_SETUP);
      if (!payment.token_id || (payment.status !== 'captured' && payment.status !== 'authorized'))
        throw setupRefused(`the payment is ${payment.status}`);
      const customerId = payment.customer_id ?? providerCustomerId;
      if (!customerId) throw setupRefused('Razorpay named no customer');
      const customerPath = `/customers/${encodeURIComponent(customerId)}`;
      // Each recurring payment needs the payer's phone: the one given in Checkout is kept on the customer when it has none.
      const payer = await call<Payer>(customerPath);
      if (!payer.contact && payment.contact) await call(customerPath, { method: 'PUT', body: { contact: payment.contact } });
      const tokens = await call<Collection<Token>>(`${customerPath}/tokens`);
      const card = tokens.items?.find((t) => t.id === payment.token_id)?.card;
      // The authorisation amount goes back to the payer; a refund already made is not made again.
      if (payment.status === 'captured' && (payment.amount_refunded ?? 0) < payment.amount)
        await call(`/payments/${encodeURIComponent(payment.id)}/refund`, {
          method: 'POST',
          body: { amount: payment.amount - (payment.amount_refunded ?? 0), notes: { reason: 'Card authorisation for automatic payments' } },
        });
      return {
        providerCustomerId: customerId,
        providerMethodId: payment.token_id,
        brand: card?.network ?? 'card',
        last4: card?.last4 ?? null,
        expMonth: numberOrNull(card?.expiry_month),
        expYear: numberOrNull(card?.expiry_year),
      };
    },
    async charge(input) {
      if (!input.providerCustomerId || !input.providerMethodId) return { status: 'declined', reason: NO_METHOD, providerPaymentId: null };
      const receipt = await receiptOf(input.idempotencyKey);
      const { order, fresh } = await orderFor(receipt, input);
      if (!fresh) {
        // This attempt reached Razorpay before: its payment (the latest) is the outcome; none yet means it was never charged.
        const paid = await call<Collection<Payment>>(`/orders/${encodeURIComponent(order.id)}/payments`);
        const latest = [...(paid.items ?? [])].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0];
        if (latest) return outcomeOf(latest);
      }
      // Razorpay asks for the payer's email and phone on each recurring payment: the customer it holds has them.
      const payer = await call<Payer>(`/customers/${encodeURIComponent(input.providerCustomerId)}`);
      const created = await call<{ razorpay_payment_id?: string }>('/payments/create/recurring', {
        method: 'POST',
        raw: true,
        body: {
          email: payer.email,
          contact: payer.contact,
          amount: input.amountCents,
          currency: input.currency,
          order_id: order.id,
          customer_id: input.providerCustomerId,
          token: input.providerMethodId,
          recurring: '1',
          description: input.description.slice(0, 255),
          notes: { paymentRecordId: input.paymentRecordId, purchaseType: 'invoice', purchaseId: input.purchaseId },
        },
      });
      if (created.error) {
        const refused = created.error;
        return {
          status: 'declined',
          reason: refused.description ?? 'The payment failed',
          providerPaymentId: refused.metadata?.payment_id ?? null,
        };
      }
      if (!created.razorpay_payment_id) throw unavailable(UNREACHABLE);
      return outcomeOf(await call<Payment>(`/payments/${encodeURIComponent(created.razorpay_payment_id)}`));
    },
  };
}
