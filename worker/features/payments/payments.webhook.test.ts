import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { newId } from '#core/ids.ts';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import { courseEnrollments, membershipEnrollments, orderItems, orders, paymentEvents, payments, products } from '#db/schema/index.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';
import { verifyPurchasePayment } from '#worker/lib/payments/records.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import { api, createUser, testDb, testServiceCtx, type TestUser } from '#test/helpers.ts';
import { enroll, insertCourse } from '#test/enrollment-helpers.ts';
import { insertMembership, purchase } from '#test/membership-helpers.ts';
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

async function razorpayPayment(user: TestUser, purchase?: { type: PurchaseType; id: string }) {
  const orderId = purchase?.id ?? (await pendingOrder(user, 4355));
  const row = {
    id: newId(),
    userId: user.id,
    purchaseType: purchase?.type ?? 'order',
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

/**
 * Razorpay at fetch, with its documented shapes: GET /payments/:id reads a payment as captured, or
 * refunded once it is in `refunded`; POST /payments/:id/refund refunds it. `down` answers 503 (`refundDown`: the refund call only).
 */
function razorpayAtFetch() {
  const at = { refunded: [] as string[], refunds: [] as string[], down: false, refundDown: false, orderOf: {} as Record<string, string> };
  const original = globalThis.fetch;
  const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== 'api.razorpay.com') return original(input, init); // the database
    if (at.down) return Response.json({ error: { code: 'SERVER_ERROR', description: 'The server is down' } }, { status: 503 });
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    if (refund && init?.method === 'POST') {
      if (at.refundDown) return Response.json({ error: { code: 'SERVER_ERROR', description: 'The server is down' } }, { status: 503 });
      at.refunds.push(refund[1]!);
      at.refunded.push(refund[1]!);
      return Response.json({ id: `rfnd_${newId()}`, entity: 'refund', amount: 4355, payment_id: refund[1] });
    }
    const got = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
    if (!got) return new Response('{}', { status: 404 });
    const refunded = at.refunded.includes(got[1]!);
    return Response.json({
      id: got[1],
      entity: 'payment',
      ...(at.orderOf[got[1]!] ? { order_id: at.orderOf[got[1]!] } : {}),
      amount: 4355,
      currency: 'CAD',
      status: refunded ? 'refunded' : 'captured',
      amount_refunded: refunded ? 4355 : 0,
      captured: true,
    });
  });
  onTestFinished(() => fetched.mockRestore());
  return { at, restore: () => fetched.mockRestore() };
}

/**
 * Two Razorpay payments for one purchase, both captured: the first pays it, the second is refunded at
 * Razorpay (its refund API stubbed as documented), and then Razorpay reports that refund by webhook.
 */
async function duplicateRefundReported(user: TestUser, purchase: { type: PurchaseType; id: string }) {
  const first = (await razorpayPayment(user, purchase)).row;
  const second = (await razorpayPayment(user, purchase)).row;
  const { at, restore } = razorpayAtFetch();
  const captured = (id: string, sessionId: string) =>
    delivery('payment.captured', { id, order_id: sessionId, amount: 4355, currency: 'CAD', status: 'captured' });
  const [payA, payB] = [`pay_${newId()}`, `pay_${newId()}`];
  await handleWebhook(ctx(), 'razorpay', await captured(payA, first.sessionId));
  await handleWebhook(ctx(), 'razorpay', await captured(payB, second.sessionId));
  expect(at.refunds).toEqual([payB]);
  expect((await paymentRow(second.id))?.status).toBe('refunded');
  const reported = await delivery('refund.processed', { id: `rfnd_${newId()}`, payment_id: payB, amount: 4355 }, undefined, 'refund');
  expect(await handleWebhook(ctx(), 'razorpay', reported)).toEqual({ received: true });
  restore();
  return { first, payA };
}

describe('payment webhooks (Razorpay, signatures computed here)', () => {
  it('settles the order once: a replay of the same event id changes nothing', async () => {
    razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const d = await delivery('payment.captured', {
      id: `pay_${newId()}`,
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
    const events = await testDb().select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id));
    expect(events).toHaveLength(1);
  });

  it('tells a replay by the signed body, not by the unsigned X-Razorpay-Event-Id header', async () => {
    razorpayAtFetch();
    const user = await createUser();
    const { row } = await razorpayPayment(user);
    const payment = `pay_${newId()}`;
    const entity = { id: payment, order_id: row.sessionId, amount: 4355, currency: 'CAD', status: 'captured' };
    await handleWebhook(ctx(), 'razorpay', await delivery('payment.captured', entity));
    const refund = { id: `rfnd_${newId()}`, payment_id: payment, amount: 4355 };
    expect(await handleWebhook(ctx(), 'razorpay', await delivery('refund.processed', refund, 'evt_a', 'refund'))).toEqual({
      received: true,
    });
    // The same signed body again under a header id of the sender's choosing.
    expect(await handleWebhook(ctx(), 'razorpay', await delivery('refund.processed', refund, 'evt_b', 'refund'))).toEqual({
      received: true,
      duplicate: true,
    });
  });

  it("leaves a paid order alone when the automatically refunded duplicate payment's refund is reported", async () => {
    const user = await createUser();
    const product = await testDb()
      .insert(products)
      .values({ id: newId(), name: `Gi ${newId()}`, priceCents: 4355, stockQuantity: 9, category: 'uniforms', sku: `SKU-${newId()}` })
      .returning()
      .get();
    const orderId = await pendingOrder(user, 4355);
    await testDb().insert(orderItems).values({
      id: newId(),
      orderId,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      quantity: 1,
      unitPriceCents: 4355,
      originalUnitPriceCents: 4355,
      gstRateBp: 0,
      totalCents: 4355,
    });
    const { first } = await duplicateRefundReported(user, { type: 'order', id: orderId });
    expect(await orderStatus(orderId)).toBe('paid');
    expect((await paymentRow(first.id))?.status).toBe('succeeded');
    expect((await testDb().select().from(products).where(eq(products.id, product.id)).get())?.stockQuantity).toBe(9);
  });

  it('leaves a paid course enrolment and membership alone on the duplicate refund, and follows the refund of the payment that paid them', async () => {
    const user = await createUser({ role: 'student' });
    const course = await enroll(user, { courseId: (await insertCourse()).id });
    const { membership, plan } = await insertMembership();
    const bought = await purchase(user, { membershipId: membership.id, planId: plan.id });
    const purchases = [
      { type: 'course_enrollment' as const, id: course.body.data.enrollment._id as string, table: courseEnrollments },
      { type: 'membership' as const, id: bought.body.data.enrollment._id as string, table: membershipEnrollments },
    ];
    for (const p of purchases) {
      const state = async () => (await testDb().select().from(p.table).where(eq(p.table.id, p.id)).get())?.paymentStatus;
      const { payA } = await duplicateRefundReported(user, p);
      expect(await state(), p.type).toBe('paid');
      const genuine = await delivery('refund.processed', { id: `rfnd_${newId()}`, payment_id: payA, amount: 4355 }, undefined, 'refund');
      await handleWebhook(ctx(), 'razorpay', genuine);
      expect(await state(), p.type).toBe('refunded');
    }
  });

  it('only moves forward: a failure after the payment succeeded is ignored; a refund refunds the order', async () => {
    razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const payment = `pay_${newId()}`;
    const entity = { id: payment, order_id: row.sessionId, amount: 4355, currency: 'CAD', status: 'captured' };
    await handleWebhook(ctx(), 'razorpay', await delivery('payment.captured', entity));
    await handleWebhook(ctx(), 'razorpay', await delivery('payment.failed', { ...entity, status: 'failed' }));
    expect((await paymentRow(row.id))?.status).toBe('succeeded');
    await handleWebhook(
      ctx(),
      'razorpay',
      await delivery('refund.processed', { id: `rfnd_${newId()}`, payment_id: payment, amount: 4355 }, undefined, 'refund'),
    );
    expect((await paymentRow(row.id))?.status).toBe('refunded');
    expect(await orderStatus(orderId)).toBe('refunded');
  });

  /** A first attempt in the Razorpay order fails (its payment.failed arrives); the buyer tries again in the same order. */
  async function failedAttempt(sessionId: string) {
    const failed = { id: `pay_${newId()}`, order_id: sessionId, amount: 4355, currency: 'CAD', status: 'failed' };
    expect(await handleWebhook(ctx(), 'razorpay', await delivery('payment.failed', failed))).toEqual({ received: true });
  }

  it('settles a capture after a failed attempt in the same Razorpay order: a failed attempt is not final', async () => {
    razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    await failedAttempt(row.sessionId);
    expect((await paymentRow(row.id))?.status).toBe('failed');
    const payment = `pay_${newId()}`;
    const captured = { id: payment, order_id: row.sessionId, amount: 4355, currency: 'CAD', status: 'captured' };
    expect(await handleWebhook(ctx(), 'razorpay', await delivery('payment.captured', captured))).toEqual({ received: true });
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await paymentRow(row.id)).toMatchObject({ status: 'succeeded', providerPaymentId: payment, failureReason: null });
  });

  it('refunds a capture after a failed attempt when the order is no longer awaiting payment', async () => {
    const { at } = razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    await failedAttempt(row.sessionId);
    await testDb().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const payment = `pay_${newId()}`;
    const captured = { id: payment, order_id: row.sessionId, amount: 4355, currency: 'CAD', status: 'captured' };
    expect(await handleWebhook(ctx(), 'razorpay', await delivery('payment.captured', captured))).toEqual({ received: true });
    expect(at.refunds).toEqual([payment]);
    expect(await paymentRow(row.id)).toMatchObject({ status: 'refunded', providerPaymentId: payment });
    expect(await orderStatus(orderId)).toBe('cancelled');
  });

  it('verify-payment settles the payment the buyer made after a failed attempt in the same Razorpay order', async () => {
    const { at } = razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    await failedAttempt(row.sessionId);
    const paymentId = `pay_${newId()}`;
    at.orderOf[paymentId] = row.sessionId;
    const signature = await hmacSha256Hex(SECRETS.RAZORPAY_KEY_SECRET, `${row.sessionId}|${paymentId}`);
    // What POST /api/orders/verify-payment (and each purchase's verify-payment) runs.
    const verified = await verifyPurchasePayment(ctx(), SETTLEMENTS.order!, {
      purchaseType: 'order',
      purchaseId: orderId,
      proof: { sessionId: row.sessionId, paymentId, signature },
    });
    expect(verified.purchasePaid).toBe(true);
    expect(verified.payment.status).toBe('succeeded');
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await paymentRow(row.id)).toMatchObject({ status: 'succeeded', providerPaymentId: paymentId });
  });

  it('settles a payment.captured by the payment Razorpay holds now: one refunded since leaves the order unpaid', async () => {
    const { at } = razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const payment = `pay_${newId()}`;
    at.refunded.push(payment); // refunded in Razorpay's dashboard before the school heard of it
    const late = await delivery('payment.captured', {
      id: payment,
      order_id: row.sessionId,
      amount: 4355,
      currency: 'CAD',
      status: 'captured',
    });
    expect(await handleWebhook(ctx(), 'razorpay', late)).toEqual({ received: true });
    expect(await orderStatus(orderId)).toBe('pending_payment');
    expect(await paymentRow(row.id)).toMatchObject({ status: 'refunded', providerPaymentId: payment });
  });

  it('refunds a capture for a payment cancelled here: once across two deliveries, retryable when the refund call fails, the order unpaid', async () => {
    const { at } = razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const cancelled = await api(`/api/payments/cancel/${row.id}`, { method: 'POST', token: user.token, body: {} });
    expect(cancelled.body.payment).toMatchObject({ status: 'cancelled' });
    const payment = `pay_${newId()}`;
    const entity = { id: payment, order_id: row.sessionId, amount: 4355, currency: 'CAD', status: 'captured' };
    const [captured, paid] = [await delivery('payment.captured', entity), await delivery('order.paid', entity)];
    at.refundDown = true;
    await expect(handleWebhook(ctx(), 'razorpay', captured)).rejects.toMatchObject({ status: 503 });
    expect(await paymentRow(row.id)).toMatchObject({ status: 'cancelled' });
    expect(await testDb().select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id))).toHaveLength(0);
    at.refundDown = false;
    expect(await handleWebhook(ctx(), 'razorpay', captured)).toEqual({ received: true });
    expect(await handleWebhook(ctx(), 'razorpay', paid)).toEqual({ received: true });
    expect(at.refunds).toEqual([payment]);
    expect(await paymentRow(row.id)).toMatchObject({ status: 'refunded', providerPaymentId: payment });
    expect(await orderStatus(orderId)).toBe('pending_payment');
    expect((await testDb().select().from(orders).where(eq(orders.id, orderId)).get())?.paidByPaymentId).toBeNull();
  });

  it('answers 503 when Razorpay cannot say what it holds, keeps no record of the event, and settles on the retry', async () => {
    const { at } = razorpayAtFetch();
    const user = await createUser();
    const { orderId, row } = await razorpayPayment(user);
    const d = await delivery('payment.captured', {
      id: `pay_${newId()}`,
      order_id: row.sessionId,
      amount: 4355,
      currency: 'CAD',
      status: 'captured',
    });
    at.down = true;
    await expect(handleWebhook(ctx(), 'razorpay', d)).rejects.toMatchObject({ status: 503 });
    expect(await orderStatus(orderId)).toBe('pending_payment');
    expect(await testDb().select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id))).toHaveLength(0);
    at.down = false;
    expect(await handleWebhook(ctx(), 'razorpay', d)).toEqual({ received: true });
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it('refuses a forged signature with 400 and ignores events for payments it does not know', async () => {
    razorpayAtFetch();
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
    // The PaymentIntent as Stripe holds it now (GET /v1/payment_intents/:id, its charge expanded): paid, not refunded.
    const original = globalThis.fetch;
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host !== 'api.stripe.com') return original(input, init); // the database
      if (url.pathname !== '/v1/payment_intents/pi_test_1')
        return Response.json({ error: { type: 'invalid_request_error' } }, { status: 404 });
      const charge = { id: 'ch_test_1', object: 'charge', amount: 4355, amount_refunded: 0, refunded: false, payment_intent: 'pi_test_1' };
      return Response.json({
        id: 'pi_test_1',
        object: 'payment_intent',
        amount: 4355,
        currency: 'cad',
        status: 'succeeded',
        latest_charge: charge,
      });
    });
    onTestFinished(() => fetched.mockRestore());
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
