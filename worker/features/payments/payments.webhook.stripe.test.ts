import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { newId } from '#core/ids.ts';
import { paymentEvents, payments } from '#db/schema/index.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import { createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { insertOrder } from '#test/order-helpers.ts';
import { orderStatus, paymentRow } from './payments.test-helpers.ts';
import { handleWebhook } from './payments.webhook.ts';

const SECRETS = { STRIPE_SECRET_KEY: 'sk_test_of_the_test', STRIPE_WEBHOOK_SECRET: 'whsec_of_the_test' };
const ctx = () => testServiceCtx({ config: { ...loadConfig(env as unknown as Bindings), ...SECRETS } });

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** An Event delivered with the Stripe-Signature header as Stripe documents it: `t=<unix>,v1=<HMAC-SHA256(secret, "<t>.<body>")>`. */
async function delivery(type: string, object: unknown) {
  const rawBody = JSON.stringify({ id: `evt_${newId()}`, object: 'event', created: Math.floor(Date.now() / 1000), data: { object }, type });
  const t = Math.floor(Date.now() / 1000);
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(SECRETS.STRIPE_WEBHOOK_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const v1 = toHex(await crypto.subtle.sign('HMAC', key, enc.encode(`${t}.${rawBody}`)));
  return { rawBody, headers: new Headers({ 'stripe-signature': `t=${t},v1=${v1}` }) };
}

/** Stripe at fetch: the PaymentIntent read back (expanded latest_charge) reads as succeeded; every other request is recorded and refused. */
function stripeAtFetch(intentId: string, metadata: Record<string, string>) {
  const seen: string[] = [];
  const original = globalThis.fetch;
  const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== 'api.stripe.com') return original(input, init); // the database
    seen.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname !== `/v1/payment_intents/${intentId}`)
      return Response.json({ error: { type: 'invalid_request_error', message: 'unexpected' } }, { status: 400 });
    return Response.json({
      id: intentId,
      object: 'payment_intent',
      amount: 4355,
      currency: 'cad',
      status: 'succeeded',
      metadata,
      latest_charge: {
        id: 'ch_1',
        object: 'charge',
        amount: 4355,
        amount_refunded: 0,
        paid: true,
        payment_intent: intentId,
        status: 'succeeded',
      },
    });
  });
  onTestFinished(() => fetched.mockRestore());
  return seen;
}

type Settling = 'checkout.session.completed' | 'payment_intent.succeeded';

/** An ordinary Checkout payment of an order, reported by both of Stripe's settling events in the order given. */
async function settledByBoth(order: [Settling, Settling]) {
  const user = await createUser();
  const orderId = await insertOrder(user, 4355);
  const row = {
    id: newId(),
    userId: user.id,
    purchaseType: 'order' as const,
    purchaseId: orderId,
    gateway: 'stripe' as const,
    sessionId: `cs_test_${newId()}`,
    amountCents: 4355,
    currency: 'CAD',
  };
  await testDb().insert(payments).values(row);
  const intentId = `pi_${newId()}`;
  const metadata = { paymentRecordId: row.id, purchaseType: 'order', purchaseId: orderId };
  const seen = stripeAtFetch(intentId, metadata);
  const afterPaid = vi.spyOn(SETTLEMENTS.order!, 'afterPaid');
  onTestFinished(() => afterPaid.mockRestore());
  const events = {
    'checkout.session.completed': {
      id: row.sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 4355,
      currency: 'cad',
      client_reference_id: row.id,
      metadata,
      payment_intent: intentId,
    },
    'payment_intent.succeeded': {
      id: intentId,
      object: 'payment_intent',
      amount: 4355,
      currency: 'cad',
      status: 'succeeded',
      metadata,
      latest_charge: 'ch_1',
    },
  } as const;

  expect(await handleWebhook(ctx(), 'stripe', await delivery(order[0], events[order[0]]))).toEqual({
    received: true,
  });
  const settled = await paymentRow(row.id);
  expect(settled).toMatchObject({ status: 'succeeded', providerPaymentId: intentId });
  expect(await orderStatus(orderId)).toBe('paid');

  // A new event id, so not a replay: the payment's conditional move is what keeps it from settling again.
  expect(await handleWebhook(ctx(), 'stripe', await delivery(order[1], events[order[1]]))).toEqual({
    received: true,
  });
  expect(await paymentRow(row.id)).toEqual(settled);
  expect(await orderStatus(orderId)).toBe('paid');
  expect(afterPaid).toHaveBeenCalledTimes(1);
  // Both events were read back from Stripe; nothing was refunded as a duplicate.
  expect(seen).toEqual([`GET /v1/payment_intents/${intentId}`, `GET /v1/payment_intents/${intentId}`]);
  expect(await testDb().select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id))).toHaveLength(2);
}

describe('Stripe webhooks: one Checkout payment, two settling events', () => {
  it('settles the order once when payment_intent.succeeded follows checkout.session.completed', () =>
    settledByBoth(['checkout.session.completed', 'payment_intent.succeeded']));
  it('settles the order once when payment_intent.succeeded comes first', () =>
    settledByBoth(['payment_intent.succeeded', 'checkout.session.completed']));
});
