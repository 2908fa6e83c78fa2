import { useId, type FormEvent, type ReactNode } from 'react';
import { FocusableAlert, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';
import { Dialog } from '#web/panel/dialog.tsx';

type Values = Record<string, string>;
type Props = {
  title: string;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  /** The fields, given the errors to show and an id prefix. */
  children: (errors: Errors, id: string) => ReactNode;
  /** What is wrong before sending (field name → message). */
  check?: (values: Values) => Errors;
  /** Sends the values; the server's refusal shows in the dialog, which stays open. */
  send: (values: Values) => Promise<void>;
  onClose: () => void;
};

/** A dialog holding a short form of the form kit: its alert, its fields, submit and cancel. */
export function FormDialog({ title, submitLabel, busyLabel, danger, children, check, send, onClose }: Props) {
  const id = useId().replace(/:/g, '');
  const { errors, alert, busy, submit } = useForm();
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const values = formValues(form);
    await submit(form, check?.(values) ?? {}, () => send(values));
  }
  return (
    <Dialog title={title} onClose={onClose} className={danger ? 'dialog-danger' : ''}>
      <form noValidate aria-busy={busy} onSubmit={(e) => void onSubmit(e)} className="dialog-form">
        <FocusableAlert message={alert} />
        {children(errors, id)}
        <div className="btn-row">
          <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
