import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { enrollmentTotals, percentToBp, planDiscountCents } from '#core/enrollments/pricing.ts';
import type { Db } from '#db/client.ts';
import { enrollmentRenewals, membershipEnrollments, membershipPlans, paymentMethods, users } from '#db/schema/index.ts';
import { batch } from '#worker/lib/sql.ts';

const me = membershipEnrollments;
const r = enrollmentRenewals;

/** Memberships whose renewal can be charged automatically: running or past due. */
export const BILLABLE_STATUSES = ['active', 'past_due'] as const;

/** The amount of the automatic renewal not yet paid (an invoice line waiting or in dunning), if any. */
const pendingLineCents = sql<
  number | null
>`(select ${r.totalCents} from ${r} where ${r.enrollmentId} = ${me.id} and ${r.kind} = 'membership'
  and ${r.invoiceId} is not null and ${r.status} = 'pending_payment' order by ${r.createdAt} desc limit 1)`;

/**
 * What the upcoming charges are read from, in one batch: the memberships `where` selects with their person,
 * plan and any unpaid automatic line, then the default method of each payer (`payerId`, else the member).
 */
export async function upcomingRows(db: Db, where: SQL) {
  const payers = db
    .select({ id: sql`coalesce(${me.payerId}, ${me.userId})` })
    .from(me)
    .where(where);
  const [rows, methods] = await batch(db, [
    db
      .select({ enrollment: me, profile: users.profile, plan: membershipPlans, pendingCents: pendingLineCents })
      .from(me)
      .innerJoin(users, eq(users.id, me.userId))
      .leftJoin(membershipPlans, eq(membershipPlans.id, me.planId))
      .where(where)
      .orderBy(asc(me.endsAt), asc(me.id)),
    db
      .select()
      .from(paymentMethods)
      .where(and(inArray(paymentMethods.userId, payers), eq(paymentMethods.isDefault, true), eq(paymentMethods.status, 'active'))),
  ]);
  return { rows, methodOf: new Map(methods.map((m) => [m.userId, m])) };
}

/** The next renewal's price: the unpaid line's when there is one, else the plan's today (its discount and GST, no coupon). */
export function upcomingCents(row: Awaited<ReturnType<typeof upcomingRows>>['rows'][number]): number {
  if (row.pendingCents !== null) return row.pendingCents;
  if (!row.plan) return row.enrollment.totalCents;
  return enrollmentTotals({
    priceCents: row.plan.priceCents,
    discountCents: planDiscountCents(row.plan),
    couponDiscountCents: 0,
    gstRateBp: percentToBp(row.plan.gstRate),
  }).totalCents;
}
