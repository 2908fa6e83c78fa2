import { useState, type FormEvent } from 'react';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { api, errorMessage } from '#web/lib/api.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import type { AdminUser } from './admin-user.ts';
import { Dialog } from './dialog.tsx';

type ActionDialogProps = { target: AdminUser; onClose: () => void; onDone: (message: string) => void };

/** Shared by both dialogs: runs the call once, shows the server's refusal inside the dialog. */
function useAction(onDone: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  async function run(call: () => Promise<{ message?: string }>, fallback: string) {
    setBusy(true);
    setAlert('');
    try {
      const body = await call();
      onDone(body.message ?? fallback);
    } catch (err) {
      setAlert(errorMessage(err));
      setBusy(false);
    }
  }
  return { busy, alert, run };
}

export function BlockDialog({ target, onClose, onDone }: ActionDialogProps) {
  const action = useAction(onDone);
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    void action.run(
      () =>
        api(`/users/${encodeURIComponent(target._id)}/block`, {
          method: 'PATCH',
          body: reason ? { reason } : {},
          fallback: 'Failed to block user',
        }),
      USER_MESSAGES.blocked,
    );
  }
  return (
    <Dialog title={`Block ${target.email}?`} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p>A blocked user cannot log in, and every session they have open ends at once. You can unblock them later.</p>
        <FormAlert message={action.alert} />
        <div className="field">
          <label htmlFor="block-reason">
            Reason <span className="field-optional">(optional, shown to other admins)</span>
          </label>
          <textarea id="block-reason" name="reason" rows={3} maxLength={500} autoFocus />
        </div>
        <div className="btn-row">
          <button type="submit" className="btn btn-primary" disabled={action.busy}>
            {action.busy ? 'Blocking…' : 'Block user'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteDialog({ target, onClose, onDone }: ActionDialogProps) {
  const action = useAction(onDone);
  return (
    <Dialog title={`Delete ${target.email}?`} onClose={onClose} className="dialog-danger">
      <p>This permanently removes the account and cannot be undone.</p>
      <FormAlert message={action.alert} />
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-danger"
          disabled={action.busy}
          onClick={() =>
            void action.run(
              () => api(`/users/${encodeURIComponent(target._id)}`, { method: 'DELETE', fallback: 'Failed to delete user' }),
              USER_MESSAGES.deleted,
            )
          }
        >
          {action.busy ? 'Deleting…' : 'Delete user'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} autoFocus>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
