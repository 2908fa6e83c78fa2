import type { AppConfig } from '#worker/config.ts';
import { AppError, badRequest, unavailable } from '#worker/lib/errors.ts';
import { WEBHOOK_STATE_TIMEOUT_MS, type PaymentGateway, type VerifiedPayment, type WebhookOutcome } from './gateway.ts';

export type Money = { currency_code: string; value: string };
export type Link = { href: string; rel: string; method?: string };
export type Capture = {
  id: string;
  status: string;
  amount?: Money;
  custom_id?: string;
  status_details?: { reason?: string };
  links?: Link[];
  supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } };
};
export type Order = {
  id: string;
  status: string;
  links?: Link[];
  purchase_units?: { reference_id?: string; custom_id?: string; payments?: { captures?: Capture[] } }[];
};
export type PayPalError = {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  // The OAuth endpoint answers in RFC 6749's shape instead.
  error?: string;
  error_description?: string;
};
type PayPalEvent = { id?: string; event_type?: string; resource?: Capture };

export const UNREACHABLE = 'The payment service could not be reached. Please try again.';
const INVALID_SIGNATURE = 'Invalid webhook signature';
/** PayPal's documented maximum lengths (purchase_unit.description, refund note_to_payer). */
const DESCRIPTION_MAX = 127;
const NOTE_TO_PAYER_MAX = 255;
/** A token is dropped this long before PayPal says it expires, so a request never carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;
const WEBHOOK_HEADERS = ['auth-algo', 'cert-url', 'transmission-id', 'transmission-sig', 'transmission-time'] as const;

const EFFECTS: Record<string, WebhookOutcome['effect']> = {
  'PAYMENT.CAPTURE.COMPLETED': 'succeeded',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  // We capture when the buyer comes back (verify); an approval alone moves no money.
  'CHECKOUT.ORDER.APPROVED': 'ignored',
};

/** A capture's current status (PENDING and anything else: not settled yet). */
const CAPTURE_NOW: Record<string, WebhookOutcome['effect']> = {
  COMPLETED: 'succeeded',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'refunded',
  DECLINED: 'failed',
  FAILED: 'failed',
};

/** Integer cents → PayPal's decimal string ("43.55"), by digits so no float ever rounds. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Invalid amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string → integer cents ("43.55" → 4355, "43.5" → 4350, "43" → 4300); null when it is not a plain amount. */
export function valueToCents(value: string | undefined): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cuts by code points so an emoji at the limit is not split in half. */
const clip = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('');

/** The capture a refund belongs to: its `up` link points at /v2/payments/captures/{id} (related_ids as a fallback). */
function refundedCaptureId(refund: Capture): string | undefined {
  const up = refund.links?.find((l) => l.rel === 'up')?.href;
  if (up) {
    try {
      const m = /\/v2\/payments\/captures\/([^/]+)\/?$/.exec(new URL(up).pathname);
      if (m) return decodeURIComponent(m[1]!);
    } catch {
      // A malformed link falls through to related_ids.
    }
  }
  return refund.supplementary_data?.related_ids?.capture_id;
}

/** PayPal's REST API with an OAuth2 client-credentials token (cached in this closure until shortly before it expires). */
export function paypalClient(config: AppConfig, fetcher: typeof fetch) {
  const base = config.PAYPAL_API_BASE.replace(/\/+$/, '');
  const basic = `Basic ${btoa(`${config.PAYPAL_CLIENT_ID ?? ''}:${config.PAYPAL_CLIENT_SECRET ?? ''}`)}`;
  // The promise is cached, not the token, so calls made at the same time share one token request.
  let token: { value: Promise<string>; expiresAt: number } | undefined;

  /** One request; a network failure, 429 or 5xx is PayPal being unavailable (503), other answers go back to the caller. */
  async function send<T>(path: string, init: RequestInit): Promise<{ status: number; body: T & PayPalError }> {
    let res: Response;
    try {
      res = await fetcher(`${base}${path}`, init);
    } catch {
      throw unavailable(UNREACHABLE);
    }
    const body = (await res.json().catch(() => ({}))) as T & PayPalError;
    if (res.status >= 500 || res.status === 429) throw unavailable(UNREACHABLE);
    return { status: res.status, body };
  }

  const refusal = (body: PayPalError, status: number) =>
    badRequest(`Payment refused by PayPal: ${body.details?.[0]?.description ?? body.message ?? body.error_description ?? status}`);

  async function requestToken(): Promise<{ value: string; lifetimeMs: number }> {
    const { status, body } = await send<{ access_token?: string; expires_in?: number }>('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (status >= 400 || !body.access_token) throw refusal(body, status);
    return { value: body.access_token, lifetimeMs: (body.expires_in ?? 0) * 1000 };
  }

  function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    const pending = requestToken();
    const entry = { value: pending.then((t) => t.value), expiresAt: Number.POSITIVE_INFINITY };
    token = entry;
    pending.then(
      (t) => {
        if (token === entry) entry.expiresAt = Date.now() + t.lifetimeMs - TOKEN_MARGIN_MS;
      },
      // A failed token request is not kept: the next call asks again.
      () => {
        if (token === entry) token = undefined;
      },
    );
    return entry.value;
  }

  /** An authenticated JSON call; `raw` returns a 4xx answer to the caller instead of throwing it. */
  async function call<T>(
    path: string,
    init: {
      method?: string;
      body?: unknown;
      rawBody?: string;
      requestId?: string;
      representation?: boolean;
      raw?: boolean;
      signal?: AbortSignal;
    } = {},
  ): Promise<{ status: number; body: T & PayPalError }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (init.requestId) headers['paypal-request-id'] = init.requestId;
    // Capture answers with only id/status/links by default; the amounts are what verify checks.
    if (init.representation) headers.prefer = 'return=representation';
    const body = init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined);
    const answer = await send<T>(path, {
      method: init.method ?? 'GET',
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    if (answer.status >= 400 && !init.raw) throw refusal(answer.body, answer.status);
    return answer;
  }

  return { call, refusal };
}

/**
 * PayPal REST over fetch: an OAuth2 client-credentials token (cached in this closure until shortly
 * before it expires), an Orders v2 order per payment that the buyer approves at the `payer-action`
 * link, the capture done by `verify` when the buyer comes back with `?token=<orderId>` (the browser's
 * proof carries no signature, so only PayPal's answer counts), webhooks checked by PayPal's own
 * verify-webhook-signature endpoint, and refunds of the capture.
 */
export function paypalGateway(config: AppConfig, _origin: string, fetcher: typeof fetch = (...a) => fetch(...a)): PaymentGateway {
  const { call, refusal } = paypalClient(config, fetcher);
  const webhookId = config.PAYPAL_WEBHOOK_ID ?? '';
  const toleranceMs = config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS * 1000;

  /** The order's capture checked against what we expect; everything comes from PayPal, nothing from the browser. */
  function judge(order: Order, expected: { sessionId: string; amountCents: number; currency: string }): VerifiedPayment {
    if (order.id !== expected.sessionId) return { ok: false, reason: 'The payment does not belong to this purchase' };
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) return { ok: false, reason: `The PayPal order is ${order.status ?? 'not captured'}` };
    if (valueToCents(capture.amount?.value) !== expected.amountCents || capture.amount?.currency_code !== expected.currency.toUpperCase())
      return { ok: false, reason: 'The payment does not match the amount due' };
    if (order.status !== 'COMPLETED' || capture.status !== 'COMPLETED')
      return { ok: false, reason: `The PayPal payment is ${capture.status === 'COMPLETED' ? order.status : capture.status}` };
    return { ok: true, providerPaymentId: capture.id };
  }

  /**
   * What a completed capture means now: a late retry may report a capture refunded since, so the capture
   * as PayPal holds it decides. Failing to read it is a 503, so PayPal retries the event.
   */
  async function settlingEffect(captureId: string): Promise<WebhookOutcome['effect']> {
    let now: Capture;
    try {
      now = (
        await call<Capture>(`/v2/payments/captures/${encodeURIComponent(captureId)}`, {
          signal: AbortSignal.timeout(WEBHOOK_STATE_TIMEOUT_MS),
        })
      ).body;
    } catch {
      throw unavailable(UNREACHABLE);
    }
    return CAPTURE_NOW[now.status] ?? 'ignored';
  }

  return {
    name: 'paypal',
    async create(input) {
      const description = clip(input.description, DESCRIPTION_MAX);
      const { body: order } = await call<Order>('/v2/checkout/orders', {
        method: 'POST',
        // Our payment row id: a retried create returns the same order instead of opening a second one.
        requestId: input.paymentRecordId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.purchaseId,
              custom_id: input.paymentRecordId,
              invoice_id: input.paymentRecordId,
              ...(description ? { description } : {}),
              amount: { currency_code: input.currency.toUpperCase(), value: centsToValue(input.amountCents) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
      });
      // With payment_source PayPal names the buyer's link `payer-action`; without it, `approve`.
      const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
      if (!order.id || !link) throw unavailable(UNREACHABLE);
      return { sessionId: order.id, checkoutUrl: link.href };
    },
    async verify(proof, expected) {
      if (proof.sessionId !== expected.sessionId) return { ok: false, reason: 'The payment does not belong to this purchase' };
      const path = `/v2/checkout/orders/${encodeURIComponent(expected.sessionId)}`;
      // The request id makes a repeated verify (double click, the browser retrying) replay PayPal's first answer.
      const captured = await call<Order>(`${path}/capture`, {
        method: 'POST',
        body: {},
        requestId: `capture-${expected.sessionId}`,
        representation: true,
        raw: true,
      });
      let order = captured.body;
      if (captured.status >= 400) {
        // Captured earlier (e.g. under another request id): read the order as it stands.
        if (captured.status !== 422 || !captured.body.details?.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED'))
          throw refusal(captured.body, captured.status);
        order = (await call<Order>(path)).body;
      }
      return judge(order, expected);
    },
    async webhook({ rawBody, headers }) {
      const values = WEBHOOK_HEADERS.map((h) => headers.get(`paypal-${h}`)?.trim() ?? '');
      if (values.some((v) => !v)) throw badRequest(INVALID_SIGNATURE);
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as [string, string, string, string, string];
      // PayPal's signature has no timestamp of its own to check; its transmission time bounds a replay.
      const sentAt = Date.parse(transmissionTime);
      if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > toleranceMs) throw badRequest(INVALID_SIGNATURE);
      let event: PayPalEvent;
      try {
        event = JSON.parse(rawBody) as PayPalEvent;
      } catch {
        throw badRequest(INVALID_SIGNATURE);
      }
      if (!event || typeof event !== 'object' || Array.isArray(event)) throw badRequest(INVALID_SIGNATURE);
      // The event goes back byte for byte: PayPal signs the body it sent, and re-serialising it could change it.
      const request = JSON.stringify({
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: webhookId,
        webhook_event: null,
      }).replace(/"webhook_event":null}$/, () => `"webhook_event":${rawBody.trim()}}`);
      let status: string | undefined;
      try {
        const answer = await call<{ verification_status?: string }>('/v1/notifications/verify-webhook-signature', {
          method: 'POST',
          rawBody: request,
        });
        status = answer.body.verification_status;
      } catch (err) {
        // PayPal rejects malformed signature headers with a 400: that is a bad signature, not a refused payment.
        if (err instanceof AppError && err.status === 400) throw badRequest(INVALID_SIGNATURE);
        throw err;
      }
      if (status !== 'SUCCESS') throw badRequest(INVALID_SIGNATURE);
      if (!event.id) throw badRequest('Invalid webhook body');

      const type = event.event_type ?? 'unknown';
      const effect = EFFECTS[type] ?? 'ignored';
      const resource = event.resource;
      const orderId = resource?.supplementary_data?.related_ids?.order_id;
      if (type === 'PAYMENT.CAPTURE.REFUNDED') {
        // The resource is the refund: its id is not our capture's, and its custom_id is not ours to trust,
        // so the payment is found by the capture it points `up` to (and the order, when PayPal names it).
        const captureId = resource ? refundedCaptureId(resource) : undefined;
        return {
          eventId: event.id,
          type,
          effect,
          ...(orderId ? { sessionId: orderId } : {}),
          ...(captureId ? { providerPaymentId: captureId } : {}),
        };
      }
      const isCapture = type.startsWith('PAYMENT.CAPTURE.');
      return {
        eventId: event.id,
        type,
        effect: effect !== 'succeeded' ? effect : resource?.id ? await settlingEffect(resource.id) : 'ignored',
        ...(isCapture && orderId ? { sessionId: orderId } : {}),
        ...(isCapture && resource?.custom_id ? { paymentRecordId: resource.custom_id } : {}),
        ...(isCapture && resource?.id ? { providerPaymentId: resource.id } : {}),
      };
    },
    async refund({ providerPaymentId, amountCents, currency, reason }) {
      const note = clip(reason, NOTE_TO_PAYER_MAX);
      const { body } = await call<{ id: string }>(`/v2/payments/captures/${encodeURIComponent(providerPaymentId)}/refund`, {
        method: 'POST',
        // Same capture and amount: a retry returns the first refund instead of refunding twice.
        requestId: `refund-${providerPaymentId}-${amountCents}`,
        body: {
          amount: { value: centsToValue(amountCents), currency_code: currency.toUpperCase() },
          ...(note ? { note_to_payer: note } : {}),
        },
      });
      return { refundId: body.id };
    },
  };
}
