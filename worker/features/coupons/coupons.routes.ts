import { Hono } from 'hono';
import {
  COUPON_ADMIN_MESSAGES,
  CreateCouponSchema,
  ListCouponsQuery,
  RecordUsageSchema,
  UpdateCouponSchema,
  ValidateCouponSchema,
} from '#core/shop/coupon-schemas.ts';
import { CoursePriceSchema } from '#core/enrollments/course-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { couponStats, createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from './coupons.admin.ts';
import { coursePrice } from './coupons.course-price.ts';
import { guardCouponGuessing } from '#worker/lib/coupon-guard.ts';
import { applyCoupon, couponByCode, recordUsage, validateCoupon } from './coupons.use.ts';

/** Spec 7 Coupons. Fixed paths come before /:id. */
export const couponsRoutes = new Hono<AppEnv>()
  .post('/validate', validate('json', ValidateCouponSchema), async (c) => {
    await guardCouponGuessing(c.var.ctx);
    const result = await validateCoupon(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: 'Coupon is valid', ...result, data: result });
  })
  .post('/apply', validate('json', ValidateCouponSchema), async (c) => {
    await guardCouponGuessing(c.var.ctx);
    const result = await applyCoupon(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: 'Coupon applied successfully', ...result, data: result });
  })
  .post('/record-usage', validate('json', RecordUsageSchema), async (c) => {
    const result = await recordUsage(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: 'Coupon usage recorded', ...result, data: result });
  })
  .post('/course-price', validate('json', CoursePriceSchema), async (c) => {
    await guardCouponGuessing(c.var.ctx);
    return c.json({ success: true, data: await coursePrice(c.var.ctx, c.req.valid('json')) });
  })
  .get('/code/:code', async (c) => {
    await guardCouponGuessing(c.var.ctx);
    const coupon = await couponByCode(c.var.ctx, c.req.param('code'));
    return c.json({ success: true, data: coupon, coupon });
  })
  .get('/', validate('query', ListCouponsQuery), async (c) => {
    const { coupons, pagination } = await listCoupons(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: coupons, coupons, count: coupons.length, pagination });
  })
  .post('/', validate('json', CreateCouponSchema), async (c) => {
    const coupon = await createCoupon(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: coupon, coupon, message: COUPON_ADMIN_MESSAGES.created }, 201);
  })
  .get('/:id/stats', async (c) => {
    const result = await couponStats(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: result, ...result });
  })
  .get('/:id', async (c) => {
    const coupon = await getCoupon(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: coupon, coupon });
  })
  .put('/:id', validate('json', UpdateCouponSchema), async (c) => {
    const coupon = await updateCoupon(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: coupon, coupon, message: COUPON_ADMIN_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteCoupon(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: COUPON_ADMIN_MESSAGES.deleted });
  });
