import { useState, type ReactNode } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Dialog } from '#web/panel/dialog.tsx';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

/** Asks before a destructive action; Cancel has the focus, a refusal shows inside the dialog. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, danger = true, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  async function confirm() {
    setBusy(true);
    setAlert('');
    try {
      await onConfirm();
    } catch (err) {
      setAlert(errorMessage(err));
      setBusy(false);
    }
  }
  return (
    <Dialog title={title} onClose={onClose} className={danger ? 'dialog-danger' : ''}>
      {children}
      <FormAlert message={alert} />
      <div className="btn-row">
        <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy} onClick={() => void confirm()}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
