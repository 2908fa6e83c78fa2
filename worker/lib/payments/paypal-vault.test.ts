import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { paypalVault } from './paypal-vault.ts';
import type { ChargeInput, StartSetupInput } from './vault.ts';

const SECRETS = {
  PAYPAL_CLIENT_ID: 'AbcClientIdOfTheTest',
  PAYPAL_CLIENT_SECRET: 'secret-of-the-test',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430L',
};
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });
const BASE = 'https://api-m.sandbox.paypal.com';
const SETUP_TOKEN = '5C991763VB2781612';
const PAYMENT_TOKEN = '8kk8451t';
const ORDER_ID = '9XJ84516V2290103K';
const CAPTURE_ID = '1JU08902781691411';

type Call = { method: string; path: string; headers: Headers; body: any };

/** PayPal stubbed at fetch with its documented shapes (OAuth token, Vault v3, Orders v2); every request is kept. */
function paypal(routes: Record<string, (call: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const raw = init?.body ? String(init.body) : '';
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: raw.startsWith('{') ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const route =
      call.path === '/v1/oauth2/token'
        ? () => [200, { access_token: 'A21AAVaultToken', token_type: 'Bearer', expires_in: 32_400 }] as [number, unknown]
        : routes[`${call.method} ${call.path}`];
    const [status, answer] = route
      ? route(call)
      : [404, { name: 'RESOURCE_NOT_FOUND', message: `no stub for ${call.method} ${call.path}` }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, api: () => calls.filter((c) => c.path !== '/v1/oauth2/token') };
}

const setupInput = (over: Partial<StartSetupInput> = {}): StartSetupInput => ({
  methodRecordId: 'pm1',
  customer: { userId: 'u1', email: 'parent@example.com', name: 'Pat Parent' },
  providerCustomerId: null,
  returnUrl: 'http://dojo.test/student/billing?method=pm1',
  cancelUrl: 'http://dojo.test/student/billing?method=pm1&cancelled=1',
  ...over,
});

const chargeInput = (over: Partial<ChargeInput> = {}): ChargeInput => ({
  providerCustomerId: 'qz8RgWjXyk',
  providerMethodId: PAYMENT_TOKEN,
  amountCents: 8500,
  currency: 'CAD',
  idempotencyKey: 'invoice-inv1-attempt-1',
  description: 'INV-2026-000001',
  paymentRecordId: 'pay1',
  purchaseId: 'inv1',
  ...over,
});

/** An order created on a vaulted PayPal wallet and captured at once (Prefer: return=representation). */
const chargedOrder = (captureStatus: string, orderStatus = 'COMPLETED', reason?: string) => ({
  id: ORDER_ID,
  intent: 'CAPTURE',
  status: orderStatus,
  payment_source: {
    paypal: { email_address: 'parent@example.com', account_id: 'QYR5Z8XDVJNXQ', attributes: { vault: { id: PAYMENT_TOKEN } } },
  },
  purchase_units: [
    {
      reference_id: 'inv1',
      payments: {
        captures: [
          {
            id: CAPTURE_ID,
            status: captureStatus,
            ...(reason ? { status_details: { reason } } : {}),
            amount: { currency_code: 'CAD', value: '85.00' },
            custom_id: 'pay1',
            invoice_id: 'pay1',
            final_capture: true,
          },
        ],
      },
    },
  ],
});

describe('the PayPal vault: saving a wallet', () => {
  it('creates a setup token for the PayPal wallet with the return and cancel URLs and hands back its approve link', async () => {
    const pp = paypal({
      'POST /v3/vault/setup-tokens': () => [
        201,
        {
          id: SETUP_TOKEN,
          customer: { id: 'qz8RgWjXyk' },
          status: 'PAYER_ACTION_REQUIRED',
          payment_source: { paypal: { description: '', usage_pattern: 'IMMEDIATE', shipping: {}, usage_type: 'MERCHANT' } },
          links: [
            { href: `https://www.sandbox.paypal.com/agreements/approve?approval_session_id=${SETUP_TOKEN}`, rel: 'approve', method: 'GET' },
            { href: `${BASE}/v3/vault/setup-tokens/${SETUP_TOKEN}`, rel: 'self', method: 'GET' },
          ],
        },
      ],
    });
    const vault = paypalVault(config(), 'http://dojo.test', pp.fetcher);
    expect(vault.name).toBe('paypal');
    expect(await vault.startSetup(setupInput())).toEqual({
      setupId: SETUP_TOKEN,
      checkoutUrl: `https://www.sandbox.paypal.com/agreements/approve?approval_session_id=${SETUP_TOKEN}`,
      providerCustomerId: 'qz8RgWjXyk',
    });
    const [call] = pp.api();
    expect(call!.headers.get('authorization')).toBe('Bearer A21AAVaultToken');
    expect(call!.headers.get('paypal-request-id')).toBe('setup-pm1');
    expect(call!.body).toEqual({
      payment_source: {
        paypal: {
          usage_type: 'MERCHANT',
          customer_type: 'CONSUMER',
          experience_context: {
            return_url: 'http://dojo.test/student/billing?method=pm1',
            cancel_url: 'http://dojo.test/student/billing?method=pm1&cancelled=1',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });

    await vault.startSetup(setupInput({ methodRecordId: 'pm2', providerCustomerId: 'qz8RgWjXyk' }));
    expect(pp.api()[1]!.body.customer).toEqual({ id: 'qz8RgWjXyk' });
  });

  it('exchanges the approved setup token for a payment token (same request id when completed twice)', async () => {
    const pp = paypal({
      'POST /v3/vault/payment-tokens': () => [
        200,
        {
          id: PAYMENT_TOKEN,
          customer: { id: 'qz8RgWjXyk' },
          payment_source: {
            paypal: { email_address: 'parent@example.com', payer_id: 'QYR5Z8XDVJNXQ', name: { given_name: 'Pat', surname: 'Parent' } },
          },
          links: [{ href: `${BASE}/v3/vault/payment-tokens/${PAYMENT_TOKEN}`, rel: 'self', method: 'GET' }],
        },
      ],
    });
    const vault = paypalVault(config(), 'http://dojo.test', pp.fetcher);
    const complete = () =>
      vault.completeSetup({ setupId: SETUP_TOKEN, providerCustomerId: 'qz8RgWjXyk', proof: { approval_token_id: SETUP_TOKEN } });
    const saved = {
      providerCustomerId: 'qz8RgWjXyk',
      providerMethodId: PAYMENT_TOKEN,
      brand: 'PayPal',
      last4: null,
      expMonth: null,
      expYear: null,
    };
    expect(await complete()).toEqual(saved);
    expect(await complete()).toEqual(saved);
    expect(pp.api().map((c) => c.headers.get('paypal-request-id'))).toEqual([`token-${SETUP_TOKEN}`, `token-${SETUP_TOKEN}`]);
    expect(pp.api()[0]!.body).toEqual({ payment_source: { token: { id: SETUP_TOKEN, type: 'SETUP_TOKEN' } } });
  });

  it("reads a card token's brand, last digits and expiry", async () => {
    const pp = paypal({
      'POST /v3/vault/payment-tokens': () => [
        200,
        {
          id: 'card8kk',
          customer: { id: 'qz8RgWjXyk' },
          payment_source: { card: { brand: 'VISA', last_digits: '1111', expiry: '2031-04' } },
        },
      ],
    });
    expect(
      await paypalVault(config(), 'http://dojo.test', pp.fetcher).completeSetup({
        setupId: SETUP_TOKEN,
        providerCustomerId: null,
        proof: {},
      }),
    ).toEqual({
      providerCustomerId: 'qz8RgWjXyk',
      providerMethodId: 'card:card8kk',
      brand: 'VISA',
      last4: '1111',
      expMonth: 4,
      expYear: 2031,
    });
  });

  it("refuses another request's token without asking PayPal, and an unapproved one with PayPal's reason", async () => {
    const none = paypal({});
    const other = paypalVault(config(), 'http://dojo.test', none.fetcher).completeSetup({
      setupId: SETUP_TOKEN,
      providerCustomerId: null,
      proof: { approval_token_id: 'SOMEONE-ELSES' },
    });
    await expect(other).rejects.toMatchObject({ status: 400, message: `${BILLING_MESSAGES.setupFailed}: it belongs to another request` });
    expect(none.api()).toHaveLength(0);

    const unapproved = paypal({
      'POST /v3/vault/payment-tokens': () => [
        422,
        {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
          details: [{ issue: 'SETUP_TOKEN_NOT_APPROVED', description: 'The setup token has not been approved by the payer.' }],
        },
      ],
    });
    const attempt = paypalVault(config(), 'http://dojo.test', unapproved.fetcher).completeSetup({
      setupId: SETUP_TOKEN,
      providerCustomerId: null,
      proof: {},
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      message: 'Payment refused by PayPal: The setup token has not been approved by the payer.',
    });
  });
});

describe('the PayPal vault: charging a saved wallet', () => {
  it('creates a captured order on the vault id with PayPal-Request-Id = the idempotency key and custom_id = the payment row', async () => {
    const pp = paypal({ 'POST /v2/checkout/orders': () => [201, chargedOrder('COMPLETED')] });
    expect(await paypalVault(config(), 'http://dojo.test', pp.fetcher).charge(chargeInput())).toEqual({
      status: 'succeeded',
      providerPaymentId: CAPTURE_ID,
    });
    const [call] = pp.api();
    expect(call!.headers.get('paypal-request-id')).toBe('invoice-inv1-attempt-1');
    expect(call!.headers.get('prefer')).toBe('return=representation');
    expect(call!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'inv1',
          custom_id: 'pay1',
          invoice_id: 'pay1',
          description: 'INV-2026-000001',
          amount: { currency_code: 'CAD', value: '85.00' },
        },
      ],
      payment_source: { paypal: { vault_id: PAYMENT_TOKEN } },
    });
  });

  it('charges a vaulted card as a merchant-initiated recurring card payment', async () => {
    const pp = paypal({ 'POST /v2/checkout/orders': () => [201, chargedOrder('COMPLETED')] });
    await paypalVault(config(), 'http://dojo.test', pp.fetcher).charge(chargeInput({ providerMethodId: 'card:card8kk' }));
    expect(pp.api()[0]!.body.payment_source).toEqual({
      card: { vault_id: 'card8kk', stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' } },
    });
  });

  it('reports a pending capture as pending and a declined one as declined', async () => {
    const answering = (answer: [number, unknown]) =>
      paypalVault(config(), 'http://dojo.test', paypal({ 'POST /v2/checkout/orders': () => answer }).fetcher);
    expect(await answering([201, chargedOrder('PENDING', 'COMPLETED', 'PENDING_REVIEW')]).charge(chargeInput())).toEqual({
      status: 'pending',
      providerPaymentId: CAPTURE_ID,
    });
    expect(await answering([201, chargedOrder('DECLINED')]).charge(chargeInput())).toEqual({
      status: 'declined',
      reason: 'The PayPal payment was declined',
      providerPaymentId: CAPTURE_ID,
    });
    const refused = [
      422,
      {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        details: [
          {
            issue: 'INSTRUMENT_DECLINED',
            description: 'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
          },
        ],
      },
    ] as [number, unknown];
    expect(await answering(refused).charge(chargeInput())).toEqual({
      status: 'declined',
      reason: 'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
      providerPaymentId: null,
    });
  });

  it('throws 503 when PayPal is down, refuses our credentials, or the order was made under this key but is no longer replayed', async () => {
    const down = paypal({
      'POST /v2/checkout/orders': () => [500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' }],
    });
    const attempt = paypalVault(config(), 'http://dojo.test', down.fetcher).charge(chargeInput());
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 503 });
    expect(down.api()).toHaveLength(1);
    const duplicate = paypal({
      'POST /v2/checkout/orders': () => [
        422,
        { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'DUPLICATE_INVOICE_ID', description: 'Duplicate Invoice ID detected.' }] },
      ],
    });
    await expect(paypalVault(config(), 'http://dojo.test', duplicate.fetcher).charge(chargeInput())).rejects.toMatchObject({ status: 503 });
    const keys = paypal({
      'POST /v2/checkout/orders': () => [
        401,
        {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        },
      ],
    });
    await expect(paypalVault(config(), 'http://dojo.test', keys.fetcher).charge(chargeInput())).rejects.toMatchObject({ status: 503 });
  });

  it('declines without asking PayPal when there is no saved method', async () => {
    const pp = paypal({});
    expect(await paypalVault(config(), 'http://dojo.test', pp.fetcher).charge(chargeInput({ providerMethodId: '' }))).toEqual({
      status: 'declined',
      reason: BILLING_MESSAGES.noMethod,
      providerPaymentId: null,
    });
    expect(pp.api()).toHaveLength(0);
  });
});
