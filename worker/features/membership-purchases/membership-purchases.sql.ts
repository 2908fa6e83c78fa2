/** SQL pieces every membership move shares: the period arithmetic and the end-of-life statements. */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { REFUNDED_ON_CANCEL_FROM, type MembershipEnrollmentStatus } from '#core/enrollments/enrollment-status.ts';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { membershipEnrollments, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { releaseCouponUsesOf } from '#worker/lib/coupon-uses.ts';

export const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * `fromMs` plus `months` calendar months, in epoch ms, computed by SQLite in the statement that moves the
 * row (so a move stays one statement); the milliseconds of the start are kept.
 */
export const addMonthsSql = (fromMs: SQL | number, months: SQL | typeof membershipEnrollments.durationMonths) =>
  sql`(unixepoch(${fromMs} / 1000, 'unixepoch', '+' || ${months} || ' months') * 1000 + (${fromMs} % 1000))`;

/** SET pieces that start the period now when the row becomes active by this statement (`becomesActive` is its condition). */
export const periodStartingNow = (becomesActive: SQL, at: Date) => ({
  startsAt: sql`case when ${becomesActive} then ${at.getTime()} else ${membershipEnrollments.startsAt} end`,
  endsAt: sql`case when ${becomesActive} then ${addMonthsSql(at.getTime(), membershipEnrollments.durationMonths)} else ${membershipEnrollments.endsAt} end`,
});

/** The release token a move writes: `release:` when it left before active (the coupon use goes back), `keep:` otherwise. */
const tokenValue = (token: string) =>
  sql`case when ${membershipEnrollments.status} in (${list(REFUNDED_ON_CANCEL_FROM)}) then ${`release:${token}`} else ${`keep:${token}`} end`;

/** Coupon uses of the enrolments a move stamped with `release:<token>`. */
export const releaseStamped = (db: Db, token: string) =>
  releaseCouponUsesOf(
    db,
    'membership',
    sql`select ${membershipEnrollments.id} from ${membershipEnrollments} where ${membershipEnrollments.releaseToken} = ${`release:${token}`}`,
  );

/**
 * The enrolments `which` selects cancelled from one of `from` (one conditional UPDATE … RETURNING), their
 * coupon uses given back in the same batch when they never became active. `where` narrows the move.
 */
export function cancelStatements(
  db: Db,
  opts: { which: SQL; from: readonly string[]; at: Date; set: Record<string, unknown>; where?: SQL | undefined },
) {
  const token = newId();
  const move = db
    .update(membershipEnrollments)
    .set({
      status: 'cancelled',
      cancelledAt: opts.at,
      paymentDueAt: null,
      ...(opts.set as Partial<MembershipEnrollmentRow>),
      releaseToken: tokenValue(token),
      updatedAt: opts.at,
    })
    .where(and(opts.which, inArray(membershipEnrollments.status, opts.from as MembershipEnrollmentStatus[]), opts.where))
    .returning();
  return [move, releaseStamped(db, token)] as const;
}

/** Moved to worker/lib/sql.ts (automatic renewals write their lines with it too). */
export { insertWhere } from '#worker/lib/sql.ts';
