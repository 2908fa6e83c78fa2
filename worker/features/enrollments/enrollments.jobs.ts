import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import { courseEnrollments, enrollmentRenewals } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { freshReleaseToken, releaseStatements, renewalCouponRelease } from './enrollments.release.ts';

/** At most this many enrolments (and renewals) end per run; the next minute takes the rest. */
export const UNPAID_BATCH = 500;

/**
 * Unpaid course enrolments past their payment window are cancelled ('Payment not received in time') by
 * ONE conditional statement (on the due index), their seats, coupon uses and unpaid renewals given back
 * in the same batch through the release token. A payment verified later finds it cancelled and is refunded.
 */
export async function cancelUnpaidEnrollments(ctx: Pick<ServiceCtx, 'db'>, now = new Date()) {
  const token = freshReleaseToken();
  const due = sql`select ${courseEnrollments.id} from ${courseEnrollments} where ${courseEnrollments.paymentStatus} = 'pending' and ${courseEnrollments.paymentDueAt} <= ${now.getTime()} and ${courseEnrollments.status} <> 'cancelled' order by ${courseEnrollments.paymentDueAt} limit ${UNPAID_BATCH}`;
  const [moved] = await ctx.db.batch([
    ctx.db
      .update(courseEnrollments)
      .set({ status: 'cancelled', cancelReason: ENROLLMENT_CANCEL_REASONS.unpaid, cancelledAt: now, releaseToken: token, updatedAt: now })
      .where(
        and(
          sql`${courseEnrollments.id} in (${due})`,
          eq(courseEnrollments.paymentStatus, 'pending'),
          ne(courseEnrollments.status, 'cancelled'),
          lte(courseEnrollments.paymentDueAt, now),
        ),
      )
      .returning({ id: courseEnrollments.id }),
    ...releaseStatements(ctx.db, token, now),
  ]);
  return { cancelled: moved.map((r) => r.id) };
}

/** Unpaid course renewals past their window end the same way (the enrolment itself stays as it is). */
export async function cancelUnpaidRenewals(ctx: Pick<ServiceCtx, 'db'>, now = new Date()) {
  const token = freshReleaseToken();
  const due = sql`select ${enrollmentRenewals.id} from ${enrollmentRenewals} where ${enrollmentRenewals.status} = 'pending_payment' and ${enrollmentRenewals.paymentDueAt} <= ${now.getTime()} and ${enrollmentRenewals.kind} = 'course' order by ${enrollmentRenewals.paymentDueAt} limit ${UNPAID_BATCH}`;
  const [moved] = await ctx.db.batch([
    ctx.db
      .update(enrollmentRenewals)
      .set({ status: 'cancelled', releaseToken: token, updatedAt: now })
      .where(
        and(
          sql`${enrollmentRenewals.id} in (${due})`,
          eq(enrollmentRenewals.status, 'pending_payment'),
          eq(enrollmentRenewals.kind, 'course'),
          lte(enrollmentRenewals.paymentDueAt, now),
        ),
      )
      .returning({ id: enrollmentRenewals.id }),
    renewalCouponRelease(ctx.db, token, now),
  ]);
  return { cancelled: moved.map((r) => r.id) };
}

/** This feature's scheduled work (worker/scheduled.ts runs it every minute; each job idempotent). */
export const JOBS: { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> }[] = [
  { name: 'cancel unpaid course enrolments', run: cancelUnpaidEnrollments },
  { name: 'cancel unpaid course renewals', run: cancelUnpaidRenewals },
];
