import type { FormEvent } from 'react';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { api } from '#web/lib/api.ts';
import { Field, FormActions, FormAlert, useForm } from '#web/components/form-kit.tsx';
import type { AdminUser } from './admin-user.ts';
import { Dialog } from './dialog.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';

type ActionDialogProps = { target: AdminUser; onClose: () => void; onDone: (message: string) => void };

export function BlockDialog({ target, onClose, onDone }: ActionDialogProps) {
  const action = useForm();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    void action.submit(e.currentTarget, {}, async () => {
      const path = `/users/${encodeURIComponent(target._id)}/block`;
      const body = await api(path, { method: 'PATCH', body: reason ? { reason } : {}, fallback: 'Failed to block user' });
      onDone(body.message ?? USER_MESSAGES.blocked);
      return true;
    });
  }
  return (
    <Dialog title={`Block ${target.email}?`} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p>A blocked user cannot log in, and every session they have open ends at once. You can unblock them later.</p>
        <FormAlert message={action.alert} />
        <Field
          id="block-reason"
          name="reason"
          label="Reason"
          optional="(optional, shown to other admins)"
          rows={3}
          maxLength={500}
          data-autofocus
        />
        <FormActions busy={action.busy} label="Block user" busyLabel="Blocking…" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function DeleteDialog({ target, onClose, onDone }: ActionDialogProps) {
  return (
    <ConfirmDialog
      title={`Delete ${target.email}?`}
      confirmLabel="Delete user"
      busyLabel="Deleting…"
      onClose={onClose}
      onConfirm={async () => {
        const body = await api(`/users/${encodeURIComponent(target._id)}`, { method: 'DELETE', fallback: 'Failed to delete user' });
        onDone(body.message ?? USER_MESSAGES.deleted);
      }}
    >
      <p>This permanently removes the account and cannot be undone.</p>
    </ConfirmDialog>
  );
}
