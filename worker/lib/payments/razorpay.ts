import type { AppConfig } from '#worker/config.ts';
import { badRequest, unavailable } from '#worker/lib/errors.ts';
import { WEBHOOK_STATE_TIMEOUT_MS, type PaymentGateway, type WebhookOutcome } from './gateway.ts';
import { hmacSha256Hex, verifyHmacHex } from './hmac.ts';

const API = 'https://api.razorpay.com/v1';
export const UNREACHABLE = 'The payment service could not be reached. Please try again.';

export type RazorpayError = {
  error?: { code?: string; description?: string; reason?: string; metadata?: { payment_id?: string; order_id?: string } };
};

export type RazorpayPayment = {
  id: string;
  order_id?: string;
  amount: number;
  amount_refunded?: number;
  currency: string;
  status: string;
  notes?: Record<string, string>;
};
type RazorpayEvent = {
  event?: string;
  payload?: {
    payment?: { entity?: RazorpayPayment };
    refund?: { entity?: { id: string; payment_id: string } };
    order?: { entity?: { id: string } };
  };
};

const EFFECTS: Record<string, WebhookOutcome['effect']> = {
  'payment.captured': 'succeeded',
  'order.paid': 'succeeded',
  'payment.failed': 'failed',
  'refund.processed': 'refunded',
};

/** Razorpay's REST API with Basic auth (key id and secret). */
export function razorpayClient(config: AppConfig, fetcher: typeof fetch) {
  const keyId = config.RAZORPAY_KEY_ID ?? '';
  const keySecret = config.RAZORPAY_KEY_SECRET ?? '';
  const auth = `Basic ${btoa(`${keyId}:${keySecret}`)}`;

  /** One JSON call; a network failure or 5xx is an outage (503); `raw` hands a 4xx answer (its `error`) back instead of throwing it. */
  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown; signal?: AbortSignal; raw?: boolean } = {},
  ): Promise<T & RazorpayError> {
    let res: Response;
    try {
      res = await fetcher(`${API}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: auth, 'content-type': 'application/json' },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    } catch {
      throw unavailable(UNREACHABLE);
    }
    const body = (await res.json().catch(() => ({}))) as T & RazorpayError;
    // Our own keys refused (401/403) is not the payer's problem either: an outage until the school fixes them.
    if (res.status >= 500 || (init.raw && (res.status === 401 || res.status === 403))) throw unavailable(UNREACHABLE);
    if (!res.ok && !init.raw) throw badRequest(`Payment refused by Razorpay: ${body.error?.description ?? res.status}`);
    return body;
  }

  return { call, keyId, keySecret };
}

/**
 * Razorpay over fetch with Basic auth: an Order per payment (amount in the currency's smallest unit),
 * the browser's Checkout widget (it needs `keyId` and the order id, so there is no checkout URL), the
 * payment signature HMAC-SHA256(key_secret, `order_id|payment_id`), and webhooks signed with
 * HMAC-SHA256(webhook_secret, raw body), told apart by the signed body's ids (X-Razorpay-Event-Id is not signed).
 */
export function razorpayGateway(config: AppConfig, _origin: string, fetcher: typeof fetch = (...a) => fetch(...a)): PaymentGateway {
  const { call, keyId, keySecret } = razorpayClient(config, fetcher);
  const webhookSecret = config.RAZORPAY_WEBHOOK_SECRET ?? '';

  /**
   * What a settling event means now: its snapshot may be a day-old retry of a payment refunded since, so
   * the payment's current state decides. Any failure to learn it is a 503, so Razorpay retries the event.
   */
  async function settlingEffect(paymentId: string): Promise<WebhookOutcome['effect']> {
    let now: RazorpayPayment;
    try {
      now = await call<RazorpayPayment>(`/payments/${encodeURIComponent(paymentId)}`, {
        signal: AbortSignal.timeout(WEBHOOK_STATE_TIMEOUT_MS),
      });
    } catch {
      throw unavailable(UNREACHABLE);
    }
    if (now.status === 'refunded' || (now.amount_refunded ?? 0) > 0) return 'refunded';
    if (now.status === 'captured') return 'succeeded';
    return now.status === 'failed' ? 'failed' : 'ignored';
  }

  return {
    name: 'razorpay',
    async create(input) {
      const order = await call<{ id: string }>('/orders', {
        method: 'POST',
        body: {
          amount: input.amountCents,
          currency: input.currency,
          receipt: input.paymentRecordId,
          notes: { paymentRecordId: input.paymentRecordId, purchaseType: input.purchaseType, purchaseId: input.purchaseId },
        },
      });
      return { sessionId: order.id, checkoutUrl: null, keyId };
    },
    async verify(proof, expected) {
      if (proof.sessionId !== expected.sessionId) return { ok: false, reason: 'The payment does not belong to this purchase' };
      if (!(await verifyHmacHex(keySecret, `${proof.sessionId}|${proof.paymentId}`, proof.signature)))
        return { ok: false, reason: 'Invalid payment signature' };
      const payment = await call<RazorpayPayment>(`/payments/${encodeURIComponent(proof.paymentId)}`);
      if (payment.order_id !== expected.sessionId || payment.amount !== expected.amountCents || payment.currency !== expected.currency)
        return { ok: false, reason: 'The payment does not match the amount due' };
      if (payment.status !== 'captured' && payment.status !== 'authorized')
        return { ok: false, reason: `The payment is ${payment.status}` };
      return { ok: true, providerPaymentId: payment.id };
    },
    async webhook({ rawBody, headers }) {
      const signature = headers.get('x-razorpay-signature') ?? '';
      if (!signature || !(await verifyHmacHex(webhookSecret, rawBody, signature))) throw badRequest('Invalid webhook signature');
      let event: RazorpayEvent;
      try {
        event = JSON.parse(rawBody) as RazorpayEvent;
      } catch {
        throw badRequest('Invalid webhook body');
      }
      const type = event.event ?? 'unknown';
      const payment = event.payload?.payment?.entity;
      const refund = event.payload?.refund?.entity;
      const paymentId = payment?.id ?? refund?.payment_id;
      const told = EFFECTS[type] ?? 'ignored';
      const effect = told !== 'succeeded' ? told : paymentId ? await settlingEffect(paymentId) : 'ignored';
      // A replay is told by what the signature covers: the event and its entity (each refund has its own id).
      const entityId = refund?.id ?? payment?.id ?? event.payload?.order?.entity?.id;
      return {
        eventId: `${type}:${entityId ?? (await hmacSha256Hex(webhookSecret, rawBody))}`,
        type,
        effect,
        ...(payment?.order_id
          ? { sessionId: payment.order_id }
          : event.payload?.order?.entity?.id
            ? { sessionId: event.payload.order.entity.id }
            : {}),
        ...(payment?.notes?.paymentRecordId ? { paymentRecordId: payment.notes.paymentRecordId } : {}),
        ...(paymentId ? { providerPaymentId: paymentId } : {}),
      };
    },
    async refund({ providerPaymentId, amountCents, reason }) {
      const refund = await call<{ id: string }>(`/payments/${encodeURIComponent(providerPaymentId)}/refund`, {
        method: 'POST',
        body: { amount: amountCents, notes: { reason: reason.slice(0, 250) } },
      });
      return { refundId: refund.id };
    },
  };
}
