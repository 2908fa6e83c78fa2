import { and, desc, eq, gt, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import {
  COUPON_ADMIN_MESSAGES,
  storedDiscountValue,
  type CreateCouponInput,
  type ListCouponsQueryInput,
  type UpdateCouponInput,
} from '#core/shop/coupon-schemas.ts';
import { fromCents } from '#core/money.ts';
import { couponUses, coupons, type CouponRow, type NewCouponRow } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { serializeCoupon } from './coupons.serialize.ts';

/** Live uses of each coupon, as a column next to it. */
const usedCount = sql<number>`(select count(*) from ${couponUses} where ${couponUses.couponId} = ${coupons.id} and ${couponUses.status} <> 'released')`;

function statusFilter(status: ListCouponsQueryInput['status'], now: Date): SQL | undefined {
  const notExpired = or(sql`${coupons.validUntil} is null`, gt(coupons.validUntil, now));
  if (status === 'active') return and(eq(coupons.isActive, true), notExpired);
  if (status === 'inactive') return eq(coupons.isActive, false);
  if (status === 'expired') return and(isNotNull(coupons.validUntil), lt(coupons.validUntil, now));
  return undefined;
}

/** GET /coupons (admin-capable): a page and its total in one round trip, newest first. */
export async function listCoupons(ctx: ServiceCtx, q: ListCouponsQueryInput) {
  const where = and(statusFilter(q.status, new Date()), q.search ? likeAny(q.search, [coupons.code, coupons.description]) : undefined);
  const [rows, [total]] = await ctx.db.batch([
    ctx.db
      .select({ row: coupons, used: usedCount })
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(coupons)
      .where(where),
  ]);
  return {
    coupons: rows.map((r) => serializeCoupon(r.row, Number(r.used))),
    pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)),
  };
}

async function oneWithCount(ctx: ServiceCtx, id: string) {
  const found = await ctx.db.select({ row: coupons, used: usedCount }).from(coupons).where(eq(coupons.id, id)).get();
  if (!found) throw notFound(COUPON_ADMIN_MESSAGES.notFound);
  return found;
}

export const getCoupon = async (ctx: ServiceCtx, id: string) => {
  const { row, used } = await oneWithCount(ctx, id);
  return serializeCoupon(row, Number(used));
};

function columnsOf(input: UpdateCouponInput, current?: CouponRow): Partial<NewCouponRow> {
  const out: Partial<NewCouponRow> = {};
  if (input.code !== undefined) out.code = input.code;
  if (input.description !== undefined) out.description = input.description ?? '';
  if (input.category !== undefined) out.category = input.category;
  if (input.minAmount !== undefined) out.minAmountCents = input.minAmount;
  if (input.maxDiscount !== undefined) out.maxDiscountCents = input.maxDiscount;
  if (input.validFrom !== undefined) out.validFrom = input.validFrom;
  if (input.validUntil !== undefined) out.validUntil = input.validUntil;
  if (input.usageLimit !== undefined) out.usageLimit = input.usageLimit;
  if (input.perUserLimit !== undefined) out.perUserLimit = input.perUserLimit;
  if (input.isActive !== undefined) out.isActive = input.isActive;
  const type = input.discountType ?? current?.discountType;
  if (input.discountType !== undefined) out.discountType = input.discountType;
  if (input.discountValue !== undefined && type) out.discountValue = storedDiscountValue(type, input.discountValue);
  return out;
}

const dbError = (err: unknown) => (isUniqueViolation(err) ? conflict(COUPON_ADMIN_MESSAGES.codeTaken) : err);

export async function createCoupon(ctx: ServiceCtx, input: CreateCouponInput) {
  try {
    const row = await ctx.db
      .insert(coupons)
      .values({ ...(columnsOf(input) as NewCouponRow), id: newId(), createdBy: signedIn(ctx).id })
      .returning()
      .get();
    return serializeCoupon(row, 0);
  } catch (err) {
    throw dbError(err);
  }
}

/** PUT /coupons/:id. A new value without its type keeps the stored type's unit. */
export async function updateCoupon(ctx: ServiceCtx, id: string, input: UpdateCouponInput) {
  const { row: current } = await oneWithCount(ctx, id);
  const set = columnsOf(input, current);
  if (!Object.keys(set).length) throw badRequest(COUPON_ADMIN_MESSAGES.nothingToUpdate);
  const from = set.validFrom !== undefined ? set.validFrom : current.validFrom;
  const until = set.validUntil !== undefined ? set.validUntil : current.validUntil;
  if (from && until && from.getTime() >= until.getTime()) throw badRequest(COUPON_ADMIN_MESSAGES.dates);
  if (input.discountType === 'percentage' && input.discountValue === undefined && current.discountType !== 'percentage')
    throw badRequest(COUPON_ADMIN_MESSAGES.percentage);
  try {
    const row = await ctx.db
      .update(coupons)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning()
      .get();
    if (!row) throw notFound(COUPON_ADMIN_MESSAGES.notFound);
    return getCoupon(ctx, row.id);
  } catch (err) {
    throw dbError(err);
  }
}

/** DELETE /coupons/:id: one that was never used; a used one is kept for the records (deactivate it). */
export async function deleteCoupon(ctx: ServiceCtx, id: string) {
  const row = await ctx.db
    .delete(coupons)
    .where(
      and(
        eq(coupons.id, id),
        sql`not exists (select 1 from ${couponUses} where ${couponUses.couponId} = ${coupons.id} and ${couponUses.status} <> 'released')`,
      ),
    )
    .returning({ id: coupons.id })
    .get();
  if (row) return { _id: row.id };
  await oneWithCount(ctx, id);
  throw conflict(COUPON_ADMIN_MESSAGES.hasUses);
}

/** GET /coupons/:id/stats: uses by state, discount given, distinct users and the latest uses. */
export async function couponStats(ctx: ServiceCtx, id: string) {
  const { row } = await oneWithCount(ctx, id);
  const [counts, recent] = await ctx.db.batch([
    ctx.db
      .select({
        reserved: sql<number>`coalesce(sum(case when ${couponUses.status} = 'reserved' then 1 else 0 end), 0)`,
        confirmed: sql<number>`coalesce(sum(case when ${couponUses.status} = 'confirmed' then 1 else 0 end), 0)`,
        released: sql<number>`coalesce(sum(case when ${couponUses.status} = 'released' then 1 else 0 end), 0)`,
        discount: sql<number>`coalesce(sum(case when ${couponUses.status} = 'confirmed' then ${couponUses.discountCents} else 0 end), 0)`,
        users: sql<number>`count(distinct case when ${couponUses.status} <> 'released' then ${couponUses.userId} end)`,
      })
      .from(couponUses)
      .where(eq(couponUses.couponId, id)),
    ctx.db
      .select()
      .from(couponUses)
      .where(and(eq(couponUses.couponId, id), ne(couponUses.status, 'released')))
      .orderBy(desc(couponUses.createdAt))
      .limit(10),
  ]);
  const c = counts[0]!;
  const used = Number(c.reserved) + Number(c.confirmed);
  return {
    coupon: serializeCoupon(row, used),
    stats: {
      usedCount: used,
      reserved: Number(c.reserved),
      confirmed: Number(c.confirmed),
      released: Number(c.released),
      totalDiscount: fromCents(Number(c.discount)),
      uniqueUsers: Number(c.users),
      remaining: row.usageLimit == null ? null : Math.max(0, row.usageLimit - used),
      recentUses: recent.map((u) => ({
        _id: u.id,
        userId: u.userId,
        orderId: u.purchaseId,
        purchaseType: u.purchaseType,
        category: u.category,
        amount: fromCents(u.amountCents),
        discountAmount: fromCents(u.discountCents),
        status: u.status,
        recordedBy: u.recordedBy,
        createdAt: u.createdAt.toISOString(),
      })),
    },
  };
}
