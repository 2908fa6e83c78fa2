import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { hmacSha256Hex } from './hmac.ts';
import { razorpayGateway } from './razorpay.ts';

const SECRETS = {
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'key-secret-of-the-test',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-the-test',
};
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });

/** Razorpay stubbed at fetch with its documented shapes; every request is kept for the assertions. */
function stub(routes: Record<string, (body: any) => [number, unknown]>) {
  const calls: { url: string; method: string; auth: string | null; body: any }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', auth: new Headers(init?.headers).get('authorization'), body });
    const key = `${init?.method ?? 'GET'} ${new URL(url).pathname}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: { description: `no stub for ${key}` } }), { status: 404 });
    const [status, answer] = route(body);
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, calls };
}

/** GET /payments/:id as documented: the payment as Razorpay holds it now. */
const paymentNow = (status: string, refunded: number) => ({
  id: 'pay_Xyz',
  entity: 'payment',
  order_id: 'order_Abc123',
  amount: 4355,
  amount_refunded: refunded,
  currency: 'CAD',
  status,
  captured: status !== 'failed',
});

describe('the Razorpay adapter', () => {
  it('creates an order in the smallest unit with Basic auth and hands the browser the key, no URL', async () => {
    const { fetcher, calls } = stub({
      'POST /v1/orders': (b) => [
        200,
        { id: 'order_Abc123', entity: 'order', amount: b.amount, currency: b.currency, receipt: b.receipt, status: 'created' },
      ],
    });
    const gw = razorpayGateway(config(), 'http://dojo.test', fetcher);
    const created = await gw.create({
      paymentRecordId: 'pay1',
      amountCents: 4355,
      currency: 'CAD',
      purchaseType: 'order',
      purchaseId: 'o1',
      description: 'x',
      customerEmail: null,
      returnUrl: '',
      cancelUrl: '',
    });
    expect(created).toEqual({ sessionId: 'order_Abc123', checkoutUrl: null, keyId: 'rzp_test_key' });
    expect(calls[0]).toMatchObject({
      url: 'https://api.razorpay.com/v1/orders',
      method: 'POST',
      auth: `Basic ${btoa('rzp_test_key:key-secret-of-the-test')}`,
    });
    expect(calls[0]!.body).toMatchObject({ amount: 4355, currency: 'CAD', receipt: 'pay1', notes: { paymentRecordId: 'pay1' } });
  });

  it('verifies the payment signature, then the captured payment and its amount', async () => {
    const payment = { id: 'pay_Xyz', order_id: 'order_Abc123', amount: 4355, currency: 'CAD', status: 'captured' };
    const { fetcher } = stub({ 'GET /v1/payments/pay_Xyz': () => [200, payment] });
    const gw = razorpayGateway(config(), 'http://dojo.test', fetcher);
    const expected = { sessionId: 'order_Abc123', amountCents: 4355, currency: 'CAD' };
    const signature = await hmacSha256Hex(SECRETS.RAZORPAY_KEY_SECRET, 'order_Abc123|pay_Xyz');
    expect(await gw.verify({ sessionId: 'order_Abc123', paymentId: 'pay_Xyz', signature }, expected)).toEqual({
      ok: true,
      providerPaymentId: 'pay_Xyz',
    });
    expect(
      await gw.verify({ sessionId: 'order_Abc123', paymentId: 'pay_Xyz', signature: signature.replace(/.$/, '0') }, expected),
    ).toMatchObject({ ok: false });
    expect(await gw.verify({ sessionId: 'order_Abc123', paymentId: 'pay_Xyz', signature }, { ...expected, amountCents: 1 })).toMatchObject({
      ok: false,
      reason: 'The payment does not match the amount due',
    });
  });

  it('reads a signed webhook, refuses a forged one, and names the event by X-Razorpay-Event-Id', async () => {
    const { fetcher, calls } = stub({ 'GET /v1/payments/pay_Xyz': () => [200, paymentNow('captured', 0)] });
    const gw = razorpayGateway(config(), 'http://dojo.test', fetcher);
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_Xyz',
            order_id: 'order_Abc123',
            amount: 4355,
            currency: 'CAD',
            status: 'captured',
            notes: { paymentRecordId: 'pay1' },
          },
        },
      },
      created_at: 1_795_000_000,
    });
    const headers = new Headers({
      'x-razorpay-signature': await hmacSha256Hex(SECRETS.RAZORPAY_WEBHOOK_SECRET, body),
      'x-razorpay-event-id': 'evt_1',
    });
    expect(await gw.webhook({ rawBody: body, headers })).toEqual({
      eventId: 'payment.captured:pay_Xyz',
      type: 'payment.captured',
      effect: 'succeeded',
      sessionId: 'order_Abc123',
      paymentRecordId: 'pay1',
      providerPaymentId: 'pay_Xyz',
    });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.auth}`)).toEqual([
      `GET https://api.razorpay.com/v1/payments/pay_Xyz Basic ${btoa('rzp_test_key:key-secret-of-the-test')}`,
    ]);
    const forged = gw.webhook({ rawBody: body.replace('4355', '1'), headers });
    await expect(forged).rejects.toBeInstanceOf(AppError);
    await expect(forged).rejects.toMatchObject({ status: 400, message: 'Invalid webhook signature' });
  });

  it('settles a capture by the payment Razorpay holds now, not by the snapshot, and answers 503 when it cannot say', async () => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_Xyz', order_id: 'order_Abc123', amount: 4355, currency: 'CAD', status: 'captured' } } },
      created_at: 1_795_000_000,
    });
    const headers = new Headers({ 'x-razorpay-signature': await hmacSha256Hex(SECRETS.RAZORPAY_WEBHOOK_SECRET, body) });
    const effect = async (answer: [number, unknown]) => {
      const gw = razorpayGateway(config(), 'http://dojo.test', stub({ 'GET /v1/payments/pay_Xyz': () => answer }).fetcher);
      return (await gw.webhook({ rawBody: body, headers })).effect;
    };
    expect(await effect([200, paymentNow('refunded', 4355)])).toBe('refunded');
    expect(await effect([200, paymentNow('captured', 1000)])).toBe('refunded');
    expect(await effect([200, paymentNow('failed', 0)])).toBe('failed');
    await expect(effect([503, { error: { code: 'SERVER_ERROR', description: 'down' } }])).rejects.toMatchObject({ status: 503 });
    await expect(effect([401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }])).rejects.toMatchObject({
      status: 503,
    });
    const hung = (async (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_ok, fail) => init?.signal?.addEventListener('abort', () => fail(init.signal?.reason)))) as typeof fetch;
    const slow = razorpayGateway(config(), 'http://dojo.test', hung).webhook({ rawBody: body, headers });
    await expect(slow).rejects.toMatchObject({ status: 503 });
  });

  it("reads a recurring charge's payment.captured and payment.failed by the payment's notes.paymentRecordId", async () => {
    const { fetcher, calls } = stub({ 'GET /v1/payments/pay_Rec1': () => [200, { ...paymentNow('captured', 0), id: 'pay_Rec1' }] });
    const gw = razorpayGateway(config(), 'http://dojo.test', fetcher);
    const recurring = (event: string, status: string) =>
      JSON.stringify({
        entity: 'event',
        event,
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: 'pay_Rec1',
              entity: 'payment',
              order_id: 'order_Chg1',
              amount: 8500,
              currency: 'INR',
              status,
              method: 'card',
              recurring: true,
              token_id: 'token_4lsdksD31GaZ09',
              notes: { paymentRecordId: 'payInvoice1', purchaseType: 'invoice', purchaseId: 'inv1' },
              error_description: status === 'failed' ? 'Payment failed due to insufficient balance in the card' : null,
            },
          },
        },
        created_at: 1_795_000_000,
      });
    const deliver = async (body: string) =>
      gw.webhook({
        rawBody: body,
        headers: new Headers({ 'x-razorpay-signature': await hmacSha256Hex(SECRETS.RAZORPAY_WEBHOOK_SECRET, body) }),
      });
    const ids = { sessionId: 'order_Chg1', paymentRecordId: 'payInvoice1', providerPaymentId: 'pay_Rec1' };
    expect(await deliver(recurring('payment.captured', 'captured'))).toEqual({
      eventId: 'payment.captured:pay_Rec1',
      type: 'payment.captured',
      effect: 'succeeded',
      ...ids,
    });
    expect(await deliver(recurring('payment.failed', 'failed'))).toEqual({
      eventId: 'payment.failed:pay_Rec1',
      type: 'payment.failed',
      effect: 'failed',
      ...ids,
    });
    // Only the capture is read back from Razorpay.
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual(['GET /v1/payments/pay_Rec1']);
  });

  it('refunds through POST /payments/:id/refund and maps a provider outage to 503', async () => {
    const { fetcher, calls } = stub({
      'POST /v1/payments/pay_Xyz/refund': (b) => [200, { id: 'rfnd_1', entity: 'refund', amount: b.amount, payment_id: 'pay_Xyz' }],
    });
    const gw = razorpayGateway(config(), 'http://dojo.test', fetcher);
    expect(
      await gw.refund({
        providerPaymentId: 'pay_Xyz',
        sessionId: 'order_Abc123',
        amountCents: 4355,
        currency: 'CAD',
        reason: 'Cancelled by user',
      }),
    ).toEqual({ refundId: 'rfnd_1' });
    expect(calls[0]!.body).toMatchObject({ amount: 4355 });
    const down = razorpayGateway(config(), 'http://dojo.test', stub({ 'POST /v1/orders': () => [502, {}] }).fetcher);
    await expect(
      down.create({
        paymentRecordId: 'p',
        amountCents: 100,
        currency: 'CAD',
        purchaseType: 'order',
        purchaseId: 'o',
        description: '',
        customerEmail: null,
        returnUrl: '',
        cancelUrl: '',
      }),
    ).rejects.toMatchObject({ status: 503 });
  });
});
