import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import { couponUses, enrollmentRenewals, membershipEnrollments } from '#db/schema/index.ts';
import { addMonthsSql, periodStartingNow } from './membership-purchases.sql.ts';
import { receiptLines, tellMember } from './membership-purchases.notices.ts';
import { refundedNow, type PurchaseSettlement } from '#worker/lib/payments/settlements.ts';

/** The purchase's reserved coupon use confirmed, only once the purchase is paid. */
const confirmUse = (purchaseType: PurchaseType, purchaseId: string, paid: SQL) =>
  and(eq(couponUses.purchaseType, purchaseType), eq(couponUses.purchaseId, purchaseId), eq(couponUses.status, 'reserved'), paid);

/**
 * A membership is paid only while its payment is pending and the school has not refused it; an approved
 * one becomes active by the same statement, its period starting now (decision 012).
 */
const membership: PurchaseSettlement = {
  paid: (db, id, at, paymentId) => ({
    move: db
      .update(membershipEnrollments)
      .set({
        paymentStatus: 'paid',
        paidAt: at,
        paidByPaymentId: paymentId,
        paymentDueAt: null,
        status: sql`case when ${membershipEnrollments.status} = 'approved' then 'active' else ${membershipEnrollments.status} end`,
        ...periodStartingNow(sql`${membershipEnrollments.status} = 'approved'`, at),
        updatedAt: at,
      })
      .where(
        and(
          eq(membershipEnrollments.id, id),
          eq(membershipEnrollments.paymentStatus, 'pending'),
          inArray(membershipEnrollments.status, ['pending_approval', 'approved']),
        ),
      )
      .returning({ id: membershipEnrollments.id }),
    follow: [
      db
        .update(couponUses)
        .set({ status: 'confirmed', updatedAt: at })
        .where(
          confirmUse(
            'membership',
            id,
            sql`exists (select 1 from ${membershipEnrollments} where ${membershipEnrollments.id} = ${id} and ${membershipEnrollments.paymentStatus} = 'paid')`,
          ),
        ),
    ],
  }),
  afterPaid: (ctx, id) =>
    tellMember(ctx, id, {
      title: 'Membership payment received',
      body: (row) =>
        row.status === 'active'
          ? `Your ${row.membershipName} membership is paid and active. Thank you!`
          : `Your ${row.membershipName} membership is paid; the school will review it shortly.`,
      type: 'success',
      eventType: 'membership_paid',
      extra: (row) => receiptLines(row),
    }),
  refunded: (db, id, refund) => [
    db
      .update(membershipEnrollments)
      .set({ paymentStatus: 'refunded', updatedAt: refund.at })
      .where(
        and(
          eq(membershipEnrollments.id, id),
          eq(membershipEnrollments.paymentStatus, 'paid'),
          eq(membershipEnrollments.paidByPaymentId, refund.paymentId),
          refundedNow(refund),
        ),
      ),
  ],
};

/** The enrolment a renewal extends (only an active or expired one can be extended). */
const renewedEnrollment = (renewalId: string) =>
  sql`(select ${enrollmentRenewals.enrollmentId} from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${renewalId})`;

/**
 * A renewal paid: the renewal records the period it adds — from the enrolment's current end, or from now
 * if that has passed — and the enrolment takes that end, active again, its reminder cleared. The
 * enrolment follows only the renewal this call moved (its fresh token).
 */
const membershipRenewal: PurchaseSettlement = {
  paid: (db, id, at, paymentId) => {
    const token = `paid:${newId()}`;
    const me = membershipEnrollments;
    const from = sql`(select max(coalesce(${me.endsAt}, 0), ${at.getTime()}) from ${me} where ${me.id} = ${enrollmentRenewals.enrollmentId})`;
    const months = sql`(select ${me.durationMonths} from ${me} where ${me.id} = ${enrollmentRenewals.enrollmentId})`;
    return {
      move: db
        .update(enrollmentRenewals)
        .set({
          status: 'paid',
          paidAt: at,
          paidByPaymentId: paymentId,
          periodStartsAt: from,
          periodEndsAt: addMonthsSql(from, months),
          releaseToken: token,
          updatedAt: at,
        })
        .where(
          and(
            eq(enrollmentRenewals.id, id),
            eq(enrollmentRenewals.kind, 'membership'),
            eq(enrollmentRenewals.status, 'pending_payment'),
            sql`exists (select 1 from ${me} where ${me.id} = ${enrollmentRenewals.enrollmentId} and ${me.status} in ('active', 'expired'))`,
          ),
        )
        .returning({ id: enrollmentRenewals.id }),
      follow: [
        db
          .update(me)
          .set({
            endsAt: sql`(select ${enrollmentRenewals.periodEndsAt} from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${id})`,
            startsAt: sql`coalesce(${me.startsAt}, ${at.getTime()})`,
            status: 'active',
            reminderSentAt: null,
            expiredAt: null,
            updatedAt: at,
          })
          .where(
            and(
              sql`${me.id} = ${renewedEnrollment(id)}`,
              sql`exists (select 1 from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${id} and ${enrollmentRenewals.releaseToken} = ${token})`,
            ),
          ),
        db
          .update(couponUses)
          .set({ status: 'confirmed', updatedAt: at })
          .where(
            confirmUse(
              'membership_renewal',
              id,
              sql`exists (select 1 from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${id} and ${enrollmentRenewals.status} = 'paid')`,
            ),
          ),
      ],
    };
  },
  afterPaid: (ctx, renewalId) =>
    ctx.defer('membership renewal notice', async () => {
      const renewal = await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, renewalId)).get();
      if (!renewal) return;
      tellMember(ctx, renewal.enrollmentId, {
        title: 'Membership renewed',
        body: (row) => `Your ${row.membershipName} membership is renewed until ${row.endsAt?.toISOString().slice(0, 10) ?? ''}. Thank you!`,
        type: 'success',
        eventType: 'membership_renewed',
        extra: (row) =>
          receiptLines(
            {
              ...row,
              couponCode: renewal.couponCode,
              planPriceCents: renewal.priceCents,
              discountCents: renewal.discountCents,
              couponDiscountCents: renewal.couponDiscountCents,
              gstCents: renewal.gstCents,
            },
            renewal.totalCents,
          ),
      });
    }),
  refunded: (db, id, refund) => [
    db
      .update(enrollmentRenewals)
      .set({ status: 'refunded', updatedAt: refund.at })
      .where(
        and(
          eq(enrollmentRenewals.id, id),
          eq(enrollmentRenewals.status, 'paid'),
          eq(enrollmentRenewals.paidByPaymentId, refund.paymentId),
          refundedNow(refund),
        ),
      ),
  ],
};

/** What paying for (or refunding) a membership enrolment and a membership renewal does. */
export const membershipSettlements: Partial<Record<PurchaseType, PurchaseSettlement>> = {
  membership,
  membership_renewal: membershipRenewal,
};
