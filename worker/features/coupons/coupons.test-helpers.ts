/** Coupon fixtures for the coupons tests (not a test file itself). */
import { expect } from 'vitest';
import { newId } from '#core/ids.ts';
import { coupons, type NewCouponRow } from '#db/schema/index.ts';
import { send, tagged } from '#test/catalog-helpers.ts';
import { testDb } from '#test/helpers.ts';

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

export async function makeCoupon(token: string, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/coupons', token, { code: codeOf(), discountType: 'percentage', discountValue: 10, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.coupon as { _id: string; code: string; [k: string]: unknown };
}
