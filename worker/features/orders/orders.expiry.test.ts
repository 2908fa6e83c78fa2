import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '#db/schema/index.ts';
import { createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import worker from '#worker/index.ts';
import { orderSettlement } from './orders.settlement.ts';
import { expireUnpaidOrders } from './orders.jobs.ts';
import {
  checkout,
  insertCoupon,
  insertProduct,
  line,
  orderRow,
  paidOrder,
  placeOrder,
  stockOf,
  usesOf,
  verify,
} from './orders.test-helpers.ts';

const backdate = (id: string) =>
  testDb()
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.id, id));

describe('expiry of unpaid orders', () => {
  it("cancels orders past their window with 'Payment not received in time', stock and coupon use back, once", async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const coupon = await insertCoupon({ usageLimit: 5 });
    const due = (await placeOrder(buyer, checkout({ couponCode: coupon.code, items: [line(gi.id, 2)] }))).body.data;
    const fresh = (await placeOrder(buyer, checkout({ items: [line(gi.id, 3)] }))).body.data;
    await backdate(due.order._id);
    expect(await stockOf(gi.id)).toBe(5);
    const { expired } = await expireUnpaidOrders(testServiceCtx());
    expect(expired).toContain(due.order._id);
    expect(expired).not.toContain(fresh.order._id);
    expect(await orderRow(due.order._id)).toMatchObject({ status: 'cancelled', cancelReason: 'Payment not received in time' });
    expect((await orderRow(fresh.order._id))!.status).toBe('pending_payment');
    expect(await stockOf(gi.id)).toBe(7);
    expect((await usesOf(coupon.id))[0]!.status).toBe('released');
    expect((await expireUnpaidOrders(testServiceCtx())).expired).not.toContain(due.order._id);
    expect(await stockOf(gi.id)).toBe(7);
    // paying after expiry does not bring it back
    expect((await verify(buyer, due.order._id, due.payment.sessionId)).status).toBe(409);
  });

  it("runs from the Worker's scheduled handler", async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order } = (await placeOrder(buyer, checkout({ items: [line(gi.id, 4)] }))).body.data;
    await backdate(order._id);
    const exec = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '* * * * *', scheduledTime: Date.now() }), env as never, exec);
    await waitOnExecutionContext(exec);
    expect((await orderRow(order._id))!.status).toBe('cancelled');
    expect(await stockOf(gi.id)).toBe(10);
  });
});

/** A refund reported by the provider, as the webhook batches it: the payment row refunded at `at`, then the order's statements. */
function providerRefund(orderId: string, paymentId: string) {
  const db = testDb();
  const at = new Date();
  const payment = db
    .update(payments)
    .set({ status: 'refunded', refundedAt: at, updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'succeeded')));
  return db.batch([payment, ...orderSettlement.refunded(db, orderId, { paymentId, at })]);
}

describe('orderSettlement.refunded (a refund reported by the provider)', () => {
  it('marks a paid order refunded, restocks and releases its coupon use, once', async () => {
    const { order, product, payment } = await paidOrder({}, 3);
    await providerRefund(order._id, payment.paymentRecordId);
    expect((await orderRow(order._id))!.status).toBe('refunded');
    expect(await stockOf(product.id)).toBe(10);
    await providerRefund(order._id, payment.paymentRecordId);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('does not restock goods that shipped', async () => {
    const { order, product, payment } = await paidOrder({}, 2);
    await testDb().update(orders).set({ status: 'shipped' }).where(eq(orders.id, order._id));
    await providerRefund(order._id, payment.paymentRecordId);
    expect((await orderRow(order._id))!.status).toBe('refunded');
    expect(await stockOf(product.id)).toBe(8);
  });

  it('leaves a pending order alone', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order, payment } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    await providerRefund(order._id, payment.paymentRecordId);
    expect((await orderRow(order._id))!.status).toBe('pending_payment');
    expect(await stockOf(gi.id)).toBe(9);
  });
});
