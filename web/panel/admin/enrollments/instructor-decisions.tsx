import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { instructorActions } from '#web/lib/enrollment-admin-rules.ts';
import { upperFirst } from '#web/components/format.ts';
import { deleteInstructor, moveInstructor, readInstructorApplication, type InstructorMove } from './enrollments-api.ts';
import type { DecisionMove } from './decision-actions.tsx';
import type { DecisionKind } from './decision-detail.tsx';
import { InstructorApplicationFacts } from './instructor-application-facts.tsx';
import { InstructorBadge, StatusBadge } from './enrollment-parts.tsx';

type Row = InstructorEnrollmentView;
type Words = Omit<DecisionMove<Row>, 'allowed' | 'note' | 'run'> & { note: string };

const WORDS: Record<InstructorMove, Words> = {
  approve: {
    button: 'Approve',
    title: 'Approve the application of',
    label: 'Approval notes',
    busy: 'Approving…',
    danger: false,
    note: 'They get the instructor role and an instructor ID they can sign in with.',
  },
  reject: {
    button: 'Reject',
    title: 'Reject the application of',
    label: 'Rejection reason',
    busy: 'Rejecting…',
    placeholder: ENROLLMENT_CANCEL_REASONS.admin,
    danger: true,
    note: 'The application ends Cancelled; the applicant sees the reason.',
  },
  suspend: {
    button: 'Suspend',
    title: 'Suspend',
    label: 'Reason for suspension',
    busy: 'Suspending…',
    required: true,
    danger: true,
    note: 'Their instructor access stops at once: they are signed out everywhere and get their previous role back until reactivated.',
  },
  reactivate: {
    button: 'Reactivate',
    title: 'Reactivate',
    label: 'Reason',
    busy: 'Reactivating…',
    danger: false,
    note: 'They get the instructor role back (and sign in again).',
  },
  complete: {
    button: 'Mark completed',
    title: 'Mark completed the engagement of',
    label: 'Completion notes',
    busy: 'Saving…',
    danger: false,
    note: 'The engagement ends Completed and they get their previous role back.',
  },
};
const ORDER: InstructorMove[] = ['approve', 'reject', 'suspend', 'reactivate', 'complete'];

/** An approval answers the new instructor ID and role; every other move says what it did. */
async function run(m: InstructorMove, row: Row, text: string, name: string) {
  const body = await moveInstructor(m, row._id, text);
  const now = body.data?.enrollment ?? null;
  const id = body.data?.instructorId ?? now?.instructorId;
  const role = body.data?.userRole ?? now?.userRole;
  const message =
    m === 'approve'
      ? `${name} approved: instructor ID ${id ?? '—'}, role ${upperFirst(role ?? 'instructor')}`
      : `${name}: ${{ reject: 'rejected', suspend: 'suspended', reactivate: 'reactivated', complete: 'marked completed' }[m]}`;
  return { message, row: now ?? row };
}

/** Instructor applications (decision 012): suspend and reactivate act on the instructor status of an engaged one. */
export const INSTRUCTOR_APPLICATIONS: DecisionKind<Row> = {
  name: (row) => row.user.name,
  moves: ORDER.map((m) => {
    const { note, ...words } = WORDS[m];
    return {
      ...words,
      allowed: (row: Row) => instructorActions(row.enrollmentStatus, row.instructorStatus)[m],
      note: () => note,
      run: (row: Row, text: string, name: string) => run(m, row, text, name),
    };
  }),
  deleted: (name) => `the application of ${name}`,
  deleteNote: 'This permanently removes the application and its documents. An instructor gets their previous role back and is signed out.',
  remove: async (row, name) => (await deleteInstructor(row._id)).message ?? `The application of ${name} was deleted`,
  read: async (id, signal) => (await readInstructorApplication(id, signal)).data?.enrollment ?? null,
  failed: 'Failed to fetch instructor application',
  backLabel: 'Instructor applications',
  badges: (row) => (
    <>
      <StatusBadge status={row.enrollmentStatus} />
      <InstructorBadge status={row.instructorStatus} />
    </>
  ),
  data: (row) => ({ 'data-status': row.enrollmentStatus, 'data-instructor-status': row.instructorStatus }),
  facts: (row) => <InstructorApplicationFacts application={row} />,
};
