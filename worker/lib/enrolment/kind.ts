import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { Db } from '#db/client.ts';
import type { courseEnrollments, membershipEnrollments } from '#db/schema/index.ts';

/** A table of enrolment purchases: the decision and purchase columns of db/schema/enrollments.ts, and its own. */
export type PurchaseTable = typeof courseEnrollments | typeof membershipEnrollments;

/**
 * One thing people enrol in and pay for, as a value: the kit's moves (worker/lib/enrolment) take it and
 * do the rest the same way for every kind. A feature defines its kind once and keeps only its own words.
 */
export type EnrolmentKind<T extends PurchaseTable = PurchaseTable> = {
  /** `enrollment_renewals.kind`. */
  name: 'course' | 'membership';
  table: T;
  purchaseType: Extract<PurchaseType, 'course_enrollment' | 'membership'>;
  renewalPurchaseType: Extract<PurchaseType, 'course_renewal' | 'membership_renewal'>;
  /** The statuses each move starts from (core/enrollments/enrollment-status.ts). */
  moves: { approve: readonly string[]; reject: readonly string[]; userCancel: readonly string[]; renew: readonly string[] };
  /** SET pieces that start the period (a course's term, a membership's months) in the statement that makes it active. */
  startsPeriod: (becomesActive: SQL, at: Date) => Record<string, SQL>;
  /** What else the statement that marks it paid sets (e.g. the payment due date cleared). */
  onPaid?: Record<string, unknown>;
  /**
   * Cancels the rows `which` selects from one of `from` (ONE conditional UPDATE … RETURNING, first) and gives
   * back what they hold (coupon use, seat, unpaid renewals) in the same batch, gated on the token it wrote.
   */
  cancelStatements: (
    db: Db,
    opts: { which: SQL; from: readonly string[]; at: Date; set: Record<string, unknown>; where?: SQL | undefined },
  ) => readonly [BatchItem<'sqlite'> & PromiseLike<T['$inferSelect'][]>, ...BatchItem<'sqlite'>[]];
};
