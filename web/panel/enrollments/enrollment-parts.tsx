import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_CANCEL_REASONS, ENROLLMENT_PAYMENT_LABELS, ENROLLMENT_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentPaymentStatus } from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentDocumentView } from '#core/enrollments/views.ts';
import type { PaymentMethodsView } from '#core/shop/views.ts';
import { DocumentList } from '#web/components/document-list.tsx';
import { Field, formValues, FormAlert } from '#web/components/form-kit.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-panel-download.ts';
import { renewalMethod } from '#web/lib/enrollment-panel-format.ts';
import { Dialog } from '#web/panel/dialog.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import type { RenewForm } from './my-enrollments-api.ts';

/**
 * A refused token (the server bumps the token version when the role changes, decision 012) takes the
 * panel's usual path: reloading restores the session, which fails and shows "Authentication failed".
 */
export function unlessSessionEnded(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) window.location.reload();
  return errorMessage(err);
}

type BadgeProps = { status: keyof typeof ENROLLMENT_STATUS_LABELS; payment?: EnrollmentPaymentStatus; children?: ReactNode };

/** The school's decision and the money, side by side (decision 012's two axes). */
export function StatusBadges({ status, payment, children }: BadgeProps) {
  return (
    <p className="my-enrol-badges">
      <span className={`badge my-enrol-status my-enrol-${status}`}>{ENROLLMENT_STATUS_LABELS[status]}</span>
      {/* A cancelled enrolment that was never paid owes nothing: no "Payment due" beside it. */}
      {payment && !(status === 'cancelled' && payment === 'pending') && (
        <span className={`badge my-enrol-pay my-enrol-pay-${payment}`}>{ENROLLMENT_PAYMENT_LABELS[payment]}</span>
      )}
      {children}
    </p>
  );
}

/** A definition list of label → value, skipping empty values. */
export function Facts({ rows, className = 'my-enrol-facts' }: { rows: [string, ReactNode][]; className?: string }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== false);
  if (shown.length === 0) return null;
  return (
    <dl className={className}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Documents are API paths only the owner and the school may open: fetched with the session, then saved. */
export function DocumentLinks({ documents }: { documents: EnrollmentDocumentView[] }) {
  if (documents.length === 0) return null;
  return (
    <div className="my-enrol-documents">
      <h4>Documents</h4>
      <DocumentList documents={documents} open={openDocument} failure={unlessSessionEnded} />
    </div>
  );
}

type CancelProps = { title: string; what: string; children: ReactNode; onCancel: (reason: string) => Promise<void>; onClose: () => void };

/** Asks for a reason (spec 9 default 'Cancelled by user') and says what happens, before cancelling. */
export function CancelEnrollmentDialog({ title, what, children, onCancel, onClose }: CancelProps) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={`Cancel ${what}`}
      busyLabel="Cancelling…"
      onClose={onClose}
      onConfirm={() =>
        onCancel(reason).catch((err: unknown) => {
          unlessSessionEnded(err);
          throw err;
        })
      }
    >
      {children}
      <div className="field">
        <label htmlFor="my-enrol-cancel-reason">Reason (optional)</label>
        <input
          id="my-enrol-cancel-reason"
          value={reason}
          placeholder={ENROLLMENT_CANCEL_REASONS.user}
          maxLength={ENROLLMENT_LIMITS.reasonMax}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

type RenewProps = {
  title: string;
  children?: ReactNode;
  loadMethods: () => Promise<PaymentMethodsView>;
  onRenew: (form: RenewForm) => Promise<unknown>;
  onClose: () => void;
};

/** Renewal: payment method (razorpay by default, else what the school offers), coupon, notes; then the gateway. */
export function RenewDialog({ title, children, loadMethods, onRenew, onClose }: RenewProps) {
  const [methods, setMethods] = useState<PaymentMethodsView | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  useEffect(() => void loadMethods().then(setMethods), [loadMethods]);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = formValues(e.currentTarget);
    setBusy(true);
    setAlert('');
    try {
      await onRenew({ paymentMethod: v.paymentMethod ?? '', couponCode: v.couponCode ?? '', notes: v.notes ?? '' });
    } catch (err) {
      setAlert(unlessSessionEnded(err));
      setBusy(false);
    }
  }
  const offered = methods?.supportedMethods.filter((m) => m.supported && methods.availableGateways.includes(m.id)) ?? [];
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      {!methods ? (
        <p role="status">Loading the payment methods…</p>
      ) : (
        <form id="my-enrol-renew-form" className="my-enrol-renew-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field
            id="renew-method"
            name="paymentMethod"
            label="Payment method"
            options={offered.map((m) => ({ value: m.id, label: m.name }))}
            defaultValue={renewalMethod(offered.map((m) => m.id))}
          />
          <Field id="renew-coupon" name="couponCode" label="Coupon code" optional maxLength={50} autoComplete="off" />
          <Field id="renew-notes" name="notes" label="Notes" optional rows={3} maxLength={ENROLLMENT_LIMITS.notesMax} />
        </form>
      )}
      <FormAlert message={alert} />
      {/* Outside the form so that the dialog has its focus target while the methods load. */}
      <div className="btn-row">
        <button type="submit" form="my-enrol-renew-form" className="btn btn-primary" disabled={busy || offered.length === 0}>
          {busy ? 'Opening the payment…' : 'Renew and pay'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
