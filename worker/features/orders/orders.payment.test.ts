import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, orders, payments } from '#db/schema/index.ts';
import { currencySettings } from '#core/shop/currency.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import {
  approve,
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

const paymentsOf = (orderId: string) =>
  testDb()
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseType, 'order'), eq(payments.purchaseId, orderId)));

describe('POST /api/orders/verify-payment', () => {
  it('marks the order paid once, confirms its coupon use and mails the confirmation', async () => {
    const buyer = await createUser();
    const gi = await insertProduct({ name: 'Gi <b>Pro</b>', priceCents: 4500, gstRateBp: 1300, shippingFeeCents: 500 });
    const coupon = await insertCoupon({ discountType: 'fixed', discountValue: 500 });
    const created = await placeOrder(buyer, checkout({ couponCode: coupon.code, items: [line(gi.id, 2)] }));
    const { order, payment } = created.body.data;
    const res = await verify(buyer, order._id, payment.sessionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Payment verified' });
    expect(res.body.data.order).toMatchObject({ orderStatus: 'paid' });
    expect(res.body.data.payment).toMatchObject({ status: 'succeeded', purchaseType: 'order', purchaseId: order._id, gateway: 'sandbox' });
    expect((await usesOf(coupon.id))[0]!.status).toBe('confirmed');
    await settleDeferred();
    const mail = await testDb()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Order confirmation ${order.orderNumber}`))
      .get();
    expect(mail).toBeDefined();
    expect(mail!.to).toBe('aiko@example.test');
    // 2 × 45.00 = 90.00 − 5.00 = 85.00; GST 11.05; shipping 10.00; total 106.05
    expect(mail!.text).toContain('Total: $106.05');
    expect(mail!.text).toContain('Tax (13%): $11.05');
    expect(mail!.text).toMatch(/Shipping to:\n/);
    expect(mail!.text).toContain('Shipping: $10.00');
    expect(mail!.html).toContain('Gi &lt;b&gt;Pro&lt;/b&gt;');
    expect(mail!.html).not.toContain('<b>Pro</b>');
  });

  it('is idempotent: the same proof again changes nothing and sends no second mail', async () => {
    const { buyer, order, payment, verified } = await paidOrder();
    expect(verified.status).toBe(200);
    const proof = await approve(payment.sessionId);
    const again = await api('/api/orders/verify-payment', { method: 'POST', token: buyer.token, body: { orderId: order._id, ...proof } });
    expect(again.status).toBe(200);
    expect(again.body.data.order.orderStatus).toBe('paid');
    expect(await paymentsOf(order._id)).toHaveLength(1);
    await settleDeferred();
    const mails = await testDb()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Order confirmation ${order.orderNumber}`));
    expect(mails).toHaveLength(1);
  });

  it('refuses a forged signature with "Payment verification failed…" and leaves the order pending', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order, payment } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    const proof = await approve(payment.sessionId);
    const res = await api('/api/orders/verify-payment', {
      method: 'POST',
      token: buyer.token,
      body: { orderId: order._id, ...proof, signature: '0'.repeat(64) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Payment verification failed/);
    expect((await orderRow(order._id))!.status).toBe('pending_payment');
  });

  it("answers 404 for another buyer's order", async () => {
    const { order, payment } = await paidOrder();
    const stranger = await createUser();
    const res = await verify(stranger, order._id, payment.sessionId);
    expect(res.status).toBe(404);
  });

  it('refunds a payment that arrives after the order expired, and says so', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order, payment } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    await api(`/api/orders/${order._id}/cancel`, { method: 'PATCH', token: buyer.token, body: {} });
    const res = await verify(buyer, order._id, payment.sessionId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Payment verification failed/);
    expect((await paymentsOf(order._id))[0]!.status).toBe('refunded');
    expect((await orderRow(order._id))!.status).toBe('cancelled');
    expect(await stockOf(gi.id)).toBe(10);
  });
});

describe('POST /api/orders/:id/pay', () => {
  it('opens a new payment for a pending order of your own, which then pays it', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    const res = await api(`/api/orders/${order._id}/pay`, { method: 'POST', token: buyer.token, body: { paymentMethod: 'sandbox' } });
    expect(res.status).toBe(201);
    expect(res.body.data.payment).toMatchObject({ gateway: 'sandbox', amount: order.totalAmount * 100 });
    expect((await verify(buyer, order._id, res.body.data.payment.sessionId)).body.data.order.orderStatus).toBe('paid');
    const again = await api(`/api/orders/${order._id}/pay`, { method: 'POST', token: buyer.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is not awaiting payment');
  });

  it("charges the order's own currency and total, not the school's current one", async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order, payment } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    expect(payment.currency).toBe(order.currency);
    // As if the school had changed its currency since the order: the order keeps the one it was priced in.
    // (The order row changes, not the shared settings row, which other test files read at the same time.)
    const currency = order.currency === 'EUR' ? 'USD' : 'EUR';
    await testDb().update(orders).set({ currency }).where(eq(orders.id, order._id));
    const res = await api(`/api/orders/${order._id}/pay`, { method: 'POST', token: buyer.token, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.payment).toMatchObject({ currency, amount: payment.amount });
    const row = (await paymentsOf(order._id)).find((p) => p.id === res.body.data.payment.paymentRecordId);
    expect(row).toMatchObject({ currency, amountCents: payment.amount });
    expect((await verify(buyer, order._id, res.body.data.payment.sessionId)).body.data.order.orderStatus).toBe('paid');
    await settleDeferred();
    const mail = await testDb()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Order confirmation ${order.orderNumber}`))
      .get();
    expect(mail!.text).toContain(`Total: ${currencySettings(currency).symbol}`);
  });

  it("answers 404 for someone else's order", async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const { order } = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data;
    const other = await createUser({ role: 'admin' });
    expect((await api(`/api/orders/${order._id}/pay`, { method: 'POST', token: other.token, body: {} })).status).toBe(404);
  });
});
