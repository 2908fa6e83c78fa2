import { describe, expect, it } from 'vitest';
import { asAdmin, send } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { insertOrder as pendingOrder } from '#test/order-helpers.ts';
import { codeOf, makeCoupon } from './coupons.test-helpers.ts';

describe('coupon administration', () => {
  it('creates a coupon with the spec fields, stores percent as basis points and answers it back as a percent', async () => {
    const admin = await asAdmin();
    const code = codeOf();
    const res = await send('POST', '/api/coupons', admin.token, {
      code: ` ${code.toLowerCase()} `,
      discountType: 'percentage',
      discountValue: 12.5,
      category: 'shop',
      minAmount: 20,
      maxDiscount: 15,
      validFrom: '2026-01-01T00:00:00Z',
      validUntil: '2027-01-01T00:00:00Z',
      usageLimit: 100,
      perUserLimit: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.coupon).toMatchObject({
      code,
      discountValue: 12.5,
      minAmount: 20,
      maxDiscount: 15,
      usageLimit: 100,
      perUserLimit: 1,
      usedCount: 0,
      isActive: true,
    });
    const fixed = await makeCoupon(admin.token, { discountType: 'fixed', discountValue: 7.5 });
    expect(fixed.discountValue).toBe(7.5);
  });

  it.each([
    [{ discountType: 'percentage' }, 'Code, discount type and discount value are required'],
    [{ discountValue: 101 }, 'A percentage discount must be more than 0 and at most 100'],
    [{ discountValue: -5 }, 'Discount value must be a positive number'],
    [{ discountType: 'bogus' }, 'Discount type must be one of'],
    [{ validFrom: '2027-01-01T00:00:00Z', validUntil: '2026-01-01T00:00:00Z' }, 'The coupon must start before it ends'],
    [{ code: 'a' }, 'Coupon code must be 3 to 30'],
  ])('refuses %j', async (patch, message) => {
    const admin = await asAdmin();
    const body: Record<string, unknown> = { code: codeOf(), discountType: 'percentage', discountValue: 10, ...patch };
    if (message.startsWith('Code, discount')) delete body.discountValue;
    const res = await send('POST', '/api/coupons', admin.token, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });

  it('refuses a duplicate code (409), updates, lists active ones and keeps a used coupon from deletion', async () => {
    const admin = await asAdmin();
    const c = await makeCoupon(admin.token);
    expect((await send('POST', '/api/coupons', admin.token, { code: c.code, discountType: 'fixed', discountValue: 1 })).status).toBe(409);
    const up = await send('PUT', `/api/coupons/${c._id}`, admin.token, { discountValue: 30, isActive: false });
    expect(up.body.coupon).toMatchObject({ discountValue: 30, isActive: false });
    const active = await send('GET', `/api/coupons?search=${c.code}`, admin.token);
    expect(active.body.data).toEqual([]);
    const all = await send('GET', `/api/coupons?status=all&search=${c.code}`, admin.token);
    expect(all.body.data.map((x: { _id: string }) => x._id)).toEqual([c._id]);
    await send('PUT', `/api/coupons/${c._id}`, admin.token, { isActive: true });
    const user = await createUser();
    const orderId = await pendingOrder(user, 5000, 'pending_payment', { couponId: c._id, couponCode: c.code });
    expect((await send('POST', '/api/coupons/record-usage', user.token, { couponId: c._id, orderId })).status).toBe(200);
    const del = await send('DELETE', `/api/coupons/${c._id}`, admin.token);
    expect(del.status).toBe(409);
    const stats = await send('GET', `/api/coupons/${c._id}/stats`, admin.token);
    expect(stats.body.stats).toMatchObject({ usedCount: 1, reserved: 1, confirmed: 0, uniqueUsers: 1 });
    expect(stats.body.stats.recentUses[0]).toMatchObject({ orderId, status: 'reserved', recordedBy: null });
    const unused = await makeCoupon(admin.token);
    expect((await send('DELETE', `/api/coupons/${unused._id}`, admin.token)).status).toBe(200);
    expect((await send('GET', `/api/coupons/${unused._id}`, admin.token)).status).toBe(404);
  });

  it('shows an active coupon by code to anyone, never an inactive one', async () => {
    const admin = await asAdmin();
    const c = await makeCoupon(admin.token);
    expect((await send('GET', `/api/coupons/code/${c.code.toLowerCase()}`)).body.coupon.code).toBe(c.code);
    await send('PUT', `/api/coupons/${c._id}`, admin.token, { isActive: false });
    expect((await send('GET', `/api/coupons/code/${c.code}`)).status).toBe(404);
  });
});
