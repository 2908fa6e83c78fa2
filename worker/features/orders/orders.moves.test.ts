import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { checkout, insertCoupon, insertProduct, line, orderRow, paidOrder, placeOrder, stockOf, usesOf } from './orders.test-helpers.ts';

const cancel = (token: string, id: string, body: unknown = {}) => api(`/api/orders/${id}/cancel`, { method: 'PATCH', token, body });
const setStatus = (token: string, id: string, status: string) =>
  api(`/api/orders/${id}/status`, { method: 'PATCH', token, body: { status } });
const paymentStatus = async (orderId: string) =>
  (
    await testDb()
      .select()
      .from(payments)
      .where(and(eq(payments.purchaseType, 'order'), eq(payments.purchaseId, orderId)))
      .get()
  )?.status;

describe('PATCH /api/orders/:id/cancel', () => {
  it("cancels your own pending order with 'Cancelled by user', giving stock and coupon use back once", async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const coupon = await insertCoupon({ usageLimit: 1 });
    const { order } = (await placeOrder(buyer, checkout({ couponCode: coupon.code, items: [line(gi.id, 3)] }))).body.data;
    expect(await stockOf(gi.id)).toBe(7);
    const res = await cancel(buyer.token, order._id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'Cancelled by user' });
    expect(await stockOf(gi.id)).toBe(10);
    expect((await usesOf(coupon.id))[0]!.status).toBe('released');
    const twice = await cancel(buyer.token, order._id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Cannot change an order from cancelled to cancelled');
    expect(await stockOf(gi.id)).toBe(10);
    // the released use can be taken again by someone else
    const other = await createUser();
    expect((await placeOrder(other, checkout({ couponCode: coupon.code, items: [line(gi.id)] }))).status).toBe(201);
  });

  it('refunds a paid order through its gateway and ends it refunded, with the reason given', async () => {
    const { buyer, order, product } = await paidOrder({}, 2);
    const res = await cancel(buyer.token, order._id, { cancelReason: 'Wrong size' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderStatus: 'refunded', cancelReason: 'Wrong size' });
    expect(res.body.data.refundedAt).not.toBeNull();
    expect(await paymentStatus(order._id)).toBe('refunded');
    expect(await stockOf(product.id)).toBe(10);
  });

  it("answers 404 for another buyer's order and lets an admin cancel with 'Cancelled by admin'", async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    const stranger = await createUser({ role: 'member' });
    expect((await cancel(stranger.token, order._id)).status).toBe(404);
    expect((await api(`/api/orders/${order._id}`, { token: stranger.token })).status).toBe(404);
    const admin = await createUser({ role: 'admin' });
    const res = await cancel(admin.token, order._id);
    expect(res.body.data).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'Cancelled by admin' });
  });

  it('refuses to cancel a shipped order (409)', async () => {
    const { buyer, order } = await paidOrder();
    const admin = await createUser({ role: 'admin' });
    await setStatus(admin.token, order._id, 'processing');
    await setStatus(admin.token, order._id, 'shipped');
    const res = await cancel(buyer.token, order._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot change an order from shipped to cancelled');
  });
});

describe('PATCH /api/orders/:id/status', () => {
  it('moves a paid order along the life cycle with its timestamps, and refuses other moves with 409', async () => {
    const { order, product } = await paidOrder();
    const admin = await createUser({ role: 'grandmaster' });
    expect((await setStatus(admin.token, order._id, 'shipped')).body.message).toBe('Cannot change an order from paid to shipped');
    expect((await setStatus(admin.token, order._id, 'processing')).body.data.orderStatus).toBe('processing');
    const shipped = await setStatus(admin.token, order._id, 'shipped');
    expect(shipped.body.data.shippedAt).not.toBeNull();
    const back = await setStatus(admin.token, order._id, 'paid');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('Cannot change an order from shipped to paid');
    expect((await setStatus(admin.token, order._id, 'delivered')).body.data.deliveredAt).not.toBeNull();
    const refunded = await setStatus(admin.token, order._id, 'refunded');
    expect(refunded.body.data.orderStatus).toBe('refunded');
    expect(await paymentStatus(order._id)).toBe('refunded');
    // delivered goods are not back on the shelf
    expect(await stockOf(product.id)).toBe(9);
    expect((await setStatus(admin.token, order._id, 'processing')).status).toBe(409);
  });

  it('refuses to mark a pending order paid by hand', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    const admin = await createUser({ role: 'admin' });
    const res = await setStatus(admin.token, order._id, 'paid');
    expect(res.status).toBe(409);
    expect((await orderRow(order._id))!.status).toBe('pending_payment');
  });

  it('cancelling a processing order as admin refunds it and restocks', async () => {
    const { order, product } = await paidOrder({}, 4);
    const admin = await createUser({ role: 'admin' });
    await setStatus(admin.token, order._id, 'processing');
    const res = await setStatus(admin.token, order._id, 'cancelled');
    expect(res.body.data).toMatchObject({ orderStatus: 'refunded', cancelReason: 'Cancelled by admin' });
    expect(await stockOf(product.id)).toBe(10);
  });

  it("refuses an unknown status in the spec's words", async () => {
    const { order } = await paidOrder();
    const admin = await createUser({ role: 'admin' });
    const res = await setStatus(admin.token, order._id, 'lost');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Status must be one of: pending_payment, paid/);
  });
});
