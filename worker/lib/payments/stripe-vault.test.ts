import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { stripeVault } from './stripe-vault.ts';
import type { ChargeInput, StartSetupInput } from './vault.ts';

const SECRETS = { STRIPE_SECRET_KEY: 'sk_test_secret-key-of-the-test', STRIPE_WEBHOOK_SECRET: 'whsec_webhook-secret-of-the-test' };
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });

type Call = { method: string; url: URL; headers: Headers; form: URLSearchParams };

/** Stripe stubbed at fetch with its documented shapes (form-encoded requests, JSON answers); every request is kept. */
function stub(routes: Record<string, (form: URLSearchParams, url: URL) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    calls.push({ method, url, headers: new Headers(init?.headers), form });
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    const [status, answer] = route
      ? route(form, url)
      : [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${key})` } }];
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  }) as typeof fetch;
  return { fetcher, calls };
}

const setupInput = (over: Partial<StartSetupInput> = {}): StartSetupInput => ({
  methodRecordId: 'pm1',
  customer: { userId: 'u1', email: 'parent@example.com', name: 'Pat Parent' },
  providerCustomerId: null,
  returnUrl: 'http://dojo.test/student/billing?method=pm1',
  cancelUrl: 'http://dojo.test/student/billing?method=pm1&cancelled=1',
  currency: 'CAD',
  ...over,
});

const chargeInput = (over: Partial<ChargeInput> = {}): ChargeInput => ({
  providerCustomerId: 'cus_Q1w2',
  providerMethodId: 'pm_1Card',
  amountCents: 8500,
  currency: 'CAD',
  idempotencyKey: 'invoice-inv1-attempt-1',
  description: 'INV-2026-000001',
  paymentRecordId: 'pay1',
  purchaseId: 'inv1',
  ...over,
});

/** A Customer (API reference, "The Customer object"). */
const customer = { id: 'cus_Q1w2', object: 'customer', email: 'parent@example.com', name: 'Pat Parent', metadata: { userId: 'u1' } };

/** A PaymentMethod of type card (API reference, "The PaymentMethod object"). */
const paymentMethod = {
  id: 'pm_1Card',
  object: 'payment_method',
  type: 'card',
  customer: 'cus_Q1w2',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, funding: 'credit', country: 'US' },
};

/** A setup-mode Checkout Session, its SetupIntent expanded with the payment method. */
const setupSession = (over: Record<string, unknown> = {}, intentOver: Record<string, unknown> = {}) => ({
  id: 'cs_test_setup1',
  object: 'checkout.session',
  mode: 'setup',
  status: 'complete',
  customer: 'cus_Q1w2',
  currency: 'cad',
  client_reference_id: 'pm1',
  metadata: { paymentMethodRecordId: 'pm1' },
  payment_status: 'no_payment_required',
  url: null,
  setup_intent: {
    id: 'seti_1Abc',
    object: 'setup_intent',
    customer: 'cus_Q1w2',
    status: 'succeeded',
    usage: 'off_session',
    payment_method: paymentMethod,
    ...intentOver,
  },
  ...over,
});

/** A PaymentIntent as `POST /v1/payment_intents` answers with confirm=true. */
const intent = (status: string, over: Record<string, unknown> = {}) => ({
  id: 'pi_3Off',
  object: 'payment_intent',
  amount: 8500,
  currency: 'cad',
  customer: 'cus_Q1w2',
  payment_method: 'pm_1Card',
  metadata: { paymentRecordId: 'pay1', purchaseType: 'invoice', purchaseId: 'inv1' },
  status,
  last_payment_error: null,
  ...over,
});

describe('the Stripe vault: saving a card', () => {
  it('creates the Customer keyed by the person, then a setup-mode Checkout Session for cards in the school currency', async () => {
    const { fetcher, calls } = stub({
      'POST /v1/customers': () => [200, customer],
      'POST /v1/checkout/sessions': () => [
        200,
        setupSession({ status: 'open', setup_intent: 'seti_1Abc', url: 'https://checkout.stripe.com/c/pay/cs_test_setup1' }),
      ],
    });
    const vault = stripeVault(config(), 'http://dojo.test', fetcher);
    expect(vault.name).toBe('stripe');
    expect(await vault.startSetup(setupInput())).toEqual({
      setupId: 'cs_test_setup1',
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_setup1',
      providerCustomerId: 'cus_Q1w2',
    });
    expect(calls.map((c) => `${c.method} ${c.url.pathname} ${c.headers.get('idempotency-key')}`)).toEqual([
      'POST /v1/customers customer-u1',
      'POST /v1/checkout/sessions setup-pm1',
    ]);
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ email: 'parent@example.com', name: 'Pat Parent', 'metadata[userId]': 'u1' });
    expect(Object.fromEntries(calls[1]!.form)).toEqual({
      mode: 'setup',
      customer: 'cus_Q1w2',
      currency: 'cad',
      'allowed_payment_method_types[0]': 'card',
      success_url: 'http://dojo.test/student/billing?method=pm1&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://dojo.test/student/billing?method=pm1&cancelled=1',
      client_reference_id: 'pm1',
      'metadata[paymentMethodRecordId]': 'pm1',
      'setup_intent_data[metadata][paymentMethodRecordId]': 'pm1',
    });
    expect(calls[1]!.headers.get('authorization')).toBe(`Bearer ${SECRETS.STRIPE_SECRET_KEY}`);
  });

  it("reuses the person's Customer when one is known", async () => {
    const { fetcher, calls } = stub({
      'POST /v1/checkout/sessions': () => [200, setupSession({ status: 'open', url: 'https://checkout.stripe.com/c/pay/x' })],
    });
    const started = await stripeVault(config(), 'http://dojo.test', fetcher).startSetup(setupInput({ providerCustomerId: 'cus_Old' }));
    expect(started.providerCustomerId).toBe('cus_Old');
    expect(calls.map((c) => c.url.pathname)).toEqual(['/v1/checkout/sessions']);
    expect(calls[0]!.form.get('customer')).toBe('cus_Old');
  });

  it('completes by reading the session and its SetupIntent from Stripe: the card brand, last 4 and expiry, never a number', async () => {
    const { fetcher, calls } = stub({ 'GET /v1/checkout/sessions/cs_test_setup1': () => [200, setupSession()] });
    const vault = stripeVault(config(), 'http://dojo.test', fetcher);
    expect(
      await vault.completeSetup({ setupId: 'cs_test_setup1', providerCustomerId: 'cus_Q1w2', proof: { session_id: 'cs_test_setup1' } }),
    ).toEqual({ providerCustomerId: 'cus_Q1w2', providerMethodId: 'pm_1Card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(calls[0]!.url.searchParams.get('expand[0]')).toBe('setup_intent.payment_method');

    // Not expanded (an older API version): the method is read on its own.
    const plain = stub({
      'GET /v1/checkout/sessions/cs_test_setup1': () => [200, setupSession({}, { payment_method: 'pm_1Card' })],
      'GET /v1/payment_methods/pm_1Card': () => [200, paymentMethod],
    });
    expect(
      await stripeVault(config(), 'http://dojo.test', plain.fetcher).completeSetup({
        setupId: 'cs_test_setup1',
        providerCustomerId: 'cus_Q1w2',
        proof: {},
      }),
    ).toMatchObject({ providerMethodId: 'pm_1Card', last4: '4242' });
  });

  it("refuses another request's session (without asking Stripe), an unfinished setup and another customer's", async () => {
    const refused = async (vault: ReturnType<typeof stripeVault>, proof: Record<string, string>, message: string) => {
      const attempt = vault.completeSetup({ setupId: 'cs_test_setup1', providerCustomerId: 'cus_Q1w2', proof });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ status: 400, message: `${BILLING_MESSAGES.setupFailed}: ${message}` });
    };
    const none = stub({});
    await refused(
      stripeVault(config(), 'http://dojo.test', none.fetcher),
      { session_id: 'cs_test_other' },
      'it belongs to another request',
    );
    expect(none.calls).toHaveLength(0);
    const answering = (over: Record<string, unknown>, intentOver: Record<string, unknown> = {}) =>
      stripeVault(
        config(),
        'http://dojo.test',
        stub({ 'GET /v1/checkout/sessions/cs_test_setup1': () => [200, setupSession(over, intentOver)] }).fetcher,
      );
    await refused(
      answering({ status: 'open' }, { status: 'requires_payment_method', payment_method: null }),
      {},
      'the setup is requires payment method',
    );
    await refused(answering({ status: 'expired', setup_intent: null }), {}, 'the setup is expired');
    await refused(answering({ customer: 'cus_Someone' }), {}, 'it belongs to another request');
    await refused(answering({ mode: 'payment' }), {}, 'it belongs to another request');
  });
});

describe('the Stripe vault: charging off-session', () => {
  it('confirms an off-session PaymentIntent with the idempotency key and the payment row in its metadata', async () => {
    const { fetcher, calls } = stub({ 'POST /v1/payment_intents': () => [200, intent('succeeded')] });
    const vault = stripeVault(config(), 'http://dojo.test', fetcher);
    expect(await vault.charge(chargeInput())).toEqual({ status: 'succeeded', providerPaymentId: 'pi_3Off' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toBe('invoice-inv1-attempt-1');
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      amount: '8500',
      currency: 'cad',
      customer: 'cus_Q1w2',
      payment_method: 'pm_1Card',
      off_session: 'true',
      confirm: 'true',
      description: 'INV-2026-000001',
      'metadata[paymentRecordId]': 'pay1',
      'metadata[purchaseType]': 'invoice',
      'metadata[purchaseId]': 'inv1',
    });
  });

  it('reports processing as pending (the webhook settles it) and an intent that needs the payer as declined', async () => {
    const answering = (answer: unknown) =>
      stripeVault(config(), 'http://dojo.test', stub({ 'POST /v1/payment_intents': () => [200, answer] }).fetcher);
    expect(await answering(intent('processing')).charge(chargeInput())).toEqual({ status: 'pending', providerPaymentId: 'pi_3Off' });
    const needsPayer = intent('requires_action', {
      last_payment_error: { type: 'card_error', code: 'authentication_required', message: 'This payment requires authentication.' },
    });
    expect(await answering(needsPayer).charge(chargeInput())).toEqual({
      status: 'declined',
      reason: 'This payment requires authentication.',
      providerPaymentId: 'pi_3Off',
    });
  });

  it("turns a declined card (Stripe's 402 card_error) into a declined outcome with Stripe's message", async () => {
    const { fetcher, calls } = stub({
      'POST /v1/payment_intents': () => [
        402,
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
            charge: 'ch_3Off',
            payment_intent: intent('requires_payment_method'),
            doc_url: 'https://stripe.com/docs/error-codes/card-declined',
          },
        },
      ],
    });
    expect(await stripeVault(config(), 'http://dojo.test', fetcher).charge(chargeInput())).toEqual({
      status: 'declined',
      reason: 'Your card has insufficient funds.',
      providerPaymentId: 'pi_3Off',
    });
    expect(calls).toHaveLength(1);
  });

  it('throws 503 on an outage, a rate limit, our own keys refused or an unreachable Stripe, so the attempt is retried with the same key', async () => {
    for (const [status, error] of [
      [500, { type: 'api_error', message: 'An unknown error occurred' }],
      [429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' }],
      [401, { type: 'invalid_request_error', message: 'Invalid API Key provided' }],
      [400, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' }],
    ] as const) {
      const { fetcher, calls } = stub({ 'POST /v1/payment_intents': () => [status, { error }] });
      const attempt = stripeVault(config(), 'http://dojo.test', fetcher).charge(chargeInput());
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ status: 503, message: 'The payment service could not be reached. Please try again.' });
      expect(calls).toHaveLength(1);
    }
    const offline = (async () => {
      throw new TypeError('Network connection lost.');
    }) as typeof fetch;
    await expect(stripeVault(config(), 'http://dojo.test', offline).charge(chargeInput())).rejects.toMatchObject({ status: 503 });
  });

  it('declines a method Stripe no longer has (a 400 about the request), so the payer is asked for another', async () => {
    const message = "No such PaymentMethod: 'pm_1Card'";
    const { fetcher } = stub({
      'POST /v1/payment_intents': () => [
        400,
        { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message } },
      ],
    });
    expect(await stripeVault(config(), 'http://dojo.test', fetcher).charge(chargeInput())).toEqual({
      status: 'declined',
      reason: message,
      providerPaymentId: null,
    });
  });

  it('declines without asking Stripe when the customer or the method is missing', async () => {
    const { fetcher, calls } = stub({});
    const vault = stripeVault(config(), 'http://dojo.test', fetcher);
    const noMethod = { status: 'declined', reason: BILLING_MESSAGES.noMethod, providerPaymentId: null };
    expect(await vault.charge(chargeInput({ providerCustomerId: null }))).toEqual(noMethod);
    expect(await vault.charge(chargeInput({ providerMethodId: '' }))).toEqual(noMethod);
    expect(calls).toHaveLength(0);
  });
});
