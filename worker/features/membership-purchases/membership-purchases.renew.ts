import { eq, sql } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_MESSAGES, MEMBERSHIP_MOVES } from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentCheckout, MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { newId } from '#core/ids.ts';
import { enrollmentRenewals, membershipEnrollments } from '#db/schema/index.ts';
import { couponRefusedError } from '#worker/lib/coupon-uses.ts';
import { membershipCouponUse } from './membership-purchases.coupon.ts';
import { badRequest, conflict } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { membershipSettlements } from './membership-purchases.settlement.ts';
import { gatewayOrFree, renewalDefaultGateway } from '#worker/lib/payments/registry.ts';
import { purchaseValues } from '#worker/lib/enrolment/columns.ts';
import { pendingAutopaySql } from '#worker/lib/enrolment/renewals.ts';
import { purchasePayment } from './membership-purchases.pay.ts';
import { activePlan, pricePlan } from './membership-purchases.pricing.ts';
import { enrollmentView, visibleEnrollment } from './membership-purchases.queries.ts';
import { serializeRenewal } from '#worker/lib/enrollment-views.ts';
import { insertWhere, list } from './membership-purchases.sql.ts';

type RenewInput = { paymentMethod?: string | undefined; couponCode?: string | undefined; notes?: string | undefined };

/** Why the renewal was not written: the enrolment can no longer be renewed, or its automatic renewal is being charged. */
async function renewRefusal(ctx: ServiceCtx, id: string) {
  const { row } = await visibleEnrollment(ctx, id, true);
  if (!(MEMBERSHIP_MOVES.renew as readonly string[]).includes(row.status)) return conflict(ENROLLMENT_MESSAGES.cannotRenew(row.status));
  const [charging] = await ctx.db.all<{ yes: number }>(sql`select ${pendingAutopaySql(sql`${row.id}`)} as yes`);
  return conflict(charging?.yes ? ENROLLMENT_MESSAGES.autopayRenewing : ENROLLMENT_MESSAGES.cannotRenew(row.status));
}

/**
 * POST /:id/renew: the owner's active or expired membership, priced again from its plan today (plan
 * discount, coupon, GST), as a renewal row with its own coupon use and payment. Paid, it extends the
 * period (membership-purchases.settlement.ts).
 */
export async function renewMembership(
  ctx: ServiceCtx,
  id: string,
  input: RenewInput,
): Promise<EnrollmentCheckout<MembershipEnrollmentView> & { renewal: NonNullable<EnrollmentCheckout<unknown>['renewal']> }> {
  const { row } = await visibleEnrollment(ctx, id, true);
  if (!(MEMBERSHIP_MOVES.renew as readonly string[]).includes(row.status)) throw conflict(ENROLLMENT_MESSAGES.cannotRenew(row.status));
  if (!row.membershipId || !row.planId) throw badRequest(ENROLLMENT_MESSAGES.membershipUnavailable);
  const priced = await pricePlan(ctx, await activePlan(ctx, row.membershipId, row.planId), input.couponCode, row.userId);
  const { totals, coupon } = priced;
  const gateway = gatewayOrFree(ctx, totals.totalCents === 0, input.paymentMethod, renewalDefaultGateway(ctx.config));
  const at = new Date();
  const renewalId = newId();
  // Written only while the enrolment can still be renewed (one statement: a cancel racing it wins or loses whole).
  const insert = insertWhere(
    ctx.db,
    enrollmentRenewals,
    {
      id: renewalId,
      kind: 'membership',
      enrollmentId: row.id,
      userId: row.userId,
      priceCents: totals.priceCents,
      discountCents: totals.discountCents,
      couponDiscountCents: totals.couponDiscountCents,
      ...purchaseValues(totals, coupon && { id: coupon._id, code: coupon.code }, gateway, MEMBERSHIP_CURRENCY.code, at),
      notes: input.notes ?? '',
    },
    sql`exists (select 1 from ${membershipEnrollments} where ${membershipEnrollments.id} = ${row.id} and ${membershipEnrollments.status} in (${list(MEMBERSHIP_MOVES.renew)})) and not ${pendingAutopaySql(sql`${row.id}`)}`,
  );
  try {
    const [rows] = coupon
      ? await ctx.db.batch([
          insert,
          ...membershipCouponUse(
            ctx.db,
            { couponId: coupon._id, userId: row.userId, purchaseType: 'membership_renewal', purchaseId: renewalId, totals },
            enrollmentRenewals,
          ),
        ])
      : await ctx.db.batch([insert]);
    if (!rows[0]) throw await renewRefusal(ctx, id);
  } catch (err) {
    throw couponRefusedError(err) ?? err;
  }
  const renewal = (await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, renewalId)).get())!;
  let payment = null;
  if (totals.totalCents === 0) {
    // Nothing to pay (a full coupon): the renewal settles at once through the same statements as a paid one.
    const { move, follow } = membershipSettlements.membership_renewal!.paid(ctx.db, renewalId, new Date(), null);
    const [moved] = await ctx.db.batch([move, ...follow]);
    if ((moved as unknown[]).length) membershipSettlements.membership_renewal!.afterPaid(ctx, renewalId);
  } else {
    payment = await purchasePayment(ctx, { kind: 'membership_renewal', row: renewal, enrollment: row }, gateway, {
      abandonOnFailure: true,
    });
  }
  const fresh = (await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, renewalId)).get())!;
  return { enrollment: await enrollmentView(ctx.db, id), renewal: serializeRenewal(fresh), payment };
}
