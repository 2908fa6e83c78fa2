import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { hmacSha256Hex } from './hmac.ts';
import { AUTHORISATION_AMOUNT, MANDATE_MAX_AMOUNT, razorpayVault, receiptOf } from './razorpay-vault.ts';
import type { ChargeInput, StartSetupInput } from './vault.ts';

const SECRETS = {
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'key-secret-of-the-test',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-the-test',
};
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });
const AUTH = `Basic ${btoa('rzp_test_key:key-secret-of-the-test')}`;

type Call = { method: string; path: string; query: URLSearchParams; auth: string | null; body: any };

/** Razorpay stubbed at fetch with its documented shapes; every request is kept for the assertions. */
function stub(routes: Record<string, (call: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      auth: new Headers(init?.headers).get('authorization'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const [status, answer] = route
      ? route(call)
      : [404, { error: { code: 'BAD_REQUEST_ERROR', description: `no stub for ${call.method} ${call.path}` } }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, calls, paths: () => calls.map((c) => `${c.method} ${c.path}`) };
}

const setupInput = (over: Partial<StartSetupInput> = {}): StartSetupInput => ({
  methodRecordId: 'pm1',
  customer: { userId: 'u1', email: 'parent@example.com', name: 'Pat Parent' },
  providerCustomerId: null,
  returnUrl: 'http://dojo.test/student/billing?method=pm1',
  cancelUrl: 'http://dojo.test/student/billing?method=pm1&cancelled=1',
  currency: 'INR',
  ...over,
});

const KEY = 'invoice-01JD0000000000000000000000-attempt-1';
const chargeInput = (over: Partial<ChargeInput> = {}): ChargeInput => ({
  providerCustomerId: 'cust_4xbQrmEoA5WJ0G',
  providerMethodId: 'token_4lsdksD31GaZ09',
  amountCents: 8500,
  currency: 'INR',
  idempotencyKey: KEY,
  description: 'INV-2026-000001',
  paymentRecordId: 'pay1',
  purchaseId: 'inv1',
  ...over,
});

/** A payment as GET /payments/:id answers for a recurring card payment. */
const payment = (status: string, over: Record<string, unknown> = {}) => ({
  id: 'pay_Rec1',
  entity: 'payment',
  amount: 8500,
  currency: 'INR',
  status,
  order_id: 'order_Chg1',
  method: 'card',
  amount_refunded: 0,
  captured: status === 'captured',
  customer_id: 'cust_4xbQrmEoA5WJ0G',
  token_id: 'token_4lsdksD31GaZ09',
  recurring: true,
  notes: { paymentRecordId: 'pay1', purchaseType: 'invoice', purchaseId: 'inv1' },
  error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
  error_description: status === 'failed' ? 'Payment failed due to insufficient balance in the card' : null,
  created_at: 1_795_000_000,
  ...over,
});

const customerEntity = {
  id: 'cust_4xbQrmEoA5WJ0G',
  entity: 'customer',
  name: 'Pat Parent',
  email: 'parent@example.com',
  contact: '+919876543210',
};

describe('the Razorpay vault: saving a card mandate', () => {
  it('finds or creates the customer (fail_existing 0) and opens a card mandate order for Checkout', async () => {
    const rp = stub({
      'POST /v1/customers': () => [200, customerEntity],
      'POST /v1/orders': ({ body }) => [
        200,
        { id: 'order_Auth1', entity: 'order', amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created' },
      ],
    });
    const vault = razorpayVault(config(), 'http://dojo.test', rp.fetcher);
    expect(vault.name).toBe('razorpay');
    expect(await vault.startSetup(setupInput())).toEqual({
      setupId: 'order_Auth1',
      checkoutUrl: null,
      providerCustomerId: 'cust_4xbQrmEoA5WJ0G',
      keyId: 'rzp_test_key',
    });
    expect(rp.paths()).toEqual(['POST /v1/customers', 'POST /v1/orders']);
    expect(rp.calls.every((c) => c.auth === AUTH)).toBe(true);
    expect(rp.calls[0]!.body).toEqual({ name: 'Pat Parent', email: 'parent@example.com', fail_existing: '0', notes: { userId: 'u1' } });
    expect(rp.calls[1]!.body).toEqual({
      amount: AUTHORISATION_AMOUNT,
      currency: 'INR',
      customer_id: 'cust_4xbQrmEoA5WJ0G',
      method: 'card',
      payment_capture: true,
      receipt: 'setup-pm1',
      token: { max_amount: MANDATE_MAX_AMOUNT, frequency: 'as_presented' },
      notes: { paymentMethodRecordId: 'pm1' },
    });
  });

  it("completes with Checkout's signed answer: the payment's token and the card it names, the authorisation amount refunded", async () => {
    const signature = await hmacSha256Hex(SECRETS.RAZORPAY_KEY_SECRET, 'order_Auth1|pay_Auth1');
    const rp = stub({
      'GET /v1/payments/pay_Auth1': () => [
        200,
        payment('captured', {
          id: 'pay_Auth1',
          order_id: 'order_Auth1',
          amount: 100,
          email: 'parent@example.com',
          contact: '+919876543210',
        }),
      ],
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G': () => [200, { ...customerEntity, contact: null }],
      'PUT /v1/customers/cust_4xbQrmEoA5WJ0G': ({ body }) => [200, { ...customerEntity, ...body }],
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G/tokens': () => [
        200,
        {
          entity: 'collection',
          count: 2,
          items: [
            {
              id: 'token_Other',
              entity: 'token',
              method: 'card',
              recurring: true,
              card: { last4: '1111', network: 'MasterCard', expiry_month: '01', expiry_year: '2029' },
            },
            {
              id: 'token_4lsdksD31GaZ09',
              entity: 'token',
              method: 'card',
              recurring: true,
              card: { last4: '4366', network: 'Visa', expiry_month: '12', expiry_year: '2030' },
            },
          ],
        },
      ],
      'POST /v1/payments/pay_Auth1/refund': ({ body }) => [
        200,
        { id: 'rfnd_1', entity: 'refund', amount: body.amount, payment_id: 'pay_Auth1' },
      ],
    });
    const proof = { razorpay_order_id: 'order_Auth1', razorpay_payment_id: 'pay_Auth1', razorpay_signature: signature };
    expect(
      await razorpayVault(config(), 'http://dojo.test', rp.fetcher).completeSetup({
        setupId: 'order_Auth1',
        providerCustomerId: 'cust_4xbQrmEoA5WJ0G',
        proof,
      }),
    ).toEqual({
      providerCustomerId: 'cust_4xbQrmEoA5WJ0G',
      providerMethodId: 'token_4lsdksD31GaZ09',
      brand: 'Visa',
      last4: '4366',
      expMonth: 12,
      expYear: 2030,
    });
    expect(rp.paths()).toEqual([
      'GET /v1/payments/pay_Auth1',
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G',
      'PUT /v1/customers/cust_4xbQrmEoA5WJ0G',
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G/tokens',
      'POST /v1/payments/pay_Auth1/refund',
    ]);
    // The phone given in Checkout, which every recurring payment will need.
    expect(rp.calls[2]!.body).toEqual({ contact: '+919876543210' });
    expect(rp.calls[4]!.body).toMatchObject({ amount: 100 });

    // Completed again after the refund: the same method, no second refund.
    const again = stub({
      'GET /v1/payments/pay_Auth1': () => [
        200,
        payment('captured', { id: 'pay_Auth1', order_id: 'order_Auth1', amount: 100, amount_refunded: 100 }),
      ],
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G': () => [200, customerEntity],
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G/tokens': () => [200, { entity: 'collection', count: 0, items: [] }],
    });
    expect(
      await razorpayVault(config(), 'http://dojo.test', again.fetcher).completeSetup({
        setupId: 'order_Auth1',
        providerCustomerId: null,
        proof,
      }),
    ).toMatchObject({ providerMethodId: 'token_4lsdksD31GaZ09', brand: 'card', last4: null });
    expect(again.paths()).not.toContain('POST /v1/payments/pay_Auth1/refund');
    expect(again.paths()).not.toContain('PUT /v1/customers/cust_4xbQrmEoA5WJ0G');
  });

  it('refuses a forged signature and another order without asking Razorpay, and a failed authorisation', async () => {
    const none = stub({});
    const vault = razorpayVault(config(), 'http://dojo.test', none.fetcher);
    const signature = await hmacSha256Hex(SECRETS.RAZORPAY_KEY_SECRET, 'order_Auth1|pay_Auth1');
    const refused = async (v: typeof vault, proof: Record<string, string>, why: string) => {
      const attempt = v.completeSetup({ setupId: 'order_Auth1', providerCustomerId: null, proof });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ status: 400, message: `${BILLING_MESSAGES.setupFailed}: ${why}` });
    };
    await refused(
      vault,
      { razorpay_order_id: 'order_Auth1', razorpay_payment_id: 'pay_Auth1', razorpay_signature: signature.replace(/.$/, '0') },
      'invalid signature',
    );
    await refused(
      vault,
      { razorpay_order_id: 'order_Other', razorpay_payment_id: 'pay_Auth1', razorpay_signature: signature },
      'it belongs to another request',
    );
    expect(none.calls).toHaveLength(0);
    const failed = stub({ 'GET /v1/payments/pay_Auth1': () => [200, payment('failed', { id: 'pay_Auth1', order_id: 'order_Auth1' })] });
    await refused(
      razorpayVault(config(), 'http://dojo.test', failed.fetcher),
      { razorpay_order_id: 'order_Auth1', razorpay_payment_id: 'pay_Auth1', razorpay_signature: signature },
      'the payment is failed',
    );
  });
});

describe('the Razorpay vault: charging the token', () => {
  const charging = (over: Record<string, (call: Call) => [number, unknown]> = {}) =>
    stub({
      'GET /v1/orders': () => [200, { entity: 'collection', count: 0, items: [] }],
      'POST /v1/orders': ({ body }) => [
        200,
        { id: 'order_Chg1', entity: 'order', amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created' },
      ],
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G': () => [200, customerEntity],
      'POST /v1/payments/create/recurring': () => [
        200,
        { razorpay_payment_id: 'pay_Rec1', razorpay_order_id: 'order_Chg1', razorpay_signature: 'sig' },
      ],
      'GET /v1/payments/pay_Rec1': () => [200, payment('captured')],
      ...over,
    });

  it("opens an order whose receipt is the idempotency key, then a recurring payment on the token with the payer's details", async () => {
    const rp = charging();
    expect(await razorpayVault(config(), 'http://dojo.test', rp.fetcher).charge(chargeInput())).toEqual({
      status: 'succeeded',
      providerPaymentId: 'pay_Rec1',
    });
    const receipt = await receiptOf(KEY);
    expect(receipt).toHaveLength(40);
    expect(receipt).toBe(await receiptOf(KEY));
    expect(rp.paths()).toEqual([
      'GET /v1/orders',
      'POST /v1/orders',
      'GET /v1/customers/cust_4xbQrmEoA5WJ0G',
      'POST /v1/payments/create/recurring',
      'GET /v1/payments/pay_Rec1',
    ]);
    expect(rp.calls[0]!.query.get('receipt')).toBe(receipt);
    expect(rp.calls[1]!.body).toEqual({
      amount: 8500,
      currency: 'INR',
      receipt,
      payment_capture: true,
      notes: { paymentRecordId: 'pay1', purchaseType: 'invoice', purchaseId: 'inv1' },
    });
    expect(rp.calls[3]!.body).toEqual({
      email: 'parent@example.com',
      contact: '+919876543210',
      amount: 8500,
      currency: 'INR',
      order_id: 'order_Chg1',
      customer_id: 'cust_4xbQrmEoA5WJ0G',
      token: 'token_4lsdksD31GaZ09',
      recurring: '1',
      description: 'INV-2026-000001',
      notes: { paymentRecordId: 'pay1', purchaseType: 'invoice', purchaseId: 'inv1' },
    });
  });

  it('retried with the same key, reuses the order and answers its payment instead of paying again', async () => {
    const receipt = await receiptOf(KEY);
    const existing = { id: 'order_Chg1', entity: 'order', amount: 8500, currency: 'INR', receipt, status: 'paid' };
    const rp = charging({
      'GET /v1/orders': () => [200, { entity: 'collection', count: 1, items: [existing] }],
      'GET /v1/orders/order_Chg1/payments': () => [
        200,
        {
          entity: 'collection',
          count: 2,
          items: [payment('failed', { id: 'pay_Old', created_at: 1_795_000_000 }), payment('captured', { created_at: 1_795_000_100 })],
        },
      ],
    });
    expect(await razorpayVault(config(), 'http://dojo.test', rp.fetcher).charge(chargeInput())).toEqual({
      status: 'succeeded',
      providerPaymentId: 'pay_Rec1',
    });
    expect(rp.paths()).toEqual(['GET /v1/orders', 'GET /v1/orders/order_Chg1/payments']);

    // The order was opened but the payment never reached Razorpay: it is paid now, on the same order.
    const unpaid = charging({
      'GET /v1/orders': () => [200, { entity: 'collection', count: 1, items: [{ ...existing, status: 'created' }] }],
      'GET /v1/orders/order_Chg1/payments': () => [200, { entity: 'collection', count: 0, items: [] }],
    });
    expect(await razorpayVault(config(), 'http://dojo.test', unpaid.fetcher).charge(chargeInput())).toMatchObject({ status: 'succeeded' });
    expect(unpaid.paths()).not.toContain('POST /v1/orders');
    expect(unpaid.calls.find((c) => c.path === '/v1/payments/create/recurring')!.body.order_id).toBe('order_Chg1');
  });

  it("declines with Razorpay's reason when the bank refuses, and reports a payment still in flight as pending", async () => {
    const refused = charging({
      'POST /v1/payments/create/recurring': () => [
        400,
        {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed due to insufficient balance in the card',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'insufficient_funds',
            metadata: { payment_id: 'pay_Rec1', order_id: 'order_Chg1' },
          },
        },
      ],
    });
    expect(await razorpayVault(config(), 'http://dojo.test', refused.fetcher).charge(chargeInput())).toEqual({
      status: 'declined',
      reason: 'Payment failed due to insufficient balance in the card',
      providerPaymentId: 'pay_Rec1',
    });
    const failedLater = charging({ 'GET /v1/payments/pay_Rec1': () => [200, payment('failed')] });
    expect(await razorpayVault(config(), 'http://dojo.test', failedLater.fetcher).charge(chargeInput())).toMatchObject({
      status: 'declined',
      reason: 'Payment failed due to insufficient balance in the card',
    });
    const inFlight = charging({ 'GET /v1/payments/pay_Rec1': () => [200, payment('created')] });
    expect(await razorpayVault(config(), 'http://dojo.test', inFlight.fetcher).charge(chargeInput())).toEqual({
      status: 'pending',
      providerPaymentId: 'pay_Rec1',
    });
  });

  it('throws 503 when Razorpay is down or refuses our keys, so the attempt is retried with the same key', async () => {
    for (const route of ['GET /v1/orders', 'POST /v1/payments/create/recurring']) {
      const rp = charging({ [route]: () => [502, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } }] });
      await expect(razorpayVault(config(), 'http://dojo.test', rp.fetcher).charge(chargeInput())).rejects.toMatchObject({ status: 503 });
    }
    const keys = charging({
      'POST /v1/payments/create/recurring': () => [401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }],
    });
    await expect(razorpayVault(config(), 'http://dojo.test', keys.fetcher).charge(chargeInput())).rejects.toMatchObject({ status: 503 });
  });

  it('declines without asking Razorpay when the customer or the token is missing', async () => {
    const rp = stub({});
    const vault = razorpayVault(config(), 'http://dojo.test', rp.fetcher);
    const noMethod = { status: 'declined', reason: BILLING_MESSAGES.noMethod, providerPaymentId: null };
    expect(await vault.charge(chargeInput({ providerCustomerId: null }))).toEqual(noMethod);
    expect(await vault.charge(chargeInput({ providerMethodId: '' }))).toEqual(noMethod);
    expect(rp.calls).toHaveLength(0);
  });
});
