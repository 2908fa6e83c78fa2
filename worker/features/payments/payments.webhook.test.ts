import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { paymentEvents, payments } from '#db/schema/index.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';
import { api, createUser, testDb, testServiceCtx, type TestUser } from '#test/helpers.ts';
import { insertOrder as pendingOrder } from '#test/order-helpers.ts';
import { orderStatus, paymentRow } from './payments.test-helpers.ts';
import { handleWebhook } from './payments.webhook.ts';

const SECRETS = {
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'key-secret-of-the-test',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-the-test',
  STRIPE_SECRET_KEY: 'sk_test_of_the_test',
  STRIPE_WEBHOOK_SECRET: 'whsec_of_the_test',
};
const ctx = () => testServiceCtx({ config: { ...loadConfig(env as unknown as Bindings), ...SECRETS } });

async function razorpayPayment(user: TestUser) {
  const orderId = await pendingOrder(user, 4355);
  const row = {
    id: newId(),
    userId: user.id,
    purchaseType: 'order' as const,
    purchaseId: orderId,
    gateway: 'razorpay' as const,
    sessionId: `order_${newId()}`,
    amountCents: 4355,
    currency: 'CAD',
  };
  await testDb().insert(payments).values(row);
  return { orderId, row };
}

async function delivery(event: string, entity: Record<string, unknown>, eventId = `evt_${newId()}`, key: 'payment' | 'refund' = 'payment') {
  const rawBody = JSON.stringify({ entity: 'event', event, payload: { [key]: { entity } }, created_at: Math.floor(Date.now() / 1000) });
  const headers = new Headers({
    'x-razorpay-signature': await hmacSha256Hex(SECRETS.RAZORPAY_WEBHOOK_SECRET, rawBody),
    'x-razorpay-event-id': eventId,
  });
  return { rawBody, headers, eventId };
}

describe('payment webhooks (Razorpay, signatures computed here)', () => {
  it('settles the order once: a replay of the same event id changes nothing', async () => {
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const d = await delivery('payment.captured', {
      id: 'pay_1',
      order_id: row.sessionId,
      amount: 4355,
      currency: 'CAD',
      status: 'captured',
      notes: { paymentRecordId: row.id },
    });
    expect(await handleWebhook(ctx(), 'razorpay', d)).toEqual({ received: true });
    expect(await orderStatus(orderId)).toBe('paid');
    expect((await paymentRow(row.id))?.status).toBe('succeeded');
    expect(await handleWebhook(ctx(), 'razorpay', d)).toEqual({ received: true, duplicate: true });
    const events = await testDb().select().from(paymentEvents).where(eq(paymentEvents.eventId, d.eventId));
    expect(events).toHaveLength(1);
  });

  it('only moves forward: a failure after the payment succeeded is ignored; a refund refunds the order', async () => {
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const entity = { id: 'pay_2', order_id: row.sessionId, amount: 4355, currency: 'CAD', status: 'captured' };
    await handleWebhook(ctx(), 'razorpay', await delivery('payment.captured', entity));
    await handleWebhook(ctx(), 'razorpay', await delivery('payment.failed', { ...entity, status: 'failed' }));
    expect((await paymentRow(row.id))?.status).toBe('succeeded');
    await handleWebhook(
      ctx(),
      'razorpay',
      await delivery('refund.processed', { id: 'rfnd_1', payment_id: 'pay_2', amount: 4355 }, undefined, 'refund'),
    );
    expect((await paymentRow(row.id))?.status).toBe('refunded');
    expect(await orderStatus(orderId)).toBe('refunded');
  });

  it('refuses a forged signature with 400 and ignores events for payments it does not know', async () => {
    const d = await delivery('payment.captured', {
      id: 'pay_3',
      order_id: 'order_unknown',
      amount: 1,
      currency: 'CAD',
      status: 'captured',
    });
    expect(await handleWebhook(ctx(), 'razorpay', d)).toEqual({ received: true, ignored: true });
    await expect(
      handleWebhook(ctx(), 'razorpay', { rawBody: d.rawBody, headers: new Headers({ 'x-razorpay-signature': '00' }) }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('settles an order from a signed Stripe checkout.session.completed, once', async () => {
    const user = await createUser();
    const orderId = await pendingOrder(user, 4355);
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
    const rawBody = JSON.stringify({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: row.sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 4355,
          currency: 'cad',
          payment_intent: 'pi_test_1',
          client_reference_id: row.id,
          metadata: { paymentRecordId: row.id },
        },
      },
    });
    // Stripe's documented scheme: v1 = HMAC-SHA256(secret, `${t}.${body}`).
    const t = Math.floor(Date.now() / 1000);
    const sig = await hmacSha256Hex(SECRETS.STRIPE_WEBHOOK_SECRET, `${t}.${rawBody}`);
    const d = { rawBody, headers: new Headers({ 'stripe-signature': `t=${t},v1=${sig}` }) };
    expect(await handleWebhook(ctx(), 'stripe', d)).toEqual({ received: true });
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await paymentRow(row.id)).toMatchObject({ status: 'succeeded', providerPaymentId: 'pi_test_1' });
    expect(await handleWebhook(ctx(), 'stripe', d)).toEqual({ received: true, duplicate: true });
  });

  it('answers 400 through the API for a gateway that is not configured', async () => {
    const res = await api('/api/payments/webhooks/stripe', { method: 'POST', body: { id: 'evt' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Payment method stripe is not available');
  });
});
