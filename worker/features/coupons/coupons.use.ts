import { eq } from 'drizzle-orm';
import { COUPON_ADMIN_MESSAGES, type ValidateCouponInput } from '#core/shop/coupon-schemas.ts';
import { couponCalculationView } from '#core/shop/coupon-math.ts';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { isAdminCapable } from '#core/roles.ts';
import { coupons, type CouponRow } from '#db/schema/index.ts';
import { couponUsage, usableCoupon } from '#worker/lib/coupon-uses.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { recordForOrder } from './coupons.record.ts';
import { serializeCoupon, termsOf } from './coupons.serialize.ts';

/** Whose per-user limit counts: the caller's; staff may ask on behalf of another user. */
const userFor = (ctx: ServiceCtx, asked: string | undefined) => (asked && isAdminCapable(ctx.user?.role) ? asked : (ctx.user?.id ?? null));

const byCode = (ctx: ServiceCtx, code: string) => ctx.db.select().from(coupons).where(eq(coupons.code, code)).get();

/** The coupon and its spec 7 calculation for an amount, or the spec 8 reason it cannot be used (400/404). */
async function check(
  ctx: ServiceCtx,
  row: CouponRow | undefined,
  amountCents: number,
  category: ValidateCouponInput['category'],
  userId: string | null,
) {
  const { coupon, usage } = await usableCoupon(ctx.db, row, { amountCents, category, userId });
  return { coupon: serializeCoupon(coupon, usage.used), calculation: couponCalculationView(termsOf(coupon), amountCents) };
}

/** POST /coupons/validate (and /apply without an order): calculates for the caller, takes nothing. */
export async function validateCoupon(ctx: ServiceCtx, input: ValidateCouponInput) {
  return check(ctx, await byCode(ctx, input.code), input.amount, input.category, userFor(ctx, input.userId));
}

/** POST /coupons/apply: with an orderId the use is recorded (apply-and-record), else only calculated. */
export async function applyCoupon(ctx: ServiceCtx, input: ValidateCouponInput) {
  if (!input.orderId) return validateCoupon(ctx, input);
  const row = await byCode(ctx, input.code);
  if (!row) throw notFound(COUPON_MESSAGES.notFound);
  return recordForOrder(ctx, row, input.orderId);
}

/** POST /coupons/record-usage {couponId, orderId}. */
export async function recordUsage(ctx: ServiceCtx, { couponId, orderId }: { couponId: string; orderId: string }) {
  const row = await ctx.db.select().from(coupons).where(eq(coupons.id, couponId)).get();
  if (!row) throw notFound(COUPON_ADMIN_MESSAGES.notFound);
  return recordForOrder(ctx, row, orderId);
}

/** GET /coupons/code/:code: an active coupon as the public may see it. */
export async function couponByCode(ctx: ServiceCtx, code: string) {
  const row = await byCode(ctx, code.trim().toUpperCase());
  if (!row || !row.isActive) throw notFound(COUPON_MESSAGES.notFound);
  return serializeCoupon(row, (await couponUsage(ctx.db, row.id, null)).used);
}
