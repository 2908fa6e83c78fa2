import { sql, type SQL } from 'drizzle-orm';
import { autopayHoldsSql } from '#worker/lib/enrolment/renewals.ts';

/**
 * Who may book classes (issue 24 §2), as one SQL condition on a user id column or value: a live course
 * enrolment (active, its paid term not over) or an active membership (its period not over, or its automatic
 * renewal being charged or awaiting its invoice) or one past due (in its dunning grace, issue 26). Bookings refuse
 * the others; attendance accepts them and flags the event `needsReview`; the kiosk shows them all.
 */
export function mayTrainSql(userId: SQL | string, nowMs: number): SQL {
  return sql`(exists (select 1 from course_enrollments ce where ce.user_id = ${userId} and ce.status = 'active' and (ce.term_ends_at is null or ce.term_ends_at > ${nowMs}))
    or exists (select 1 from membership_enrollments me where me.user_id = ${userId} and (me.status = 'past_due'
      or (me.status = 'active' and (me.ends_at is null or me.ends_at > ${nowMs} or ${autopayHoldsSql({ id: sql`me.id`, autopay: sql`me.autopay`, endsAt: sql`me.ends_at` }, nowMs)})))))`;
}
