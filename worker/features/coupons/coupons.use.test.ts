import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { couponUses } from '#db/schema/index.ts';
import { api, createUser, freshIp, testDb } from '#test/helpers.ts';
import { insertOrder as pendingOrder } from '#test/order-helpers.ts';
import { insertCoupon } from './coupons.test-helpers.ts';

const post = (path: string, body: unknown, token?: string) =>
  api(path, {
    method: 'POST',
    body,
    ...(token ? { token } : {}),
    headers: { 'cf-connecting-ip': freshIp() },
  });
const usesOf = (couponId: string) => testDb().select().from(couponUses).where(eq(couponUses.couponId, couponId));
const DAY = 86_400_000;
/** A pending order placed with the coupon (10% of 50.00) whose use the test records. */
const orderWith = (user: { id: string; email: string }, c: { id: string; code: string }) =>
  pendingOrder(user, 5000, 'pending_payment', { couponId: c.id, couponCode: c.code, discountCents: 500 });

describe('POST /api/coupons/validate', () => {
  it('answers the coupon and the calculation, code trimmed and upper-cased, and takes nothing', async () => {
    const c = await insertCoupon({ discountValue: 2000, maxDiscountCents: 1500 });
    const res = await post('/api/coupons/validate', { code: ` ${c.code.toLowerCase()} `, amount: 100, category: 'shop' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      coupon: { code: c.code, discountType: 'percentage', discountValue: 20, maxDiscount: 15 },
      calculation: { discountAmount: 15, finalAmount: 85, originalAmount: 100, savings: 15 },
    });
    expect(res.body.data.calculation).toEqual(res.body.calculation);
    expect(await usesOf(c.id)).toHaveLength(0);
  });

  it.each([
    ['an unknown code', {}, 404, 'Coupon code not found'],
    ['an expired coupon', { validUntil: new Date(Date.now() - DAY) }, 400, 'This coupon has expired'],
    ['an inactive coupon', { isActive: false }, 400, 'This coupon is no longer active'],
    ['a course coupon in the shop', { category: 'course' as const }, 400, 'This coupon is not valid for shop purchases'],
    ['a small order', { minAmountCents: 10_000 }, 400, "Order doesn't meet minimum amount requirement"],
  ])('refuses %s with the spec 8 reason', async (name, overrides, status, message) => {
    const c = await insertCoupon(overrides);
    const code = name === 'an unknown code' ? 'NOPE-NOT-HERE' : c.code;
    const res = await post('/api/coupons/validate', { code, amount: 50, category: 'shop' });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it("refuses a negative or non-numeric amount with 'Amount must be a valid positive number'", async () => {
    const c = await insertCoupon();
    for (const amount of [-1, 'ten', null]) {
      const res = await post('/api/coupons/validate', { code: c.code, amount });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Amount must be a valid positive number');
    }
  });

  it("counts the caller's per-user limit", async () => {
    const c = await insertCoupon({ perUserLimit: 1 });
    const user = await createUser();
    await post('/api/coupons/apply', { code: c.code, amount: 50, orderId: await orderWith(user, c) }, user.token);
    const res = await post('/api/coupons/validate', { code: c.code, amount: 50 }, user.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Coupon usage limit exceeded');
    const other = await createUser();
    expect((await post('/api/coupons/validate', { code: c.code, amount: 50 }, other.token)).status).toBe(200);
  });
});

describe('POST /api/coupons/apply and /record-usage', () => {
  it('only calculates without an order; with one it records the use once, however often it is sent', async () => {
    const c = await insertCoupon({ usageLimit: 1 });
    const user = await createUser();
    expect((await post('/api/coupons/apply', { code: c.code, amount: 50 }, user.token)).status).toBe(200);
    expect(await usesOf(c.id)).toHaveLength(0);
    const orderId = await orderWith(user, c);
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/coupons/apply', { code: c.code, amount: 50, orderId }, user.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.calculation.discountAmount).toBe(5);
    }
    const rec = await post('/api/coupons/record-usage', { couponId: c.id, orderId }, user.token);
    expect(rec.status).toBe(200);
    const uses = await usesOf(c.id);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ status: 'reserved', purchaseId: orderId, amountCents: 5000, discountCents: 500 });
  });

  it("needs the coupon and order IDs, and the caller's own live order", async () => {
    const c = await insertCoupon();
    const user = await createUser();
    const stranger = await createUser();
    expect((await post('/api/coupons/record-usage', { orderId: 'x' }, user.token)).body.message).toBe('Coupon ID is required');
    expect((await post('/api/coupons/record-usage', { couponId: c.id }, user.token)).body.message).toBe('Order ID is required');
    const orderId = await orderWith(user, c);
    expect((await post('/api/coupons/record-usage', { couponId: c.id, orderId }, stranger.token)).status).toBe(404);
    expect((await post('/api/coupons/apply', { code: c.code, amount: 1, orderId })).status).toBe(401);
    const gone = await pendingOrder(user, 5000, 'cancelled', { couponId: c.id, couponCode: c.code });
    const late = await pendingOrder(user, 5000, 'pending_payment', {
      couponId: c.id,
      couponCode: c.code,
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const id of [gone, late]) {
      const res = await post('/api/coupons/record-usage', { couponId: c.id, orderId: id }, user.token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This order is no longer live');
    }
    expect(await usesOf(c.id)).toHaveLength(0);
  });

  it("refuses a buyer's own order that was not placed with the coupon, so nobody can use up a limited one (finding 3)", async () => {
    const c = await insertCoupon({ usageLimit: 1 });
    const buyer = await createUser();
    const plain = await pendingOrder(buyer);
    const other = await insertCoupon();
    const withOther = await orderWith(buyer, other);
    for (const orderId of [plain, withOther]) {
      const applied = await post('/api/coupons/apply', { code: c.code, amount: 50, orderId }, buyer.token);
      const recorded = await post('/api/coupons/record-usage', { couponId: c.id, orderId }, buyer.token);
      for (const res of [applied, recorded]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('This coupon was not applied to this order');
      }
    }
    expect(await usesOf(c.id)).toHaveLength(0);
    const customer = await createUser();
    expect((await post('/api/coupons/validate', { code: c.code, amount: 50 }, customer.token)).status).toBe(200);
  });

  it('lets staff record the use of any live order, and keeps who did it (the audit)', async () => {
    const c = await insertCoupon({ usageLimit: 1 });
    const buyer = await createUser();
    const admin = await createUser({ role: 'admin' });
    const orderId = await pendingOrder(buyer, 8000);
    const logged = vi.spyOn(console, 'log');
    try {
      const res = await post('/api/coupons/record-usage', { couponId: c.id, orderId }, admin.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ alreadyRecorded: false, calculation: { discountAmount: 8, originalAmount: 80 } });
      const line = logged.mock.calls.map((a) => String(a[0])).find((l) => l.includes('coupon use recorded by staff'));
      expect(JSON.parse(line!)).toMatchObject({ level: 'info', couponId: c.id, orderId, buyerId: buyer.id, adminId: admin.id });
    } finally {
      logged.mockRestore();
    }
    const uses = await usesOf(c.id);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ userId: buyer.id, recordedBy: admin.id, status: 'reserved', discountCents: 800 });
    const again = await post('/api/coupons/record-usage', { couponId: c.id, orderId: await pendingOrder(buyer) }, admin.token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Coupon usage limit exceeded');
  });

  it('gives a one-use coupon to exactly one of 50 parallel orders', async () => {
    const c = await insertCoupon({ usageLimit: 1 });
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    const orderIds = await Promise.all(people.map((p) => orderWith(p, c)));
    const results = await Promise.all(
      people.map((p, i) => post('/api/coupons/apply', { code: c.code, amount: 50, orderId: orderIds[i] }, p.token)),
    );
    const ok = results.filter((r) => r.status === 200).length;
    const limited = results.filter((r) => r.status === 400 && r.body.message === 'Coupon usage limit exceeded').length;
    const live = (await usesOf(c.id)).length;
    console.log(
      `[budget] coupon apply race: attempts 50, recorded ${ok}, refused 'Coupon usage limit exceeded' ${limited}, live uses ${live}`,
    );
    expect(ok).toBe(1);
    expect(limited).toBe(49);
    expect(live).toBe(1);
  });
});
