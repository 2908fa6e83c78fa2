import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { CourseEnrollmentStatus } from '#core/enrollments/enrollment-status.ts';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db/client.ts';
import { renewalCouponRelease } from '#worker/lib/enrolment/renewals.ts';
import { courseEnrollments, enrollmentRenewals } from '#db/schema/index.ts';
import { releaseCouponUsesOf } from '#worker/lib/coupon-uses.ts';

/**
 * A course enrolment that ends (cancelled, rejected, unpaid in time, deleted) gives back what it held in
 * the batch of the statement that moved it: that statement writes a fresh release token, and the
 * statements below act only on rows carrying it, so a move that matched nothing (a second cancel, a
 * lost race) gives nothing back twice. Its renewals still awaiting payment end with it.
 */
export const freshReleaseToken = () => newId();

/** What the course's renewal release needs of its kind (enrollments.kind.ts imports this file). */
const COURSE_RENEWALS = { renewalPurchaseType: 'course_renewal' } as const;

const stamped = (token: string) =>
  sql`select ${courseEnrollments.id} from ${courseEnrollments} where ${courseEnrollments.releaseToken} = ${token}`;

/** The coupon uses of the stamped enrolments and renewals back, the stamped enrolments' unpaid renewals cancelled. */
export function releaseStatements(db: Db, token: string, at: Date) {
  return [
    db
      .update(enrollmentRenewals)
      .set({ status: 'cancelled', releaseToken: token, updatedAt: at })
      .where(
        and(
          eq(enrollmentRenewals.kind, 'course'),
          eq(enrollmentRenewals.status, 'pending_payment'),
          sql`${enrollmentRenewals.enrollmentId} in (${stamped(token)})`,
        ),
      ),
    releaseCouponUsesOf(db, 'course_enrollment', stamped(token), at),
    renewalCouponRelease(db, COURSE_RENEWALS, token, at),
  ] as const;
}

/**
 * The enrolments `which` selects moved to cancelled from one of `from` — ONE conditional UPDATE … RETURNING —
 * with their coupon uses and unpaid renewals given back in the same batch. `where` narrows it further.
 */
export function cancelStatements(
  db: Db,
  opts: { which: SQL; from: readonly string[]; at: Date; set: Record<string, unknown>; where?: SQL | undefined },
) {
  const token = freshReleaseToken();
  const move = db
    .update(courseEnrollments)
    .set({
      ...(opts.set as SQLiteUpdateSetSource<typeof courseEnrollments>),
      status: 'cancelled',
      cancelledAt: opts.at,
      releaseToken: token,
      updatedAt: opts.at,
    })
    .where(and(opts.which, inArray(courseEnrollments.status, opts.from as CourseEnrollmentStatus[]), opts.where))
    .returning();
  return [move, ...releaseStatements(db, token, opts.at)] as const;
}
