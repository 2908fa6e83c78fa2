import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { CreatePaymentInput } from './gateway.ts';
import { stripeGateway } from './stripe.ts';

const SECRETS = { STRIPE_SECRET_KEY: 'sk_test_secret-key-of-the-test', STRIPE_WEBHOOK_SECRET: 'whsec_webhook-secret-of-the-test' };
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });

type Call = { method: string; url: URL; headers: Headers; form: URLSearchParams };

/**
 * Stripe stubbed at fetch with its documented shapes; every request is kept for the assertions. Stripe
 * sends form-encoded bodies (`line_items[0][quantity]=1`), read back here with URLSearchParams.
 */
function stub(routes: Record<string, (form: URLSearchParams) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, url, headers: new Headers(init?.headers), form });
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    const [status, answer] = route
      ? route(form)
      : [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${key})` } }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  }) as typeof fetch;
  return { fetcher, calls };
}

const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentRecordId: 'pay1',
  amountCents: 4355,
  currency: 'CAD',
  purchaseType: 'order',
  purchaseId: 'o1',
  description: 'Order #1042',
  customerEmail: 'buyer@example.com',
  returnUrl: 'http://dojo.test/shop/order-complete?orderId=o1',
  cancelUrl: 'http://dojo.test/checkout?cancelled=o1',
  ...over,
});

/** A Checkout Session as Stripe returns it (API reference, "The Checkout Session object"). */
const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1B2c3',
  object: 'checkout.session',
  amount_subtotal: 4355,
  amount_total: 4355,
  cancel_url: 'http://dojo.test/checkout?cancelled=o1',
  client_reference_id: 'pay1',
  created: 1_795_000_000,
  currency: 'cad',
  customer_email: 'buyer@example.com',
  expires_at: 1_795_086_400,
  livemode: false,
  metadata: { paymentRecordId: 'pay1', purchaseType: 'order', purchaseId: 'o1' },
  mode: 'payment',
  payment_intent: 'pi_3PqR',
  payment_status: 'paid',
  status: 'complete',
  success_url: 'http://dojo.test/shop/order-complete?orderId=o1&session_id={CHECKOUT_SESSION_ID}',
  url: null,
  ...over,
});

/** A PaymentIntent as Stripe returns it with `expand[]=latest_charge` (API reference, "The PaymentIntent object"). */
const intent = (status = 'succeeded', amountRefunded = 0) => ({
  id: 'pi_3PqR',
  object: 'payment_intent',
  amount: 4355,
  amount_received: status === 'succeeded' ? 4355 : 0,
  currency: 'cad',
  metadata: { paymentRecordId: 'pay1', purchaseType: 'order', purchaseId: 'o1' },
  status,
  latest_charge: {
    id: 'ch_3PqR',
    object: 'charge',
    amount: 4355,
    amount_refunded: amountRefunded,
    currency: 'cad',
    paid: status === 'succeeded',
    payment_intent: 'pi_3PqR',
    refunded: amountRefunded === 4355,
    status: status === 'succeeded' ? 'succeeded' : 'pending',
  },
});
const INTENT = 'GET /v1/payment_intents/pi_3PqR';

const expected = { sessionId: 'cs_test_a1B2c3', amountCents: 4355, currency: 'CAD' };
const proof = { sessionId: 'cs_test_a1B2c3', paymentId: '', signature: '' };

/** An Event as Stripe delivers it to a webhook endpoint. */
const event = (type: string, object: unknown, id = 'evt_1') =>
  JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: 1_795_000_100,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The Stripe-Signature header as Stripe documents it: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
async function signatureHeader(rawBody: string, { secret = SECRETS.STRIPE_WEBHOOK_SECRET, ageSeconds = 0 } = {}) {
  const t = Math.floor(Date.now() / 1000) - ageSeconds;
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `t=${t},v1=${toHex(await crypto.subtle.sign('HMAC', key, enc.encode(`${t}.${rawBody}`)))}`;
}

const signed = async (rawBody: string, opts?: Parameters<typeof signatureHeader>[1]) => ({
  rawBody,
  headers: new Headers({ 'stripe-signature': await signatureHeader(rawBody, opts) }),
});

describe('the Stripe adapter', () => {
  it('creates a Checkout Session for one line item, keyed by the payment row, with the session id template on the success URL', async () => {
    const { fetcher, calls } = stub({
      'POST /v1/checkout/sessions': () => [
        200,
        session({
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
        }),
      ],
    });
    const gw = stripeGateway(config(), 'http://dojo.test', fetcher);
    expect(gw.name).toBe('stripe');
    expect(await gw.create(input())).toEqual({
      sessionId: 'cs_test_a1B2c3',
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url.href).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(call!.headers.get('authorization')).toBe(`Bearer ${SECRETS.STRIPE_SECRET_KEY}`);
    expect(call!.headers.get('idempotency-key')).toBe('pay1');
    expect(call!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(call!.form)).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'cad',
      'line_items[0][price_data][unit_amount]': '4355',
      'line_items[0][price_data][product_data][name]': 'Order #1042',
      'line_items[0][quantity]': '1',
      success_url: 'http://dojo.test/shop/order-complete?orderId=o1&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://dojo.test/checkout?cancelled=o1',
      client_reference_id: 'pay1',
      'metadata[paymentRecordId]': 'pay1',
      'metadata[purchaseType]': 'order',
      'metadata[purchaseId]': 'o1',
      'payment_intent_data[metadata][paymentRecordId]': 'pay1',
      'payment_intent_data[metadata][purchaseType]': 'order',
      'payment_intent_data[metadata][purchaseId]': 'o1',
      customer_email: 'buyer@example.com',
    });
  });

  it('starts the query string when the return URL has none, and leaves out an unknown email', async () => {
    const { fetcher, calls } = stub({ 'POST /v1/checkout/sessions': () => [200, session({ url: 'https://checkout.stripe.com/c/pay/x' })] });
    const gw = stripeGateway(config(), 'http://dojo.test', fetcher);
    await gw.create(input({ paymentRecordId: 'pay2', returnUrl: 'http://dojo.test/paid', customerEmail: null }));
    expect(calls[0]!.form.get('success_url')).toBe('http://dojo.test/paid?session_id={CHECKOUT_SESSION_ID}');
    expect(calls[0]!.form.has('customer_email')).toBe(false);
    expect(calls[0]!.headers.get('idempotency-key')).toBe('pay2');
  });

  it('verifies by asking Stripe for the session: paid, in the amount and currency due, and names its PaymentIntent', async () => {
    const { fetcher, calls } = stub({ 'GET /v1/checkout/sessions/cs_test_a1B2c3': () => [200, session()] });
    const gw = stripeGateway(config(), 'http://dojo.test', fetcher);
    expect(await gw.verify(proof, expected)).toEqual({ ok: true, providerPaymentId: 'pi_3PqR' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe('/v1/checkout/sessions/cs_test_a1B2c3');
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${SECRETS.STRIPE_SECRET_KEY}`);

    const expanded = stub({
      'GET /v1/checkout/sessions/cs_test_a1B2c3': () => [200, session({ payment_intent: { id: 'pi_3PqR', object: 'payment_intent' } })],
    });
    expect(await stripeGateway(config(), 'http://dojo.test', expanded.fetcher).verify(proof, expected)).toEqual({
      ok: true,
      providerPaymentId: 'pi_3PqR',
    });
  });

  it('refuses an unpaid session, another amount or currency, and a session of another purchase', async () => {
    const answering = (over: Record<string, unknown>) =>
      stripeGateway(config(), 'http://dojo.test', stub({ 'GET /v1/checkout/sessions/cs_test_a1B2c3': () => [200, session(over)] }).fetcher);
    expect(await answering({ payment_status: 'unpaid', status: 'open', payment_intent: null }).verify(proof, expected)).toEqual({
      ok: false,
      reason: 'The payment is unpaid',
    });
    expect(await answering({ amount_total: 100 }).verify(proof, expected)).toEqual({
      ok: false,
      reason: 'The payment does not match the amount due',
    });
    expect(await answering({ currency: 'usd' }).verify(proof, expected)).toEqual({
      ok: false,
      reason: 'The payment does not match the amount due',
    });

    const { fetcher, calls } = stub({ 'GET /v1/checkout/sessions/cs_test_other': () => [200, session({ id: 'cs_test_other' })] });
    expect(await stripeGateway(config(), 'http://dojo.test', fetcher).verify({ ...proof, sessionId: 'cs_test_other' }, expected)).toEqual({
      ok: false,
      reason: 'The payment does not belong to this purchase',
    });
    expect(calls).toHaveLength(0);
  });

  it('reads signed Checkout and refund events and ignores the rest', async () => {
    const { fetcher, calls } = stub({ [INTENT]: () => [200, intent()] });
    const gw = stripeGateway(config(), 'http://dojo.test', fetcher);
    const ids = { sessionId: 'cs_test_a1B2c3', paymentRecordId: 'pay1', providerPaymentId: 'pi_3PqR' };

    expect(await gw.webhook(await signed(event('checkout.session.completed', session())))).toEqual({
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      effect: 'succeeded',
      ...ids,
    });
    // A delayed method (bank debit) completes the session unpaid; the money is not there yet.
    expect(
      await gw.webhook(await signed(event('checkout.session.completed', session({ payment_status: 'unpaid' }), 'evt_2'))),
    ).toMatchObject({ eventId: 'evt_2', effect: 'ignored' });
    expect(await gw.webhook(await signed(event('checkout.session.async_payment_succeeded', session(), 'evt_3')))).toEqual({
      eventId: 'evt_3',
      type: 'checkout.session.async_payment_succeeded',
      effect: 'succeeded',
      ...ids,
    });
    expect(
      await gw.webhook(await signed(event('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }), 'evt_4'))),
    ).toEqual({ eventId: 'evt_4', type: 'checkout.session.async_payment_failed', effect: 'failed', ...ids });
    // An expired session has no PaymentIntent; our row is found by the session id or the metadata.
    const expired = session({ status: 'expired', payment_status: 'unpaid', payment_intent: null, metadata: {} });
    expect(await gw.webhook(await signed(event('checkout.session.expired', expired, 'evt_5')))).toEqual({
      eventId: 'evt_5',
      type: 'checkout.session.expired',
      effect: 'failed',
      sessionId: 'cs_test_a1B2c3',
      paymentRecordId: 'pay1',
    });
    const charge = {
      id: 'ch_3PqR',
      object: 'charge',
      amount: 4355,
      amount_refunded: 4355,
      currency: 'cad',
      metadata: {},
      paid: true,
      payment_intent: 'pi_3PqR',
      refunded: true,
      status: 'succeeded',
    };
    expect(await gw.webhook(await signed(event('charge.refunded', charge, 'evt_6')))).toEqual({
      eventId: 'evt_6',
      type: 'charge.refunded',
      effect: 'refunded',
      providerPaymentId: 'pi_3PqR',
    });
    expect(
      await gw.webhook(await signed(event('customer.created', { id: 'cus_1', object: 'customer', email: 'buyer@example.com' }, 'evt_7'))),
    ).toEqual({ eventId: 'evt_7', type: 'customer.created', effect: 'ignored' });
    // The signature is checked locally; only the two settling events read the PaymentIntent as it is now.
    expect(calls.map((c) => `${c.method} ${c.url.pathname} ${c.url.searchParams.get('expand[0]')}`)).toEqual([
      `${INTENT} latest_charge`,
      `${INTENT} latest_charge`,
    ]);
  });

  it("reads an off-session charge's payment_intent events: succeeded re-reads the intent, a failure fails it, a Checkout attempt's failure is ignored", async () => {
    const { fetcher, calls } = stub({ [INTENT]: () => [200, intent()] });
    const gw = stripeGateway(config(), 'http://dojo.test', fetcher);
    const offSession = {
      ...intent(),
      latest_charge: 'ch_3PqR',
      metadata: { paymentRecordId: 'pay9', purchaseType: 'invoice', purchaseId: 'inv1' },
    };
    expect(await gw.webhook(await signed(event('payment_intent.succeeded', offSession, 'evt_pi1')))).toEqual({
      eventId: 'evt_pi1',
      type: 'payment_intent.succeeded',
      effect: 'succeeded',
      paymentRecordId: 'pay9',
      providerPaymentId: 'pi_3PqR',
    });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([INTENT]);

    const declined = {
      ...offSession,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    };
    expect(await gw.webhook(await signed(event('payment_intent.payment_failed', declined, 'evt_pi2')))).toEqual({
      eventId: 'evt_pi2',
      type: 'payment_intent.payment_failed',
      effect: 'failed',
      paymentRecordId: 'pay9',
      providerPaymentId: 'pi_3PqR',
    });
    // A card refused inside Checkout: the buyer may still pay the same session with another card.
    const inCheckout = { ...declined, metadata: { paymentRecordId: 'pay1', purchaseType: 'order', purchaseId: 'o1' } };
    expect(await gw.webhook(await signed(event('payment_intent.payment_failed', inCheckout, 'evt_pi3')))).toMatchObject({
      effect: 'ignored',
      paymentRecordId: 'pay1',
    });
    // Failures are taken as told; only success is read back from Stripe.
    expect(calls).toHaveLength(1);

    const refundedSince = stripeGateway(config(), 'http://dojo.test', stub({ [INTENT]: () => [200, intent('succeeded', 8500)] }).fetcher);
    expect(await refundedSince.webhook(await signed(event('payment_intent.succeeded', offSession, 'evt_pi4')))).toMatchObject({
      effect: 'refunded',
    });
  });

  it('settles a paid session by its PaymentIntent as Stripe holds it now, and answers 503 when Stripe cannot say', async () => {
    const body = event('checkout.session.completed', session());
    const effect = async (answer: [number, unknown]) => {
      const gw = stripeGateway(config(), 'http://dojo.test', stub({ [INTENT]: () => answer }).fetcher);
      return (await gw.webhook(await signed(body))).effect;
    };
    // Refunded from Stripe's dashboard before the school heard of it, wholly or in part.
    expect(await effect([200, intent('succeeded', 4355)])).toBe('refunded');
    expect(await effect([200, intent('succeeded', 1000)])).toBe('refunded');
    expect(await effect([200, intent('processing')])).toBe('ignored');
    await expect(effect([500, { error: { type: 'api_error', message: 'down' } }])).rejects.toMatchObject({ status: 503 });
    await expect(effect([401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } }])).rejects.toMatchObject({
      status: 503,
    });
    const hung = (async (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_ok, fail) => init?.signal?.addEventListener('abort', () => fail(init.signal?.reason)))) as typeof fetch;
    const slow = stripeGateway(config(), 'http://dojo.test', hung).webhook(await signed(body));
    await expect(slow).rejects.toMatchObject({ status: 503 });
  });

  it('refuses a wrong signature, a tampered body, a missing header and a delivery dated over five minutes away, past or future', async () => {
    const gw = stripeGateway(config(), 'http://dojo.test', stub({ [INTENT]: () => [200, intent()] }).fetcher);
    const body = event('checkout.session.completed', session());
    const refused = async (request: { rawBody: string; headers: Headers }) => {
      const attempt = gw.webhook(request);
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ status: 400, message: 'Invalid webhook signature' });
    };
    await refused(await signed(body, { secret: 'whsec_someone-else' }));
    const genuine = await signed(body);
    await refused({ rawBody: body.replace('"amount_total":4355', '"amount_total":1'), headers: genuine.headers });
    await refused({ rawBody: body, headers: new Headers() });
    await refused(await signed(body, { ageSeconds: 600 }));
    await refused(await signed(body, { ageSeconds: -600 }));
    // Inside the window the same body is accepted: the age, not the signing, refused it above.
    expect(await gw.webhook(await signed(body, { ageSeconds: 240 }))).toMatchObject({ effect: 'succeeded' });
    expect(await gw.webhook(await signed(body, { ageSeconds: -240 }))).toMatchObject({ effect: 'succeeded' });
  });

  it('refunds the PaymentIntent with an idempotency key and the reason as metadata', async () => {
    const { fetcher, calls } = stub({
      'POST /v1/refunds': (form) => [
        200,
        {
          id: 're_3PqR',
          object: 'refund',
          amount: Number(form.get('amount')),
          charge: 'ch_3PqR',
          currency: 'cad',
          metadata: { reason: form.get('metadata[reason]') },
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        },
      ],
    });
    const gw = stripeGateway(config(), 'http://dojo.test', fetcher);
    expect(
      await gw.refund({
        providerPaymentId: 'pi_3PqR',
        sessionId: 'cs_test_a1B2c3',
        amountCents: 4355,
        currency: 'CAD',
        reason: 'Cancelled by user',
      }),
    ).toEqual({ refundId: 're_3PqR' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/v1/refunds');
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${SECRETS.STRIPE_SECRET_KEY}`);
    expect(calls[0]!.headers.get('idempotency-key')).toBe('refund:pi_3PqR:4355');
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      payment_intent: 'pi_3PqR',
      amount: '4355',
      'metadata[reason]': 'Cancelled by user',
    });
  });

  it('maps a Stripe outage, its rate limit or an unreachable Stripe to 503, without retrying', async () => {
    const down = stub({
      'POST /v1/checkout/sessions': () => [500, { error: { type: 'api_error', message: 'An unknown error occurred' } }],
    });
    const attempt = stripeGateway(config(), 'http://dojo.test', down.fetcher).create(input());
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      status: 503,
      message: 'The payment service could not be reached. Please try again.',
    });
    expect(down.calls).toHaveLength(1);

    // Too many requests is Stripe asking for a later retry, not a refusal of the payment.
    const busy = stub({
      'POST /v1/checkout/sessions': () => [
        429,
        { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } },
      ],
    });
    await expect(stripeGateway(config(), 'http://dojo.test', busy.fetcher).create(input())).rejects.toMatchObject({ status: 503 });

    let tries = 0;
    const offline = (async () => {
      tries++;
      throw new TypeError('Network connection lost.');
    }) as typeof fetch;
    await expect(stripeGateway(config(), 'http://dojo.test', offline).verify(proof, expected)).rejects.toMatchObject({
      status: 503,
      message: 'The payment service could not be reached. Please try again.',
    });
    expect(tries).toBe(1);
  });

  it("maps Stripe's refusal to 400 with Stripe's message", async () => {
    const message = 'This PaymentIntent does not have a successful charge to refund.';
    const { fetcher } = stub({
      'POST /v1/refunds': () => [400, { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message } }],
    });
    const attempt = stripeGateway(config(), 'http://dojo.test', fetcher).refund({
      providerPaymentId: 'pi_3PqR',
      sessionId: 'cs_test_a1B2c3',
      amountCents: 4355,
      currency: 'CAD',
      reason: 'Cancelled by user',
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 400, message: `Payment refused by Stripe: ${message}` });
  });
});
