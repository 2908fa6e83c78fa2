/**
 * What the school's enrolment screens offer for an enrolment in a given state, and how they word the
 * outcome. The server decides every move (decision 012); these only choose which buttons to show and
 * what to tell the admin before and after, from the same move tables the server uses.
 */
import {
  COURSE_MOVES,
  ENROLLMENT_STATUS_LABELS,
  INSTRUCTOR_MOVES,
  MEMBERSHIP_MOVES,
  REFUNDED_ON_CANCEL_FROM,
  type CourseEnrollmentStatus,
  type EnrollmentPaymentStatus,
  type InstructorEnrollmentStatus,
  type InstructorStatus,
} from '#core/enrollments/enrollment-status.ts';

const within = (moves: readonly string[], status: string) => moves.includes(status);

export type DecisionActions = { approve: boolean; reject: boolean; delete: boolean };

/** Course and membership enrolments: approve a pending one, reject a live one; delete is always asked (the server keeps a paid live one). */
export function decisionActions(kind: 'course' | 'membership', status: string): DecisionActions {
  const moves = kind === 'course' ? COURSE_MOVES : MEMBERSHIP_MOVES;
  return { approve: within(moves.approve, status), reject: within(moves.reject, status), delete: true };
}

export type InstructorActions = DecisionActions & { suspend: boolean; reactivate: boolean; complete: boolean };

/** Instructor applications: suspend and reactivate act on the instructor status of an approved or active enrolment. */
export function instructorActions(status: InstructorEnrollmentStatus, instructorStatus: InstructorStatus): InstructorActions {
  const engaged = within(INSTRUCTOR_MOVES.complete, status);
  return {
    approve: within(INSTRUCTOR_MOVES.approve, status),
    reject: within(INSTRUCTOR_MOVES.reject, status),
    suspend: engaged && instructorStatus === 'active',
    reactivate: engaged && instructorStatus === 'suspended',
    complete: engaged,
    delete: true,
  };
}

/** Approval makes a paid (or free) enrolment active at once and leaves an unpaid one approved (decision 012). */
export function approvalOutcome(status: string): string {
  if (status === 'active') return 'Active';
  if (status === 'approved') return 'Approved — awaiting payment';
  return ENROLLMENT_STATUS_LABELS[status as CourseEnrollmentStatus] ?? status;
}

/** What rejecting does to the money, said before the admin confirms it. */
export function rejectMoneyNote(status: string, paymentStatus: EnrollmentPaymentStatus): string {
  if (paymentStatus !== 'paid') return 'Nothing has been paid, so nothing is refunded.';
  if (within(REFUNDED_ON_CANCEL_FROM, status)) return 'The payment is refunded in full through its gateway at once.';
  return 'It is active, so nothing is refunded automatically: refund it by hand in Payments if you choose to.';
}

/** "12 days left", "Last day", "Ended", or '' before the period starts. */
export function daysLeftLabel(daysLeft: number | null, endsAt: string | null, now = Date.now()): string {
  if (daysLeft === null) return '';
  if (endsAt && Date.parse(endsAt) <= now) return 'Ended';
  if (daysLeft <= 0) return 'Last day';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** The counts of the stats tiles, in the machine's order, each status once (missing ones count 0). */
export function statTiles(stats: Partial<Record<string, number>> | undefined, statuses: readonly string[]) {
  return statuses.map((status) => ({ status, count: stats?.[status] ?? 0 }));
}

/** A list query as sent: blank filters and a blank search are left out, the search is trimmed. */
export function listParams(q: Record<string, string | number>, limit: number): Record<string, string | number> {
  const out: Record<string, string | number> = { limit };
  for (const [k, v] of Object.entries(q)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '') out[k] = value;
  }
  return out;
}
