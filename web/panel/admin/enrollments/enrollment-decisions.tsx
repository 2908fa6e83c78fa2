import { ENROLLMENT_CANCEL_REASONS, type EnrollmentPaymentStatus } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView, MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { approvalOutcome, decisionActions, rejectMoneyNote } from '#web/lib/enrollment-admin-rules.ts';
import { approveEnrollment, deleteEnrollment, readEnrollment, rejectEnrollment, type EnrollmentApi } from './enrollments-api.ts';
import type { DecisionKind } from './decision-detail.tsx';
import { CourseEnrollmentFacts } from './course-enrollment-facts.tsx';
import { MembershipEnrollmentFacts } from './membership-enrollment-facts.tsx';
import { PaymentBadge, StatusBadge } from './enrollment-parts.tsx';

type Decided = { _id: string; enrollmentStatus: string; paymentStatus: EnrollmentPaymentStatus };
type Shown<R> = Pick<DecisionKind<R>, 'name' | 'failed' | 'backLabel' | 'facts'>;

/** Course and membership enrolments decide alike (decision 012): approve a pending one, reject a live one, delete. */
function enrollmentKind<R extends Decided>(api: EnrollmentApi, shown: Shown<R>): DecisionKind<R> {
  return {
    ...shown,
    moves: [
      {
        button: 'Approve',
        title: 'Approve',
        label: 'Approval notes',
        busy: 'Approving…',
        danger: false,
        allowed: (row) => decisionActions(api, row.enrollmentStatus).approve,
        note: (row) =>
          row.paymentStatus === 'paid' || row.paymentStatus === 'free'
            ? 'Nothing is owed, so it becomes Active at once.'
            : 'The payment is still outstanding: it becomes Approved and turns Active once paid.',
        run: async (row, notes, name) => {
          const now = (await approveEnrollment<R>(api, row._id, notes)).data ?? { ...row, enrollmentStatus: 'approved' };
          return { message: `${name}: ${approvalOutcome(now.enrollmentStatus)}`, row: now };
        },
      },
      {
        button: 'Reject',
        title: 'Reject',
        label: 'Rejection reason',
        busy: 'Rejecting…',
        placeholder: ENROLLMENT_CANCEL_REASONS.admin,
        danger: true,
        allowed: (row) => decisionActions(api, row.enrollmentStatus).reject,
        note: (row) =>
          `It ends Cancelled; the student sees the reason (left blank: “${ENROLLMENT_CANCEL_REASONS.admin}”). ${rejectMoneyNote(row.enrollmentStatus, row.paymentStatus)}`,
        run: async (row, reason, name) => {
          const now = (await rejectEnrollment<R>(api, row._id, reason)).data ?? { ...row, enrollmentStatus: 'cancelled' };
          const refunded = now.paymentStatus === 'refunded' ? '; the payment was refunded' : '';
          return { message: `${name}: rejected${refunded}`, row: now };
        },
      },
    ],
    deleted: (name) => name,
    deleteNote:
      'This permanently removes the enrolment and cannot be undone. A paid enrolment that is still live is kept: reject it first. Payment records stay.',
    remove: async (row, name) => (await deleteEnrollment(api, row._id)).message ?? `${name}: deleted`,
    read: async (id, signal) => (await readEnrollment<R>(api, id, signal)).data ?? null,
    badges: (row) => (
      <>
        <StatusBadge status={row.enrollmentStatus} />
        <PaymentBadge status={row.paymentStatus} />
      </>
    ),
    data: (row) => ({ 'data-status': row.enrollmentStatus, 'data-payment': row.paymentStatus }),
  };
}

export const COURSE_ENROLLMENTS = enrollmentKind<CourseEnrollmentView>('course', {
  name: (e) => `${e.user.name} in ${e.course.title}`,
  failed: 'Failed to fetch enrollment',
  backLabel: 'Course enrolments',
  facts: (e) => <CourseEnrollmentFacts enrollment={e} />,
});

export const MEMBERSHIP_ENROLLMENTS = enrollmentKind<MembershipEnrollmentView>('membership', {
  name: (e) => `${e.user.name}, ${e.membership.name}`,
  failed: 'Failed to fetch membership enrollment',
  backLabel: 'Membership enrolments',
  facts: (e) => <MembershipEnrollmentFacts enrollment={e} />,
});
