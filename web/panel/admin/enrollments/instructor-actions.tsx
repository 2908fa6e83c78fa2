import { useState } from 'react';
import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { instructorActions } from '#web/lib/enrollment-admin-rules.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { upperFirst } from '#web/components/format.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { deleteInstructor, moveInstructor, type InstructorMove } from './enrollments-api.ts';
import { NoteDialog } from './enrollment-parts.tsx';

/** What an action tells the screen; `row` is null once deleted. */
export type InstructorOutcome =
  { kind: 'done'; message: string; row: InstructorEnrollmentView | null } | { kind: 'refused'; message: string };

type Props = { row: InstructorEnrollmentView; small?: boolean; onOutcome: (o: InstructorOutcome) => void };
type Asking = InstructorMove | 'delete' | null;

type MoveText = {
  button: string;
  title: string;
  label: string;
  busy: string;
  required?: boolean;
  placeholder?: string;
  danger: boolean;
  note: string;
};
const MOVES: Record<InstructorMove, MoveText> = {
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

/** The moves an application's state allows (decision 012); a 409 (another admin moved it first) goes to the screen, which reloads. */
export function InstructorActions({ row, small, onOutcome }: Props) {
  const [asking, setAsking] = useState<Asking>(null);
  const can = instructorActions(row.enrollmentStatus, row.instructorStatus);
  const name = row.user.name;
  const btn = (tone: string) => `btn ${tone}${small ? ' btn-sm' : ''}`;

  async function run(action: () => Promise<InstructorOutcome>) {
    try {
      const outcome = await action();
      setAsking(null);
      onOutcome(outcome);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
      setAsking(null);
      onOutcome({ kind: 'refused', message: errorMessage(err) });
    }
  }

  const move = (m: InstructorMove) => (text: string) =>
    run(async () => {
      const body = await moveInstructor(m, row._id, text);
      const now = body.data?.enrollment ?? null;
      const id = body.data?.instructorId ?? now?.instructorId;
      const role = body.data?.userRole ?? now?.userRole;
      const message =
        m === 'approve'
          ? `${name} approved: instructor ID ${id ?? '—'}, role ${upperFirst(role ?? 'instructor')}`
          : `${name}: ${{ reject: 'rejected', suspend: 'suspended', reactivate: 'reactivated', complete: 'marked completed' }[m]}`;
      return { kind: 'done', message, row: now ?? row };
    });

  const remove = () =>
    run(async () => {
      const body = await deleteInstructor(row._id);
      return { kind: 'done', message: body.message ?? `The application of ${name} was deleted`, row: null };
    });

  const text = asking && asking !== 'delete' ? MOVES[asking] : null;
  return (
    <div className="row-actions">
      {ORDER.filter((m) => can[m]).map((m) => (
        <button key={m} type="button" className={btn(MOVES[m].danger ? 'btn-secondary' : 'btn-primary')} onClick={() => setAsking(m)}>
          {MOVES[m].button}
          <span className="visually-hidden"> {name}</span>
        </button>
      ))}
      <button type="button" className={btn('btn-danger')} onClick={() => setAsking('delete')}>
        Delete<span className="visually-hidden"> the application of {name}</span>
      </button>

      {asking && asking !== 'delete' && text && (
        <NoteDialog
          title={`${text.title} ${name}?`}
          label={text.label}
          required={text.required}
          placeholder={text.placeholder}
          confirmLabel={text.button}
          busyLabel={text.busy}
          danger={text.danger}
          onConfirm={move(asking)}
          onClose={() => setAsking(null)}
        >
          <p>{text.note}</p>
        </NoteDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={`Delete the application of ${name}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setAsking(null)}
        >
          <p>This permanently removes the application and its documents. An instructor gets their previous role back and is signed out.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
