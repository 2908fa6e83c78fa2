import { sql } from 'drizzle-orm';
import { COURSE_MOVES } from '#core/enrollments/enrollment-status.ts';
import { courseEnrollments, courses } from '#db/schema/index.ts';
import type { EnrolmentKind } from '#worker/lib/enrolment/kind.ts';
import { cancelStatements } from './enrollments.release.ts';

export const WEEK_MS = 7 * 86_400_000;

/** The course's term in ms from its weeks (null when the course has none, or is gone). */
const termMs = sql`(select ${courses.durationWeeks} * ${WEEK_MS} from ${courses} where ${courses.id} = ${courseEnrollments.courseId})`;

/** The end of a term starting at `at`: null for a course without weeks. */
export const termEndFrom = (at: Date) => sql`${at.getTime()} + ${termMs}`;

/** A course enrolment as a kind of the enrolment kit (worker/lib/enrolment): its period is the course's term. */
export const COURSE: EnrolmentKind<typeof courseEnrollments> = {
  name: 'course',
  table: courseEnrollments,
  purchaseType: 'course_enrollment',
  renewalPurchaseType: 'course_renewal',
  moves: COURSE_MOVES,
  startsPeriod: (becomesActive, at) => ({
    termEndsAt: sql`case when ${becomesActive} then ${termEndFrom(at)} else ${courseEnrollments.termEndsAt} end`,
  }),
  cancelStatements,
};
