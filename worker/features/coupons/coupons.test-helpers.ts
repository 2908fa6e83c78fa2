/** Coupon fixtures for the coupons tests (not a test file itself). */
import { expect } from 'vitest';
import { newId } from '#core/ids.ts';
import { orders, type NewCouponRow } from '#db/schema/index.ts';
import { coupons } from '#db/schema/index.ts';
import { send, tagged } from '#test/catalog-helpers.ts';
import { testDb, type TestUser } from '#test/helpers.ts';

export const codeOf = () => `C${tagged().toUpperCase().slice(-10)}`;

export async function insertCoupon(overrides: Partial<NewCouponRow> = {}) {
  const row = {
    id: newId(),
    code: codeOf(),
    discountType: 'percentage' as const,
    discountValue: 1000,
    category: 'all' as const,
    ...overrides,
  };
  await testDb().insert(coupons).values(row);
  return row;
}

/** A pending order of `user` for `subtotalCents`, written straight to the table (the orders feature is not imported). */
export async function pendingOrder(
  user: TestUser,
  subtotalCents = 5000,
  status: 'pending_payment' | 'paid' | 'cancelled' = 'pending_payment',
) {
  const id = newId();
  await testDb()
    .insert(orders)
    .values({
      id,
      orderNumber: `T-${id.slice(-12)}`,
      userId: user.id,
      status,
      subtotalCents,
      totalCents: subtotalCents,
      paymentMethod: 'sandbox',
      contact: { name: 'T', email: user.email, phone: '1' },
      shippingAddress: { line1: 'x', line2: '', city: 'x', province: 'x', postalCode: 'x', country: 'x' },
      expiresAt: new Date(Date.now() + 600_000),
    });
  return id;
}

export async function makeCoupon(token: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/coupons', token, { code: codeOf(), discountType: 'percentage', discountValue: 10, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.coupon as { _id: string; code: string; [k: string]: unknown };
}
