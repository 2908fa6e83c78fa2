import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { CreatePaymentInput } from './gateway.ts';
import { centsToValue, paypalGateway, valueToCents } from './paypal.ts';

const SECRETS = {
  PAYPAL_CLIENT_ID: 'AbcClientIdOfTheTest',
  PAYPAL_CLIENT_SECRET: 'secret-of-the-test',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
};
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });
const BASE = 'https://api-m.sandbox.paypal.com';
const ORDER_ID = '5O190127TN364715T';
const CAPTURE_ID = '3C679366HH908993F';
const BASIC = `Basic ${btoa(`${SECRETS.PAYPAL_CLIENT_ID}:${SECRETS.PAYPAL_CLIENT_SECRET}`)}`;

type Call = { method: string; url: string; path: string; headers: Headers; raw: string; body: any };
type Route = (call: Call) => [number, unknown];

/** PayPal stubbed at fetch with its documented shapes; every request is kept for the assertions. */
function paypal(routes: Record<string, Route> = {}) {
  const calls: Call[] = [];
  let issued = 0;
  const all: Record<string, Route> = {
    'POST /v1/oauth2/token': () => [
      200,
      {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: `A21AAToken${++issued}`,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32_400,
        nonce: '2026-01-01T00:00:00Zabc',
      },
    ],
    ...routes,
  };
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const raw = init?.body ? String(init.body) : '';
    let body: any = raw || undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // The token request is form-encoded; it stays a string.
    }
    const call: Call = { method: init?.method ?? 'GET', url: url.href, path: url.pathname, headers: new Headers(init?.headers), raw, body };
    calls.push(call);
    const route = all[`${call.method} ${call.path}`];
    const [status, answer] = route
      ? route(call)
      : [404, { name: 'RESOURCE_NOT_FOUND', message: `no stub for ${call.method} ${call.path}` }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return {
    fetcher,
    calls,
    tokens: () => calls.filter((c) => c.path === '/v1/oauth2/token'),
    api: () => calls.filter((c) => c.path !== '/v1/oauth2/token'),
  };
}

const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  paymentRecordId: 'pay1',
  amountCents: 4355,
  currency: 'CAD',
  purchaseType: 'order',
  purchaseId: 'o1',
  description: 'Order o1',
  customerEmail: 'buyer@example.com',
  returnUrl: 'http://dojo.test/shop/orders/o1/paid',
  cancelUrl: 'http://dojo.test/shop/orders/o1',
  ...over,
});

const expected = { sessionId: ORDER_ID, amountCents: 4355, currency: 'CAD' };
const proof = { sessionId: ORDER_ID, paymentId: 'PAYERID123', signature: '' };

/** An order as PayPal answers capture (Prefer: return=representation) and GET. */
function capturedOrder(capture: { status?: string; value?: string; currency?: string } = {}, orderStatus = 'COMPLETED') {
  return {
    id: ORDER_ID,
    intent: 'CAPTURE',
    status: orderStatus,
    payment_source: { paypal: { email_address: 'buyer@example.com', account_id: 'QYR5Z8XDVJNXQ' } },
    purchase_units: [
      {
        reference_id: 'o1',
        payments: {
          captures: [
            {
              id: CAPTURE_ID,
              status: capture.status ?? 'COMPLETED',
              amount: { currency_code: capture.currency ?? 'CAD', value: capture.value ?? '43.55' },
              final_capture: true,
              custom_id: 'pay1',
              invoice_id: 'pay1',
              create_time: '2026-01-01T00:00:00Z',
              links: [
                { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: 'self', method: 'GET' },
                { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}/refund`, rel: 'refund', method: 'POST' },
                { href: `${BASE}/v2/checkout/orders/${ORDER_ID}`, rel: 'up', method: 'GET' },
              ],
            },
          ],
        },
      },
    ],
    links: [{ href: `${BASE}/v2/checkout/orders/${ORDER_ID}`, rel: 'self', method: 'GET' }],
  };
}

const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: 'f1b2c3d4e5',
  details: [{ issue, description }],
});

describe('PayPal amounts', () => {
  it('writes cents as a two-place decimal string and reads it back by digits, not by float', () => {
    expect([4355, 5, 100, 50, 99_999_999].map(centsToValue)).toEqual(['43.55', '0.05', '1.00', '0.50', '999999.99']);
    // 4.35 * 100 is 434.99999999999994 in floating point: the string is parsed digit by digit.
    expect(['43.55', '4.35', '0.07', '43.5', '43', '1.10', '999999.99'].map(valueToCents)).toEqual([
      4355, 435, 7, 4350, 4300, 110, 99_999_999,
    ]);
    expect(['', '1.234', '-1.00', '1e3', 'abc', ' 1.00'].map(valueToCents)).toEqual([null, null, null, null, null, null]);
    expect(() => centsToValue(43.5)).toThrow();
  });
});

describe('the PayPal adapter', () => {
  it('creates a CAPTURE order with Bearer auth from one Basic-auth token request and returns the payer-action link', async () => {
    const pp = paypal({
      'POST /v2/checkout/orders': () => [
        200,
        {
          id: ORDER_ID,
          status: 'PAYER_ACTION_REQUIRED',
          payment_source: { paypal: {} },
          links: [
            { href: `${BASE}/v2/checkout/orders/${ORDER_ID}`, rel: 'self', method: 'GET' },
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`, rel: 'payer-action', method: 'GET' },
          ],
        },
      ],
    });
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    expect(gw.name).toBe('paypal');
    const created = await gw.create(input({ description: `  ${'x'.repeat(200)}` }));
    expect(created).toEqual({ sessionId: ORDER_ID, checkoutUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}` });

    const [tokenCall, orderCall] = pp.calls;
    expect(tokenCall).toMatchObject({ method: 'POST', url: `${BASE}/v1/oauth2/token`, raw: 'grant_type=client_credentials' });
    expect(tokenCall!.headers.get('authorization')).toBe(BASIC);
    expect(tokenCall!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');

    expect(orderCall).toMatchObject({ method: 'POST', url: `${BASE}/v2/checkout/orders` });
    expect(orderCall!.headers.get('authorization')).toBe('Bearer A21AAToken1');
    expect(orderCall!.headers.get('paypal-request-id')).toBe('pay1');
    expect(orderCall!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'o1',
          custom_id: 'pay1',
          invoice_id: 'pay1',
          description: 'x'.repeat(127),
          amount: { currency_code: 'CAD', value: '43.55' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'http://dojo.test/shop/orders/o1/paid',
            cancel_url: 'http://dojo.test/shop/orders/o1',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });

    // A second call reuses the cached token.
    await gw.create(input({ paymentRecordId: 'pay2', amountCents: 5 }));
    expect(pp.tokens()).toHaveLength(1);
    expect(pp.api()[1]!.headers.get('authorization')).toBe('Bearer A21AAToken1');
    expect(pp.api()[1]!.headers.get('paypal-request-id')).toBe('pay2');
    expect(pp.api()[1]!.body.purchase_units[0].amount).toEqual({ currency_code: 'CAD', value: '0.05' });
  });

  it('falls back to the approve link when PayPal names no payer-action', async () => {
    const pp = paypal({
      'POST /v2/checkout/orders': () => [
        201,
        {
          id: ORDER_ID,
          status: 'CREATED',
          links: [
            { href: `${BASE}/v2/checkout/orders/${ORDER_ID}`, rel: 'self', method: 'GET' },
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`, rel: 'approve', method: 'GET' },
          ],
        },
      ],
    });
    const created = await paypalGateway(config(), 'http://dojo.test', pp.fetcher).create(input());
    expect(created.checkoutUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`);
  });

  it('fetches a new token once the cached one is about to expire', async () => {
    let n = 0;
    const pp = paypal({
      'POST /v1/oauth2/token': () => [200, { access_token: `short${++n}`, token_type: 'Bearer', expires_in: 30 }],
      'POST /v2/payments/captures/C1/refund': () => [201, { id: 'R1', status: 'COMPLETED' }],
    });
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    const refund = { providerPaymentId: 'C1', sessionId: ORDER_ID, amountCents: 100, currency: 'CAD', reason: 'x' };
    await gw.refund(refund);
    await gw.refund(refund);
    expect(pp.tokens()).toHaveLength(2);
    expect(pp.api().map((c) => c.headers.get('authorization'))).toEqual(['Bearer short1', 'Bearer short2']);
  });

  it('shares one token request between calls made together and asks again after a failed one', async () => {
    let n = 0;
    const pp = paypal({
      'POST /v1/oauth2/token': () =>
        ++n === 1
          ? [401, { error: 'invalid_client', error_description: 'Client Authentication failed' }]
          : [200, { access_token: `t${n}`, expires_in: 32_400 }],
      'POST /v2/payments/captures/C1/refund': () => [201, { id: 'R1', status: 'COMPLETED' }],
    });
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    const refund = { providerPaymentId: 'C1', sessionId: ORDER_ID, amountCents: 100, currency: 'CAD', reason: 'x' };
    await expect(gw.refund(refund)).rejects.toMatchObject({ status: 400 });
    await Promise.all([gw.refund(refund), gw.refund(refund), gw.refund(refund)]);
    expect(pp.tokens()).toHaveLength(2);
    expect(pp.api().map((c) => c.headers.get('authorization'))).toEqual(['Bearer t2', 'Bearer t2', 'Bearer t2']);
  });

  it('verifies by capturing the order with an idempotent request id and checking what PayPal answers', async () => {
    const pp = paypal({ [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: () => [201, capturedOrder()] });
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    expect(await gw.verify(proof, expected)).toEqual({ ok: true, providerPaymentId: CAPTURE_ID });
    const [capture] = pp.api();
    expect(capture).toMatchObject({ method: 'POST', url: `${BASE}/v2/checkout/orders/${ORDER_ID}/capture` });
    expect(capture!.headers.get('authorization')).toBe('Bearer A21AAToken1');
    expect(capture!.headers.get('paypal-request-id')).toBe(`capture-${ORDER_ID}`);
    expect(capture!.headers.get('prefer')).toBe('return=representation');
    expect(pp.api()).toHaveLength(1);
  });

  it('reads the order when PayPal says it was already captured', async () => {
    const pp = paypal({
      [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: () => [
        422,
        unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed."),
      ],
      [`GET /v2/checkout/orders/${ORDER_ID}`]: () => [200, capturedOrder()],
    });
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    expect(await gw.verify(proof, expected)).toEqual({ ok: true, providerPaymentId: CAPTURE_ID });
    expect(pp.api().map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v2/checkout/orders/${ORDER_ID}/capture`,
      `GET /v2/checkout/orders/${ORDER_ID}`,
    ]);
    expect(pp.api()[1]!.headers.get('authorization')).toBe('Bearer A21AAToken1');
    expect(pp.tokens()).toHaveLength(1);
  });

  it('refuses a payment for another session, a wrong amount or currency, and a capture that is not COMPLETED', async () => {
    const answering = (order: unknown) => {
      const pp = paypal({ [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: () => [201, order] });
      return { pp, gw: paypalGateway(config(), 'http://dojo.test', pp.fetcher) };
    };
    const other = answering(capturedOrder());
    expect(await other.gw.verify({ ...proof, sessionId: '8MC585209K746392H' }, expected)).toEqual({
      ok: false,
      reason: 'The payment does not belong to this purchase',
    });
    expect(other.pp.calls).toHaveLength(0);

    const mismatch = { ok: false, reason: 'The payment does not match the amount due' };
    expect(await answering(capturedOrder({ value: '43.54' })).gw.verify(proof, expected)).toEqual(mismatch);
    expect(await answering(capturedOrder()).gw.verify(proof, { ...expected, amountCents: 4356 })).toEqual(mismatch);
    expect(await answering(capturedOrder({ currency: 'USD' })).gw.verify(proof, expected)).toEqual(mismatch);
    expect(await answering(capturedOrder()).gw.verify(proof, { ...expected, currency: 'EUR' })).toEqual(mismatch);

    expect(await answering(capturedOrder({ status: 'PENDING' })).gw.verify(proof, expected)).toEqual({
      ok: false,
      reason: 'The PayPal payment is PENDING',
    });
    expect(await answering(capturedOrder({ status: 'DECLINED' })).gw.verify(proof, expected)).toEqual({
      ok: false,
      reason: 'The PayPal payment is DECLINED',
    });
    expect(await answering(capturedOrder({}, 'APPROVED')).gw.verify(proof, expected)).toMatchObject({ ok: false });
    // The same answers with nothing wrong pass, so the refusals above come from the differences.
    expect(await answering(capturedOrder()).gw.verify(proof, expected)).toEqual({ ok: true, providerPaymentId: CAPTURE_ID });
  });

  it('refunds the capture with its amount, a clipped note and an idempotent request id', async () => {
    const pp = paypal({
      [`POST /v2/payments/captures/${CAPTURE_ID}/refund`]: () => [
        201,
        {
          id: '1JU08902781691411',
          status: 'COMPLETED',
          links: [
            { href: `${BASE}/v2/payments/refunds/1JU08902781691411`, rel: 'self', method: 'GET' },
            { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: 'up', method: 'GET' },
          ],
        },
      ],
    });
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    const refund = { providerPaymentId: CAPTURE_ID, sessionId: ORDER_ID, amountCents: 4355, currency: 'CAD', reason: 'y'.repeat(300) };
    expect(await gw.refund(refund)).toEqual({ refundId: '1JU08902781691411' });
    const [call] = pp.api();
    expect(call).toMatchObject({ method: 'POST', url: `${BASE}/v2/payments/captures/${CAPTURE_ID}/refund` });
    expect(call!.headers.get('authorization')).toBe('Bearer A21AAToken1');
    expect(call!.headers.get('paypal-request-id')).toBe(`refund-${CAPTURE_ID}-4355`);
    expect(call!.body).toEqual({ amount: { value: '43.55', currency_code: 'CAD' }, note_to_payer: 'y'.repeat(255) });
  });

  it('maps an unreachable PayPal or a 5xx to 503 and a 4xx to 400 with PayPal’s description', async () => {
    const unreachable = { status: 503, message: 'The payment service could not be reached. Please try again.' };
    const down = paypal({ 'POST /v2/checkout/orders': () => [502, { name: 'INTERNAL_SERVER_ERROR' }] });
    await expect(paypalGateway(config(), 'http://dojo.test', down.fetcher).create(input())).rejects.toMatchObject(unreachable);
    const offline = (() => Promise.reject(new TypeError('Network connection lost'))) as typeof fetch;
    await expect(paypalGateway(config(), 'http://dojo.test', offline).create(input())).rejects.toMatchObject(unreachable);

    const refused = paypal({
      [`POST /v2/payments/captures/${CAPTURE_ID}/refund`]: () => [
        422,
        unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded'),
      ],
    });
    const refusal = paypalGateway(config(), 'http://dojo.test', refused.fetcher).refund({
      providerPaymentId: CAPTURE_ID,
      sessionId: ORDER_ID,
      amountCents: 4355,
      currency: 'CAD',
      reason: 'r',
    });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({
      status: 400,
      message: 'Payment refused by PayPal: The capture has already been fully refunded',
    });

    const notApproved = paypal({
      [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: () => [
        422,
        unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'),
      ],
    });
    await expect(paypalGateway(config(), 'http://dojo.test', notApproved.fetcher).verify(proof, expected)).rejects.toMatchObject({
      status: 400,
      message: 'Payment refused by PayPal: Payer has not yet approved the Order for payment.',
    });

    const badClient = paypal({
      'POST /v1/oauth2/token': () => [401, { error: 'invalid_client', error_description: 'Client Authentication failed' }],
    });
    await expect(paypalGateway(config(), 'http://dojo.test', badClient.fetcher).create(input())).rejects.toMatchObject({
      status: 400,
      message: 'Payment refused by PayPal: Client Authentication failed',
    });
    expect(badClient.api()).toHaveLength(0);
  });
});

describe('PayPal webhooks', () => {
  const captureEvent = (type: string, status: string) => ({
    id: 'WH-2CL46544TB770421K-5VB92446WP7345818',
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    resource_version: '2.0',
    event_type: type,
    summary: 'Payment completed for $ 43.55 CAD',
    resource: {
      id: CAPTURE_ID,
      status,
      amount: { currency_code: 'CAD', value: '43.55' },
      final_capture: true,
      custom_id: 'pay1',
      invoice_id: 'pay1',
      supplementary_data: { related_ids: { order_id: ORDER_ID } },
      links: [
        { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: 'self', method: 'GET' },
        { href: `${BASE}/v2/checkout/orders/${ORDER_ID}`, rel: 'up', method: 'GET' },
      ],
    },
  });
  const refundEvent = (resource: Record<string, unknown>) => ({
    id: 'WH-1GE84257G0350133W-6RW800890C634293G',
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'refund',
    resource_version: '2.0',
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    summary: 'A $ 43.55 CAD capture payment was refunded',
    resource: {
      id: '1JU08902781691411',
      status: 'COMPLETED',
      amount: { currency_code: 'CAD', value: '43.55' },
      custom_id: 'not-our-record',
      ...resource,
    },
  });
  const signed = (at = new Date()) =>
    new Headers({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'paypal-transmission-sig':
        'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
      'paypal-transmission-time': at.toISOString(),
      'content-type': 'application/json',
    });
  /** GET /v2/payments/captures/:id as documented: the capture as PayPal holds it now. */
  const captureNow = (status: string): [number, unknown] => [
    200,
    {
      id: CAPTURE_ID,
      status,
      amount: { currency_code: 'CAD', value: '43.55' },
      final_capture: true,
      custom_id: 'pay1',
      invoice_id: 'pay1',
      supplementary_data: { related_ids: { order_id: ORDER_ID } },
      create_time: '2026-01-01T00:00:00Z',
      update_time: '2026-01-01T00:05:00Z',
      links: [{ href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: 'self', method: 'GET' }],
    },
  ];
  const CAPTURE = `GET /v2/payments/captures/${CAPTURE_ID}`;
  /** PayPal's verify endpoint answering `status` to every request; the capture reads as `now`. */
  const verifier = (status: 'SUCCESS' | 'FAILURE', now: () => [number, unknown] = () => captureNow('COMPLETED')) =>
    paypal({ 'POST /v1/notifications/verify-webhook-signature': () => [200, { verification_status: status }], [CAPTURE]: now });

  it('asks PayPal to verify the signature with the paypal-* headers, our webhook id and the event, and maps a completed capture', async () => {
    const pp = verifier('SUCCESS');
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', 'COMPLETED');
    const headers = signed();
    expect(await gw.webhook({ rawBody: JSON.stringify(event, null, 2), headers })).toEqual({
      eventId: 'WH-2CL46544TB770421K-5VB92446WP7345818',
      type: 'PAYMENT.CAPTURE.COMPLETED',
      effect: 'succeeded',
      sessionId: ORDER_ID,
      paymentRecordId: 'pay1',
      providerPaymentId: CAPTURE_ID,
    });
    const [check] = pp.api();
    expect(check).toMatchObject({ method: 'POST', url: `${BASE}/v1/notifications/verify-webhook-signature` });
    expect(check!.headers.get('authorization')).toBe('Bearer A21AAToken1');
    expect(check!.body).toEqual({
      auth_algo: headers.get('paypal-auth-algo'),
      cert_url: headers.get('paypal-cert-url'),
      transmission_id: headers.get('paypal-transmission-id'),
      transmission_sig: headers.get('paypal-transmission-sig'),
      transmission_time: headers.get('paypal-transmission-time'),
      webhook_id: SECRETS.PAYPAL_WEBHOOK_ID,
      webhook_event: event,
    });
  });

  it('settles a completed capture by the capture as PayPal holds it now, and answers 503 when PayPal cannot say', async () => {
    const body = JSON.stringify(captureEvent('PAYMENT.CAPTURE.COMPLETED', 'COMPLETED'));
    const effect = async (now: () => [number, unknown]) => {
      const pp = verifier('SUCCESS', now);
      const outcome = await paypalGateway(config(), 'http://dojo.test', pp.fetcher).webhook({ rawBody: body, headers: signed() });
      expect(pp.api().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/notifications/verify-webhook-signature', CAPTURE]);
      return outcome.effect;
    };
    // Refunded from PayPal's dashboard before the school heard of it, wholly or in part.
    expect(await effect(() => captureNow('REFUNDED'))).toBe('refunded');
    expect(await effect(() => captureNow('PARTIALLY_REFUNDED'))).toBe('refunded');
    expect(await effect(() => captureNow('PENDING'))).toBe('ignored');
    await expect(effect(() => [503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' }])).rejects.toMatchObject({
      status: 503,
    });
    await expect(
      effect(() => [404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' }]),
    ).rejects.toMatchObject({
      status: 503,
    });
    const pp = verifier('SUCCESS');
    const hung = (async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input)).pathname.startsWith('/v2/payments/captures/')
        ? new Promise<Response>((_ok, fail) => init?.signal?.addEventListener('abort', () => fail(init.signal?.reason)))
        : pp.fetcher(input, init)) as typeof fetch;
    const slow = paypalGateway(config(), 'http://dojo.test', hung).webhook({ rawBody: body, headers: signed() });
    await expect(slow).rejects.toMatchObject({ status: 503 });
  });

  it("reads a vaulted charge's capture events by their custom_id: COMPLETED settles after re-reading it, DENIED fails it", async () => {
    const pp = verifier('SUCCESS');
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    const charged = (type: string, status: string, id: string) => {
      const e = captureEvent(type, status);
      return JSON.stringify({ ...e, id, resource: { ...e.resource, custom_id: 'payInvoice1', invoice_id: 'payInvoice1' } });
    };
    expect(await gw.webhook({ rawBody: charged('PAYMENT.CAPTURE.COMPLETED', 'COMPLETED', 'WH-VAULT-1'), headers: signed() })).toEqual({
      eventId: 'WH-VAULT-1',
      type: 'PAYMENT.CAPTURE.COMPLETED',
      effect: 'succeeded',
      sessionId: ORDER_ID,
      paymentRecordId: 'payInvoice1',
      providerPaymentId: CAPTURE_ID,
    });
    expect(await gw.webhook({ rawBody: charged('PAYMENT.CAPTURE.DENIED', 'DECLINED', 'WH-VAULT-2'), headers: signed() })).toEqual({
      eventId: 'WH-VAULT-2',
      type: 'PAYMENT.CAPTURE.DENIED',
      effect: 'failed',
      sessionId: ORDER_ID,
      paymentRecordId: 'payInvoice1',
      providerPaymentId: CAPTURE_ID,
    });
    // Both verified by PayPal; only the completed capture is read back.
    expect(pp.api().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/notifications/verify-webhook-signature',
      CAPTURE,
      'POST /v1/notifications/verify-webhook-signature',
    ]);
  });

  it('refuses the event when PayPal answers FAILURE', async () => {
    const pp = verifier('FAILURE');
    const body = JSON.stringify(captureEvent('PAYMENT.CAPTURE.COMPLETED', 'COMPLETED'));
    const refused = paypalGateway(config(), 'http://dojo.test', pp.fetcher).webhook({ rawBody: body, headers: signed() });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 400, message: 'Invalid webhook signature' });
    expect(pp.api()).toHaveLength(1);
  });

  it('refuses without asking PayPal when a header is missing, the body is not JSON, or the transmission time is outside 5 minutes', async () => {
    const pp = verifier('SUCCESS');
    const gw = paypalGateway(config(), 'http://dojo.test', pp.fetcher);
    const body = JSON.stringify(captureEvent('PAYMENT.CAPTURE.COMPLETED', 'COMPLETED'));
    const invalid = { status: 400, message: 'Invalid webhook signature' };
    for (const name of ['auth-algo', 'cert-url', 'transmission-id', 'transmission-sig', 'transmission-time']) {
      const headers = signed();
      headers.delete(`paypal-${name}`);
      await expect(gw.webhook({ rawBody: body, headers }), name).rejects.toMatchObject(invalid);
    }
    await expect(gw.webhook({ rawBody: '{"id": "WH-1", ', headers: signed() })).rejects.toMatchObject(invalid);
    await expect(gw.webhook({ rawBody: body, headers: signed(new Date(Date.now() - 6 * 60_000)) })).rejects.toMatchObject(invalid);
    await expect(gw.webhook({ rawBody: body, headers: signed(new Date(Date.now() + 6 * 60_000)) })).rejects.toMatchObject(invalid);
    const garbled = signed();
    garbled.set('paypal-transmission-time', 'yesterday');
    await expect(gw.webhook({ rawBody: body, headers: garbled })).rejects.toMatchObject(invalid);
    expect(pp.calls).toHaveLength(0);
    // Four minutes old is inside the window and reaches PayPal.
    await expect(gw.webhook({ rawBody: body, headers: signed(new Date(Date.now() - 4 * 60_000)) })).resolves.toMatchObject({
      effect: 'succeeded',
    });
  });

  it('maps denied and declined captures to failed, a refund to the refunded capture, and other events to ignored', async () => {
    const gw = paypalGateway(config(), 'http://dojo.test', verifier('SUCCESS').fetcher);
    const read = (event: unknown) => gw.webhook({ rawBody: JSON.stringify(event), headers: signed() });
    for (const type of ['PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED'])
      expect(await read(captureEvent(type, type.split('.')[2]!))).toEqual({
        eventId: 'WH-2CL46544TB770421K-5VB92446WP7345818',
        type,
        effect: 'failed',
        sessionId: ORDER_ID,
        paymentRecordId: 'pay1',
        providerPaymentId: CAPTURE_ID,
      });

    // The refund's own id and custom_id are not the payment's: the capture comes from the `up` link.
    const refunded = refundEvent({
      links: [
        { href: `${BASE}/v2/payments/refunds/1JU08902781691411`, rel: 'self', method: 'GET' },
        { href: `${BASE}/v2/payments/captures/${CAPTURE_ID}`, rel: 'up', method: 'GET' },
      ],
    });
    expect(await read(refunded)).toEqual({
      eventId: 'WH-1GE84257G0350133W-6RW800890C634293G',
      type: 'PAYMENT.CAPTURE.REFUNDED',
      effect: 'refunded',
      providerPaymentId: CAPTURE_ID,
    });
    expect(await read(refundEvent({ supplementary_data: { related_ids: { capture_id: CAPTURE_ID, order_id: ORDER_ID } } }))).toEqual({
      eventId: 'WH-1GE84257G0350133W-6RW800890C634293G',
      type: 'PAYMENT.CAPTURE.REFUNDED',
      effect: 'refunded',
      sessionId: ORDER_ID,
      providerPaymentId: CAPTURE_ID,
    });

    const approved = {
      id: 'WH-62W810145R7409724-8CH11354TY024302T',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: ORDER_ID, status: 'APPROVED', intent: 'CAPTURE', purchase_units: [{ reference_id: 'o1', custom_id: 'pay1' }] },
    };
    expect(await read(approved)).toEqual({ eventId: approved.id, type: 'CHECKOUT.ORDER.APPROVED', effect: 'ignored' });
    expect(await read(captureEvent('PAYMENT.CAPTURE.PENDING', 'PENDING'))).toMatchObject({
      type: 'PAYMENT.CAPTURE.PENDING',
      effect: 'ignored',
    });
  });
});
