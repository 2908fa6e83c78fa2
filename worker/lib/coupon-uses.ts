import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { COUPON_MESSAGES, type PurchaseType } from '#core/shop/shop-options.ts';
import { couponRefusal, type CouponUsage } from '#core/shop/coupon-math.ts';
import type { PurchaseCategory } from '#core/shop/shop-options.ts';
import type { Db } from '#db/client.ts';
import { couponUses, type CouponRow } from '#db/schema/index.ts';
import { causes } from '#worker/lib/db-errors.ts';
import { AppError, badRequest, notFound } from '#worker/lib/errors.ts';

export type CouponUseInput = {
  couponId: string;
  userId: string | null;
  purchaseType: PurchaseType;
  purchaseId: string;
  category: string;
  amountCents: number;
  discountCents: number;
  status?: 'reserved' | 'confirmed';
};

/**
 * The one conditional statement that takes a use: the trigger of migration 0003 refuses it past the
 * total or per-user limit (or on an inactive coupon), failing the whole batch it is part of; a second
 * use for the same purchase is a no-op, so it counts once.
 */
export const takeCouponUse = (db: Db, use: CouponUseInput) =>
  db
    .insert(couponUses)
    .values({ id: newId(), status: 'reserved', ...use })
    .onConflictDoNothing({ target: [couponUses.couponId, couponUses.purchaseType, couponUses.purchaseId] });

/**
 * Gives back the live coupon uses of the purchases of `purchaseType` that `purchaseIds` (a select of ids)
 * names, e.g. those the statement before stamped with its release token, so they go back once.
 */
export const releaseCouponUsesOf = (db: Db, purchaseType: PurchaseType, purchaseIds: SQL, at = new Date()) =>
  db
    .update(couponUses)
    .set({ status: 'released', updatedAt: at })
    .where(
      and(eq(couponUses.purchaseType, purchaseType), ne(couponUses.status, 'released'), sql`${couponUses.purchaseId} in (${purchaseIds})`),
    );

/** Live uses of a coupon, in all and by one user (the caller's per-user limit). */
export async function couponUsage(db: Db, couponId: string, userId: string | null): Promise<CouponUsage> {
  const row = await db
    .select({
      used: sql<number>`count(*)`,
      usedByUser: sql<number>`coalesce(sum(case when ${couponUses.userId} = ${userId ?? ''} then 1 else 0 end), 0)`,
    })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), ne(couponUses.status, 'released')))
    .get();
  return { used: Number(row?.used ?? 0), usedByUser: Number(row?.usedByUser ?? 0) };
}

const TRIGGER_MESSAGES: Record<string, string> = {
  COUPON_USAGE_LIMIT: COUPON_MESSAGES.usageLimit,
  COUPON_USER_LIMIT: COUPON_MESSAGES.usageLimit,
  COUPON_INACTIVE: COUPON_MESSAGES.inactive,
};

/** The spec 8 refusal (400) behind a batch the coupon trigger stopped, if that is what stopped it. */
export function couponRefusedError(err: unknown): AppError | undefined {
  for (const e of causes(err)) {
    const message = String((e as Error)?.message ?? '');
    for (const [key, text] of Object.entries(TRIGGER_MESSAGES)) if (message.includes(key)) return badRequest(text);
  }
  return undefined;
}

/**
 * Spec 8: the coupon row for this caller, amount and purchase category with its usage, or the refusal.
 * An unknown code is 404 for a check (validate, a price preview) and 400 inside a purchase (`unknown`).
 * The trigger re-checks the limits when the use is taken in the purchase's batch.
 */
export async function usableCoupon(
  db: Db,
  row: CouponRow | undefined,
  {
    amountCents,
    category,
    userId,
    unknown = 404,
  }: { amountCents: number; category: PurchaseCategory; userId: string | null; unknown?: 400 | 404 },
): Promise<{ coupon: CouponRow; usage: CouponUsage }> {
  if (!row) throw unknown === 404 ? notFound(COUPON_MESSAGES.notFound) : badRequest(COUPON_MESSAGES.notFound);
  const usage = await couponUsage(db, row.id, userId);
  const refusal = couponRefusal(row, { amountCents, category, now: new Date(), usage });
  if (refusal) throw badRequest(refusal);
  return { coupon: row, usage };
}
