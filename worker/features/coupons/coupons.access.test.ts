import { describe, expect, it } from 'vitest';
import { describeAccessMatrix } from '#test/catalog-helpers.ts';
import { couponsAccess } from './coupons.access.ts';
import { codeOf, makeCoupon } from './coupons.test-helpers.ts';

describe('coupons access (school-only routes; the public ones are covered by coupons.use tests)', () => {
  const adminOnly = Object.fromEntries(Object.entries(couponsAccess).filter(([, rule]) => rule !== 'public' && rule !== 'user'));
  describeAccessMatrix(describe, it, expect, adminOnly, {
    'GET /api/coupons': async () => ({ method: 'GET', path: '/api/coupons' }),
    'POST /api/coupons': async () => ({
      method: 'POST',
      path: '/api/coupons',
      body: { code: codeOf(), discountType: 'fixed', discountValue: 2 },
    }),
    'GET /api/coupons/:id/stats': async (t) => ({ method: 'GET', path: `/api/coupons/${(await makeCoupon(t))._id}/stats` }),
    'GET /api/coupons/:id': async (t) => ({ method: 'GET', path: `/api/coupons/${(await makeCoupon(t))._id}` }),
    'PUT /api/coupons/:id': async (t) => ({ method: 'PUT', path: `/api/coupons/${(await makeCoupon(t))._id}`, body: { discountValue: 5 } }),
    'DELETE /api/coupons/:id': async (t) => ({ method: 'DELETE', path: `/api/coupons/${(await makeCoupon(t))._id}` }),
  });
});
