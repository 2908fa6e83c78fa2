import { Fragment, useState, type ReactNode } from 'react';
import {
  ENROLLMENT_PAYMENT_LABELS,
  ENROLLMENT_PAYMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  INSTRUCTOR_STATUS_LABELS,
  type EnrollmentPaymentStatus,
  type InstructorStatus,
} from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentDocumentView, EnrollmentStats, EnrollmentUserView } from '#core/enrollments/views.ts';
import { statTiles } from '#web/lib/enrollment-admin-rules.ts';
import { errorMessage } from '#web/lib/api.ts';
import { DocumentList } from '#web/components/document-list.tsx';
import { dateTime } from '#web/panel/admin/screens/shared.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { openDocument } from '#web/lib/enrollment-admin-documents.ts';

type StatusKey = keyof typeof ENROLLMENT_STATUS_LABELS;

export const statusLabel = (s: string) => ENROLLMENT_STATUS_LABELS[s as StatusKey] ?? s;

/** A list's status filter (the first filter, which the stats tiles also set). */
export const statusFilter = (statuses: readonly string[]) => ({
  name: 'status',
  label: 'Status',
  allLabel: 'All statuses',
  options: statuses.map((v) => ({ value: v, label: statusLabel(v) })),
});

/** The payment filter of the course and membership lists. */
export const PAYMENT_FILTER = {
  name: 'paymentStatus',
  label: 'Payment',
  allLabel: 'All payments',
  options: ENROLLMENT_PAYMENT_STATUSES.map((v) => ({ value: v, label: ENROLLMENT_PAYMENT_LABELS[v] })),
};

/** The enrolment's status as a coloured badge (`enrollment-<status>` in admin-enrollments.css). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge enrollment-${status}`}>{statusLabel(status)}</span>;
}

export function PaymentBadge({ status }: { status: EnrollmentPaymentStatus }) {
  return <span className={`badge enrollment-pay-${status}`}>{ENROLLMENT_PAYMENT_LABELS[status] ?? status}</span>;
}

export function InstructorBadge({ status }: { status: InstructorStatus }) {
  return <span className={`badge instructor-${status}`}>{INSTRUCTOR_STATUS_LABELS[status] ?? status}</span>;
}

type TilesProps = { stats: EnrollmentStats; statuses: readonly string[]; current: string; label: string; onPick: (status: string) => void };

/** Counts by status that double as the status filter: "All" then each status of the machine. */
export function StatTiles({ stats, statuses, current, label, onPick }: TilesProps) {
  const tiles = [{ status: '', count: stats.total }, ...statTiles(stats, statuses)];
  return (
    <div className="status-tabs enrollment-tiles" role="group" aria-label={label}>
      {tiles.map((t) => (
        <button
          key={t.status || 'all'}
          type="button"
          className="status-tab"
          aria-pressed={current === t.status}
          onClick={() => onPick(t.status)}
        >
          {t.status ? statusLabel(t.status) : 'All'}
          <span className="status-count" data-status-count={t.status || 'all'}>
            {t.count}
          </span>
        </button>
      ))}
    </div>
  );
}

/** Name (linking to the enrolment), e-mail and the school's ID of the person, for a table's row heading. */
export function Person({ user, href, label }: { user: EnrollmentUserView; href: string; label: string }) {
  const id = user.studentId ?? user.membershipId;
  return (
    <>
      <PanelLink href={href} aria-label={label}>
        {user.name}
      </PanelLink>
      <span className="cell-note">{user.email}</span>
      {id && <span className="cell-note cell-code">{id}</span>}
    </>
  );
}

/** A definition list of the facts that have a value (null, '' and undefined rows are left out). */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

export const when = (iso: string | null) => (iso ? dateTime(iso) : null);

/** A fact's text with the data attribute tests find it by; null (the row left out) when blank. */
export const marked = (text: string | null | undefined, attr: `data-${string}`) => (text ? <span {...{ [attr]: '' }}>{text}</span> : null);

/** Uploaded documents: the API serves them only with the admin's token, so each opens in a tab through a fetch. */
export function DocumentLinks({ documents }: { documents: EnrollmentDocumentView[] }) {
  if (!documents.length) return <p className="muted">No documents.</p>;
  return <DocumentList documents={documents} className="enrollment-documents" marked open={openDocument} failure={errorMessage} />;
}

type NoteDialogProps = {
  title: string;
  label: string;
  /** Shown greyed in the empty field: what the server writes when it is left blank. */
  placeholder?: string;
  required?: boolean;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  children?: ReactNode;
  onConfirm: (text: string) => Promise<void>;
  onClose: () => void;
};

/** A confirm dialog with one text field (notes or a reason); the field takes the focus. */
export function NoteDialog({ title, label, placeholder, required, children, onConfirm, ...rest }: NoteDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const id = `note-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <ConfirmDialog
      title={title}
      {...rest}
      onConfirm={async () => {
        // Thrown, so the dialog shows it in its alert and stays open.
        const missing = required && !text.trim();
        setError(missing ? `${label} is required` : '');
        if (missing) {
          document.getElementById(id)?.focus();
          throw new Error(`${label} is required`);
        }
        await onConfirm(text);
      }}
    >
      {children}
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor={id}>
          {label}
          {!required && <span className="field-optional"> (optional)</span>}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={500}
          value={text}
          placeholder={placeholder}
          required={required}
          aria-invalid={error ? true : undefined}
          data-autofocus
          onChange={(e) => setText(e.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
