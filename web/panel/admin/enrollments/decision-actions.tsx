import { useState } from 'react';
import { ENROLLMENT_CANCEL_REASONS, type EnrollmentPaymentStatus } from '#core/enrollments/enrollment-status.ts';
import { approvalOutcome, decisionActions, rejectMoneyNote } from '#web/lib/enrollment-admin-rules.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { approveEnrollment, deleteEnrollment, rejectEnrollment, type DecisionKind } from './enrollments-api.ts';
import { NoteDialog } from './enrollment-parts.tsx';

export type Decided = { _id: string; enrollmentStatus: string; paymentStatus: EnrollmentPaymentStatus };

/** What an action tells the screen: a message, the enrolment as it is now (null once deleted), or a refusal to show and reload after. */
export type ActionOutcome = { kind: 'done'; message: string; row: Decided | null } | { kind: 'refused'; message: string };

type Props = {
  kind: DecisionKind;
  row: Decided;
  /** "Jo Park in Karate 101", for the dialogs' titles and the buttons' hidden names. */
  name: string;
  small?: boolean;
  onOutcome: (o: ActionOutcome) => void;
};
type Asking = 'approve' | 'reject' | 'delete' | null;

/**
 * Approve, reject and delete a course or membership enrolment, offered from its status. A refusal in
 * words (409: another admin moved it first, or a paid live one cannot be deleted) closes the dialog and
 * goes to the screen, which shows it and reloads the row.
 */
export function DecisionActions({ kind, row, name, small, onOutcome }: Props) {
  const [asking, setAsking] = useState<Asking>(null);
  const can = decisionActions(kind, row.enrollmentStatus);
  const btn = (tone: string) => `btn ${tone}${small ? ' btn-sm' : ''}`;
  const hidden = <span className="visually-hidden"> {name}</span>;

  async function run(action: () => Promise<ActionOutcome>) {
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

  const approve = (notes: string) =>
    run(async () => {
      const body = await approveEnrollment<Decided>(kind, row._id, notes);
      const now = body.data ?? { ...row, enrollmentStatus: 'approved' };
      return { kind: 'done', message: `${name}: ${approvalOutcome(now.enrollmentStatus)}`, row: now };
    });
  const reject = (reason: string) =>
    run(async () => {
      const body = await rejectEnrollment<Decided>(kind, row._id, reason);
      const now = body.data ?? { ...row, enrollmentStatus: 'cancelled' };
      const refunded = now.paymentStatus === 'refunded' ? '; the payment was refunded' : '';
      return { kind: 'done', message: `${name}: rejected${refunded}`, row: now };
    });
  const remove = () =>
    run(async () => {
      const body = await deleteEnrollment(kind, row._id);
      return { kind: 'done', message: body.message ?? `${name}: deleted`, row: null };
    });

  return (
    <div className="row-actions">
      {can.approve && (
        <button type="button" className={btn('btn-primary')} onClick={() => setAsking('approve')}>
          Approve{hidden}
        </button>
      )}
      {can.reject && (
        <button type="button" className={btn('btn-secondary')} onClick={() => setAsking('reject')}>
          Reject{hidden}
        </button>
      )}
      {can.delete && (
        <button type="button" className={btn('btn-danger')} onClick={() => setAsking('delete')}>
          Delete{hidden}
        </button>
      )}

      {asking === 'approve' && (
        <NoteDialog
          title={`Approve ${name}?`}
          label="Approval notes"
          confirmLabel="Approve"
          busyLabel="Approving…"
          danger={false}
          onConfirm={approve}
          onClose={() => setAsking(null)}
        >
          <p>
            {row.paymentStatus === 'paid' || row.paymentStatus === 'free'
              ? 'Nothing is owed, so it becomes Active at once.'
              : 'The payment is still outstanding: it becomes Approved and turns Active once paid.'}
          </p>
        </NoteDialog>
      )}
      {asking === 'reject' && (
        <NoteDialog
          title={`Reject ${name}?`}
          label="Rejection reason"
          placeholder={ENROLLMENT_CANCEL_REASONS.admin}
          confirmLabel="Reject"
          busyLabel="Rejecting…"
          onConfirm={reject}
          onClose={() => setAsking(null)}
        >
          <p>
            It ends Cancelled; the student sees the reason (left blank: “{ENROLLMENT_CANCEL_REASONS.admin}”).{' '}
            {rejectMoneyNote(row.enrollmentStatus, row.paymentStatus)}
          </p>
        </NoteDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={`Delete ${name}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setAsking(null)}
        >
          <p>
            This permanently removes the enrolment and cannot be undone. A paid enrolment that is still live is kept: reject it first.
            Payment records stay.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
