import { and, eq } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { COUPON_ADMIN_MESSAGES, type ValidateCouponInput } from '#core/shop/coupon-schemas.ts';
import { couponCalculationView } from '#core/shop/coupon-math.ts';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { isAdminCapable } from '#core/roles.ts';
import { couponUses, coupons, orders, type CouponRow } from '#db/schema/index.ts';
import { couponRefusedError, couponUsage, takeCouponUse, usableCoupon } from '#worker/lib/coupon-uses.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
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

/**
 * The use of a coupon by one order (apply with an orderId, record-usage): the caller's own order (staff:
 * any), still live; taken by the one conditional insert, so any number of records of one order count once.
 */
async function recordForOrder(ctx: ServiceCtx, row: CouponRow, orderId: string) {
  const user = signedIn(ctx);
  const order = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order || (order.userId !== user.id && !isAdminCapable(user.role))) throw notFound('Order not found');
  if (order.status === 'cancelled' || order.status === 'refunded') throw conflict('This order is no longer live');
  const recorded = await ctx.db
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.couponId, row.id), eq(couponUses.purchaseType, 'order'), eq(couponUses.purchaseId, order.id)))
    .get();
  if (recorded) return { ...(await calculationOf(ctx, row, recorded.amountCents, recorded.discountCents)), alreadyRecorded: true };
  const result = await check(ctx, row, order.subtotalCents, 'shop', order.userId);
  try {
    await takeCouponUse(ctx.db, {
      couponId: row.id,
      userId: order.userId,
      purchaseType: 'order',
      purchaseId: order.id,
      category: 'shop',
      amountCents: order.subtotalCents,
      discountCents: Math.round(result.calculation.discountAmount * 100),
      status: order.status === 'pending_payment' ? 'reserved' : 'confirmed',
    });
  } catch (err) {
    throw couponRefusedError(err) ?? err;
  }
  return { ...result, alreadyRecorded: false };
}

/** A use already recorded answers what it recorded (a repeat counts once and is not refused). */
async function calculationOf(ctx: ServiceCtx, row: CouponRow, amountCents: number, discountCents: number) {
  const usage = await couponUsage(ctx.db, row.id, null);
  return {
    coupon: serializeCoupon(row, usage.used),
    calculation: {
      discountAmount: fromCents(discountCents),
      finalAmount: fromCents(amountCents - discountCents),
      originalAmount: fromCents(amountCents),
      savings: fromCents(discountCents),
    },
  };
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
