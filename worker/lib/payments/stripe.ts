import Stripe from 'stripe';
import type { AppConfig } from '#worker/config.ts';
import { badRequest, unavailable } from '#worker/lib/errors.ts';
import { WEBHOOK_STATE_TIMEOUT_MS, type PaymentGateway, type WebhookOutcome } from './gateway.ts';

export const UNREACHABLE = 'The payment service could not be reached. Please try again.';

/** Stripe expands an id into its object only when asked; both forms carry the id. */
export const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? undefined));

/** The part of a Stripe call's failure the buyer may see: an outage (retry) or Stripe's own refusal. */
function providerError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const status = err.statusCode;
  // No status: the request never got an answer (network, timeout, unreadable body). 429 asks for a retry too.
  if (!status || status >= 500 || status === 429) return unavailable(UNREACHABLE);
  return badRequest(`Payment refused by Stripe: ${err.message}`);
}

export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw providerError(err);
  }
}

/** `session_id={CHECKOUT_SESSION_ID}` added as text: URL/URLSearchParams would escape the braces Stripe substitutes. */
export function withSessionIdParam(returnUrl: string): string {
  const hashAt = returnUrl.indexOf('#');
  const base = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : returnUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}session_id={CHECKOUT_SESSION_ID}${hash}`;
}

/** What a Checkout Session event says about our payment. */
function sessionOutcome(session: Stripe.Checkout.Session): Pick<WebhookOutcome, 'sessionId' | 'paymentRecordId' | 'providerPaymentId'> {
  const paymentRecordId = session.metadata?.paymentRecordId ?? session.client_reference_id ?? undefined;
  const providerPaymentId = idOf(session.payment_intent);
  return {
    sessionId: session.id,
    ...(paymentRecordId ? { paymentRecordId } : {}),
    ...(providerPaymentId ? { providerPaymentId } : {}),
  };
}

/** The official package in its Workers build, every request over `fetcher`. */
export const stripeClient = (config: AppConfig, fetcher: typeof fetch) =>
  new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    httpClient: Stripe.createFetchHttpClient(fetcher),
    // The caller (the buyer, Stripe's webhook retries, the renewal job) tries again; a retry here would only hold the request longer.
    maxNetworkRetries: 0,
    timeout: 20_000,
  });

/** What a PaymentIntent event says about our payment (its metadata is copied from Checkout or set by the vault's charge). */
function intentOutcome(intent: Stripe.PaymentIntent): Pick<WebhookOutcome, 'paymentRecordId' | 'providerPaymentId'> {
  const paymentRecordId = intent.metadata?.paymentRecordId;
  return { ...(paymentRecordId ? { paymentRecordId } : {}), providerPaymentId: intent.id };
}

/**
 * Stripe through its official package in its Workers build: requests go over `fetcher` (so tests stub
 * Stripe at fetch), webhooks are checked with WebCrypto. A Checkout Session per payment, its id brought
 * back on the success URL; verify asks Stripe for the session (the browser's proof carries no signature).
 */
export function stripeGateway(config: AppConfig, _origin: string, fetcher: typeof fetch = (...a) => fetch(...a)): PaymentGateway {
  const stripe = stripeClient(config, fetcher);
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? '';

  /**
   * What a settling event means now: a late retry may report a session whose payment was refunded since,
   * so the PaymentIntent and its charge as Stripe holds them decide. Failing to read them is a 503 (retried).
   */
  async function settled(outcome: Omit<WebhookOutcome, 'effect'>): Promise<WebhookOutcome> {
    if (!outcome.providerPaymentId) return { ...outcome, effect: 'ignored' };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(
        outcome.providerPaymentId,
        { expand: ['latest_charge'] },
        { timeout: WEBHOOK_STATE_TIMEOUT_MS },
      );
    } catch {
      throw unavailable(UNREACHABLE);
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    if (charge && charge.amount_refunded > 0) return { ...outcome, effect: 'refunded' };
    return { ...outcome, effect: intent.status === 'succeeded' ? 'succeeded' : 'ignored' };
  }

  return {
    name: 'stripe',
    async create(input) {
      const metadata = { paymentRecordId: input.paymentRecordId, purchaseType: input.purchaseType, purchaseId: input.purchaseId };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
                quantity: 1,
              },
            ],
            success_url: withSessionIdParam(input.returnUrl),
            cancel_url: input.cancelUrl,
            client_reference_id: input.paymentRecordId,
            metadata,
            // Copied onto the PaymentIntent so the payment (and its refunds) can be traced from Stripe's side too.
            payment_intent_data: { metadata },
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          },
          // One session per payments row, even if this request is sent twice.
          { idempotencyKey: input.paymentRecordId },
        ),
      );
      return { sessionId: session.id, checkoutUrl: session.url };
    },
    async verify(proof, expected) {
      if (proof.sessionId !== expected.sessionId) return { ok: false, reason: 'The payment does not belong to this purchase' };
      const session = await call(() => stripe.checkout.sessions.retrieve(expected.sessionId));
      if (session.payment_status !== 'paid') return { ok: false, reason: `The payment is ${session.payment_status}` };
      if (session.amount_total !== expected.amountCents || session.currency !== expected.currency.toLowerCase())
        return { ok: false, reason: 'The payment does not match the amount due' };
      const providerPaymentId = idOf(session.payment_intent);
      if (!providerPaymentId) return { ok: false, reason: 'Stripe reported no payment for this session' };
      return { ok: true, providerPaymentId };
    },
    async webhook({ rawBody, headers }) {
      const signature = headers.get('stripe-signature') ?? '';
      const tolerance = config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS;
      // Stripe's check refuses only a past time; a signed time ahead of ours by more than the tolerance is refused too.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? 0);
      if (signedAt > Date.now() / 1000 + tolerance) throw badRequest('Invalid webhook signature');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret, tolerance, cryptoProvider);
      } catch (err) {
        // A missing header, a forged or altered body and a timestamp past the tolerance all land here.
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest('Invalid webhook signature');
        if (err instanceof SyntaxError) throw badRequest('Invalid webhook body');
        throw err;
      }
      // Stripe delivers an event more than once with the same id: the id, recorded by the caller, stops a replay.
      const base = { eventId: event.id, type: event.type };
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          // Completed but unpaid: a delayed method (bank debit); async_payment_succeeded/failed follows.
          if (session.payment_status !== 'paid') return { ...base, effect: 'ignored', ...sessionOutcome(session) };
          return settled({ ...base, ...sessionOutcome(session) });
        }
        case 'checkout.session.async_payment_succeeded':
          return settled({ ...base, ...sessionOutcome(event.data.object) });
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return { ...base, effect: 'failed', ...sessionOutcome(event.data.object) };
        // Sent for Checkout payments too: settling is conditional on the payment's state, so whichever event comes second changes nothing.
        case 'payment_intent.succeeded':
          return settled({ ...base, ...intentOutcome(event.data.object) });
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          // In Checkout a refused card leaves the session open for another one: only an off-session charge's failure is final.
          const offSession = intent.metadata?.purchaseType === 'invoice';
          return { ...base, effect: offSession ? 'failed' : 'ignored', ...intentOutcome(intent) };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const providerPaymentId = idOf(charge.payment_intent);
          const paymentRecordId = charge.metadata?.paymentRecordId;
          return {
            ...base,
            effect: 'refunded',
            ...(paymentRecordId ? { paymentRecordId } : {}),
            ...(providerPaymentId ? { providerPaymentId } : {}),
          };
        }
        default:
          return { ...base, effect: 'ignored' };
      }
    },
    async refund({ providerPaymentId, amountCents, reason }) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: providerPaymentId, amount: amountCents, metadata: { reason: reason.slice(0, 500) } },
          // A repeated refund of the same payment and amount (a retry after a timeout) is the same refund.
          { idempotencyKey: `refund:${providerPaymentId}:${amountCents}` },
        ),
      );
      return { refundId: refund.id };
    },
  };
}
