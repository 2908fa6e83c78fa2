import { eq, sql, type SQL } from 'drizzle-orm';
import { calendarDay } from '#core/time-zone.ts';
import { newId } from '#core/ids.ts';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { Db } from '#db/client.ts';
import { enrollmentRenewals, membershipEnrollments } from '#db/schema/index.ts';
import { addMonthsSql } from './membership-purchases.sql.ts';
import { receiptLines, tellMember, tellSchoolOfMembership } from './membership-purchases.notify.ts';
import { confirmRenewalCouponUse, enrolmentSettlement, payRenewal, renewalRefunded } from '#worker/lib/enrolment/settle.ts';
import type { PurchaseSettlement } from '#worker/lib/payments/settlements.ts';
import { MEMBERSHIP } from './membership-purchases.kind.ts';

/**
 * A membership is paid only while its payment is pending and the school has not refused it; an approved
 * one becomes active by the same statement, its period starting now (decision 012): the kit's settlement.
 */
const membership: PurchaseSettlement = enrolmentSettlement(MEMBERSHIP, (ctx, id) => {
  tellSchoolOfMembership(ctx, id);
  tellMember(ctx, id, {
    title: 'Membership payment received',
    body: (row) =>
      row.status === 'active'
        ? `Your ${row.membershipName} membership is paid and active. Thank you!`
        : `Your ${row.membershipName} membership is paid; the school will review it shortly.`,
    type: 'success',
    eventType: 'membership_paid',
    extra: (row) => receiptLines(row),
  });
});

/**
 * Renewals `which` selects paid by one payment: each records the period it adds — from the end it renews
 * (an automatic renewal's `autopayFor`, so a charge retried days later keeps the periods back to back), else
 * from the enrolment's current end or now if that has passed — and its enrolment takes that end, active again
 * (also from `past_due`), its reminder cleared. Enrolments follow only the renewals this call moved (its fresh token).
 */
export function membershipRenewalsPaid(db: Db, which: string | SQL, at: Date, paymentId: string | null) {
  const token = `paid:${newId()}`;
  const me = membershipEnrollments;
  const r = enrollmentRenewals;
  const from = sql`coalesce(${r.autopayFor}, (select max(coalesce(${me.endsAt}, 0), ${at.getTime()}) from ${me} where ${me.id} = ${r.enrollmentId}))`;
  const months = sql`(select ${me.durationMonths} from ${me} where ${me.id} = ${r.enrollmentId})`;
  const moved = sql`select ${r.enrollmentId} from ${r} where ${r.releaseToken} = ${token}`;
  return {
    move: payRenewal(db, MEMBERSHIP, which, {
      at,
      paymentId,
      from,
      to: addMonthsSql(from, months),
      requires: sql`exists (select 1 from ${me} where ${me.id} = ${r.enrollmentId} and ${me.status} in ('active', 'expired', 'past_due'))`,
      set: { releaseToken: token },
    }),
    follow: [
      db
        .update(me)
        .set({
          endsAt: sql`(select ${r.periodEndsAt} from ${r} where ${r.enrollmentId} = ${me.id} and ${r.releaseToken} = ${token})`,
          startsAt: sql`coalesce(${me.startsAt}, ${at.getTime()})`,
          status: 'active',
          reminderSentAt: null,
          expiredAt: null,
          updatedAt: at,
        })
        .where(sql`${me.id} in (${moved})`),
    ],
  };
}

/** A renewal paid (membershipRenewalsPaid for one), its coupon use confirmed. */
const membershipRenewal: PurchaseSettlement = {
  paid: (db, id, at, paymentId) => {
    const { move, follow } = membershipRenewalsPaid(db, id, at, paymentId);
    return { move, follow: [...follow, confirmRenewalCouponUse(db, MEMBERSHIP, id, at)] };
  },
  afterPaid: (ctx, renewalId) =>
    ctx.defer('membership renewal notice', async () => {
      const renewal = await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, renewalId)).get();
      if (!renewal) return;
      tellMember(ctx, renewal.enrollmentId, {
        title: 'Membership renewed',
        body: (row, zone) =>
          `Your ${row.membershipName} membership is renewed${row.endsAt ? ` until ${calendarDay(row.endsAt, zone)}` : ''}. Thank you!`,
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
  refunded: renewalRefunded,
};

/** What paying for (or refunding) a membership enrolment and a membership renewal does. */
export const membershipSettlements: Partial<Record<PurchaseType, PurchaseSettlement>> = {
  membership,
  membership_renewal: membershipRenewal,
};
