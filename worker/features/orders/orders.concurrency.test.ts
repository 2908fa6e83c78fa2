import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders } from '#db/schema/index.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { checkout, insertCoupon, insertProduct, line, placeOrder, stockOf, usesOf, verify } from './orders.test-helpers.ts';

const ATTEMPTS = 50;
const buyers = () => Promise.all(Array.from({ length: ATTEMPTS }, () => createUser()));

/** The budgets, as figures: attempts / successes / final state (README "Budgets"). */
describe('orders under 50 parallel requests', () => {
  it('sells exactly the 10 in stock to 50 concurrent buyers: 10 paid orders, stock 0, never negative', async () => {
    const product = await insertProduct({ stockQuantity: 10 });
    const people = await buyers();
    const created = await Promise.all(people.map((b) => placeOrder(b, checkout({ items: [line(product.id)] }))));
    const won = created.filter((r) => r.status === 201);
    const refused = created.filter((r) => r.status === 409);
    const verified = await Promise.all(
      won.map((r, i) =>
        verify(people[created.indexOf(r)]!, r.body.data.order._id, r.body.data.payment.sessionId).then((v) => [i, v] as const),
      ),
    );
    const all = await Promise.all(won.map((r) => testDb().select().from(orders).where(eq(orders.id, r.body.data.order._id)).get()));
    const paid = all.filter((o) => o?.status === 'paid').length;
    const stock = await stockOf(product.id);
    console.log(
      `[budget] stock race: attempts ${ATTEMPTS}, orders created ${won.length}, refused 409 ${refused.length}, other ${ATTEMPTS - won.length - refused.length}, verified ${verified.filter(([, v]) => v.status === 200).length}, paid ${paid}, final stock ${stock}`,
    );
    expect(won).toHaveLength(10);
    expect(refused).toHaveLength(ATTEMPTS - 10);
    expect(refused[0]!.body.message).toMatch(/out of stock|left in stock|no longer available/);
    expect(paid).toBe(10);
    expect(stock).toBe(0);
    expect(new Set(won.map((r) => r.body.data.order._id)).size).toBe(10);
    const numbers = won.map((r) => r.body.data.order.orderNumber);
    expect(new Set(numbers).size).toBe(10);
    // no lost or duplicated order: exactly the answered ones hold the product
    const holding = await testDb().select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, product.id));
    expect(holding.map((h) => h.orderId).sort()).toEqual(won.map((r) => r.body.data.order._id).sort());
  });

  it('gives a one-use coupon to exactly one of 50 parallel orders; the others are refused', async () => {
    const product = await insertProduct({ stockQuantity: 500 });
    const coupon = await insertCoupon({ usageLimit: 1 });
    const people = await buyers();
    const created = await Promise.all(people.map((b) => placeOrder(b, checkout({ couponCode: coupon.code, items: [line(product.id)] }))));
    const won = created.filter((r) => r.status === 201);
    const refused = created.filter((r) => r.status === 400 && r.body.message === 'Coupon usage limit exceeded');
    const uses = (await usesOf(coupon.id)).filter((u) => u.status !== 'released');
    console.log(
      `[budget] coupon race: attempts ${ATTEMPTS}, orders with the coupon ${won.length}, refused 'Coupon usage limit exceeded' ${refused.length}, other ${ATTEMPTS - won.length - refused.length}, live uses ${uses.length}, stock ${await stockOf(product.id)}`,
    );
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(ATTEMPTS - 1);
    expect(uses).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(499);
  });
});
