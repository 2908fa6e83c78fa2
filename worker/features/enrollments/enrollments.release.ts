import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { CourseEnrollmentStatus } from '#core/enrollments/enrollment-status.ts';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db/client.ts';
import { couponUses, courseEnrollments, enrollmentRenewals } from '#db/schema/index.ts';

/**
 * A course enrolment that ends (cancelled, rejected, unpaid in time, deleted) gives back what it held in
 * the batch of the statement that moved it: that statement writes a fresh release token, and the
 * statements below act only on rows carrying it, so a move that matched nothing (a second cancel, a
 * lost race) gives nothing back twice. Its renewals still awaiting payment end with it.
 */
export const freshReleaseToken = () => newId();

const stamped = (token: string) =>
  sql`select ${courseEnrollments.id} from ${courseEnrollments} where ${courseEnrollments.releaseToken} = ${token}`;
const stampedRenewals = (token: string) =>
  sql`select ${enrollmentRenewals.id} from ${enrollmentRenewals} where ${enrollmentRenewals.releaseToken} = ${token}`;

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
    db
      .update(couponUses)
      .set({ status: 'released', updatedAt: at })
      .where(
        and(
          eq(couponUses.purchaseType, 'course_enrollment'),
          ne(couponUses.status, 'released'),
          sql`${couponUses.purchaseId} in (${stamped(token)})`,
        ),
      ),
    renewalCouponRelease(db, token, at),
  ] as const;
}

/** The coupon uses of the renewals a statement stamped with `token`. */
export const renewalCouponRelease = (db: Db, token: string, at: Date) =>
  db
    .update(couponUses)
    .set({ status: 'released', updatedAt: at })
    .where(
      and(
        eq(couponUses.purchaseType, 'course_renewal'),
        ne(couponUses.status, 'released'),
        sql`${couponUses.purchaseId} in (${stampedRenewals(token)})`,
      ),
    );

/**
 * One enrolment (or several) moved to cancelled from one of `from` — ONE conditional UPDATE … RETURNING —
 * with its coupon use and unpaid renewals given back in the same batch. `where` narrows it further.
 */
export function cancelStatements(
  db: Db,
  opts: {
    ids: readonly string[];
    from: readonly CourseEnrollmentStatus[];
    at: Date;
    set: SQLiteUpdateSetSource<typeof courseEnrollments>;
    where?: SQL | undefined;
  },
) {
  const token = freshReleaseToken();
  const move = db
    .update(courseEnrollments)
    .set({ ...opts.set, status: 'cancelled', cancelledAt: opts.at, releaseToken: token, updatedAt: opts.at })
    .where(and(inArray(courseEnrollments.id, [...opts.ids]), inArray(courseEnrollments.status, [...opts.from]), opts.where))
    .returning();
  return [move, ...releaseStatements(db, token, opts.at)] as const;
}
