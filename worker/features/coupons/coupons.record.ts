import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { fromCents } from '#core/money.ts';
import { COUPON_ADMIN_MESSAGES } from '#core/shop/coupon-schemas.ts';
import { couponCalculationView } from '#core/shop/coupon-math.ts';
import type { OrderStatus } from '#core/shop/order-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import { couponUses, orders, type CouponRow, type OrderRow } from '#db/schema/index.ts';
import { couponRefusedError, couponUsage, usableCoupon } from '#worker/lib/coupon-uses.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeCoupon, termsOf } from './coupons.serialize.ts';

/** The states in which an order still holds its coupon use (an unpaid one only inside its payment window). */
const LIVE: readonly OrderStatus[] = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered'];

type Recorder = { userId: string; staff: boolean };

/**
 * The one conditional statement that records an order's use: it inserts only while the order is live and,
 * for a buyer, is theirs and was placed with this coupon (orders.coupon_id), so a use cannot be spent on an
 * order that never applied it, nor outlive an order cancelled meanwhile. Staff may record any live order's
 * use; the row keeps who did. The coupon trigger still holds the limits; a repeat counts once.
 */
async function insertUse(ctx: ServiceCtx, row: CouponRow, order: OrderRow, by: Recorder, discountCents: number) {
  const now = Date.now();
  const buyerOwn = by.staff ? sql`1` : and(eq(orders.userId, by.userId), eq(orders.couponId, row.id));
  const taken = await ctx.db.all<{ id: string }>(sql`
    insert into ${couponUses} (id, coupon_id, user_id, purchase_type, purchase_id, category, amount_cents, discount_cents, status, recorded_by)
    select ${newId()}, ${row.id}, ${orders.userId}, 'order', ${orders.id}, 'shop', ${order.subtotalCents}, ${discountCents},
      case when ${orders.status} = 'pending_payment' then 'reserved' else 'confirmed' end, ${by.staff ? by.userId : null}
    from ${orders}
    where ${orders.id} = ${order.id} and ${inArray(orders.status, [...LIVE])}
      and (${orders.status} <> 'pending_payment' or ${orders.expiresAt} > ${now}) and ${buyerOwn}
    on conflict (coupon_id, purchase_type, purchase_id) do nothing
    returning id`);
  return taken.length > 0;
}

const recordedUse = (ctx: ServiceCtx, couponId: string, orderId: string) =>
  ctx.db
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.purchaseType, 'order'), eq(couponUses.purchaseId, orderId)))
    .get();

/** What a recorded use answers: the coupon, and the calculation the use was recorded with. */
async function answer(ctx: ServiceCtx, row: CouponRow, amountCents: number, discountCents: number, alreadyRecorded: boolean) {
  const usage = await couponUsage(ctx.db, row.id, null);
  const calculation = {
    discountAmount: fromCents(discountCents),
    finalAmount: fromCents(amountCents - discountCents),
    originalAmount: fromCents(amountCents),
    savings: fromCents(discountCents),
  };
  return { coupon: serializeCoupon(row, usage.used), calculation, alreadyRecorded };
}

/** The discount to record: the order's own when it was placed with the coupon, else (staff) the coupon's terms on its subtotal. */
async function discountFor(ctx: ServiceCtx, row: CouponRow, order: OrderRow) {
  if (order.couponId === row.id) return order.discountCents;
  await usableCoupon(ctx.db, row, { amountCents: order.subtotalCents, category: 'shop', userId: order.userId });
  return Math.round(couponCalculationView(termsOf(row), order.subtotalCents).discountAmount * 100);
}

const logStaffRecord = (ctx: ServiceCtx, row: CouponRow, order: OrderRow, adminId: string) =>
  ctx.log.info('coupon use recorded by staff', {
    couponId: row.id,
    orderId: order.id,
    buyerId: order.userId,
    adminId,
    placedWithCoupon: order.couponId === row.id,
  });

/**
 * POST /coupons/record-usage and /coupons/apply with an orderId. A buyer confirms the use of their own
 * order placed with this coupon (409 otherwise); admin-capable users record the use of any live order,
 * audited (coupon_uses.recorded_by and a log line). Any number of records of one order count once.
 */
export async function recordForOrder(ctx: ServiceCtx, row: CouponRow, orderId: string) {
  const user = signedIn(ctx);
  const by = { userId: user.id, staff: isAdminCapable(user.role) };
  const order = await ctx.db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order || (order.userId !== user.id && !by.staff)) throw notFound('Order not found');
  const earlier = await recordedUse(ctx, row.id, order.id);
  if (earlier) return answer(ctx, row, earlier.amountCents, earlier.discountCents, true);
  if (!LIVE.includes(order.status)) throw conflict(COUPON_ADMIN_MESSAGES.orderNotLive);
  if (!by.staff && order.couponId !== row.id) throw conflict(COUPON_ADMIN_MESSAGES.notOnOrder);
  const discountCents = await discountFor(ctx, row, order);
  let taken: boolean;
  try {
    taken = await insertUse(ctx, row, order, by, discountCents);
  } catch (err) {
    throw couponRefusedError(err) ?? err;
  }
  if (!taken) {
    const raced = await recordedUse(ctx, row.id, order.id);
    if (raced) return answer(ctx, row, raced.amountCents, raced.discountCents, true);
    throw conflict(COUPON_ADMIN_MESSAGES.orderNotLive);
  }
  if (by.staff) logStaffRecord(ctx, row, order, user.id);
  return answer(ctx, row, order.subtotalCents, discountCents, false);
}
