import { useState, type FormEvent } from 'react';
import { manageableRoles } from '#core/users/manage-reach.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { Field, FormActions, FormAlert, SelectField, useForm } from '#web/components/form-kit.tsx';
import { api, errorMessage } from '#web/lib/api.ts';
import { ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import type { AdminUser } from '#web/panel/admin-user.ts';
import { BlockDialog } from '#web/panel/user-dialogs.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';

type Props = { me: SessionUser; user: AdminUser; onDone: (message: string) => void; onFailed: (message: string) => void };
const userPath = (u: AdminUser, tail = '') => `/users/${encodeURIComponent(u._id)}${tail}`;

/** Role and grade: the roles offered are those the caller may give (core/users/manage-reach.ts); the server checks again. */
export function RoleAndGrade({ me, user, onDone }: Omit<Props, 'onFailed'>) {
  const action = useForm();
  const options = manageableRoles(me.role).map((r) => ({ value: r, label: ROLE_LABELS[r] }));
  const grade = typeof user.profile?.grade === 'string' ? user.profile.grade : '';
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const role = String(form.get('role') ?? '');
    const nextGrade = String(form.get('grade') ?? '').trim();
    const body: Record<string, unknown> = {};
    if (role && role !== user.role) body.role = role;
    if (nextGrade !== grade) body.profile = { grade: nextGrade || null };
    void action.submit(e.currentTarget, {}, async () => {
      if (!Object.keys(body).length) return onDone('Nothing changed');
      const res = await api(userPath(user), { method: 'PATCH', body, fallback: 'Failed to update user' });
      onDone(
        body.role
          ? `Role changed to ${ROLE_LABELS[role as keyof typeof ROLE_LABELS]}: their open sessions have ended`
          : (res.message ?? USER_MESSAGES.updated),
      );
    });
  }
  return (
    <form className="form form-grid user-role-form" onSubmit={onSubmit} noValidate aria-labelledby="user-role-title">
      <FormAlert message={action.alert} />
      <SelectField id="user-role" name="role" label="Role" options={options} defaultValue={user.role} />
      <Field
        id="user-grade"
        name="grade"
        label="Grade"
        optional="(belt or rank)"
        defaultValue={grade}
        maxLength={50}
        error={action.errors['profile.grade']}
      />
      <FormActions busy={action.busy} label="Save role and grade" />
    </form>
  );
}

/** Password reset e-mail, block or unblock, end every session. */
export function AccountActions({ user, onDone, onFailed }: Omit<Props, 'me'>) {
  const [dialog, setDialog] = useState<'block' | 'sessions' | null>(null);
  const [busy, setBusy] = useState('');
  async function run(kind: string, path: string, method: string, fallback: string) {
    setBusy(kind);
    try {
      const res = await api(path, { method, fallback });
      onDone(res.message ?? 'Done');
    } catch (err) {
      onFailed(errorMessage(err));
    } finally {
      setBusy('');
    }
  }
  const close = () => setDialog(null);
  return (
    <section className="card user-section" aria-labelledby="user-actions-title">
      <h2 id="user-actions-title">Account</h2>
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!!busy}
          onClick={() => void run('reset', userPath(user, '/password-reset'), 'POST', 'Failed to send the reset e-mail')}
        >
          {busy === 'reset' ? 'Sending…' : 'Send password reset e-mail'}
        </button>
        <button type="button" className="btn btn-secondary" disabled={!!busy} onClick={() => setDialog('sessions')}>
          End all sessions
        </button>
        {user.isActive === false ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!!busy}
            onClick={() => void run('unblock', userPath(user, '/unblock'), 'PATCH', 'Failed to unblock user')}
          >
            {busy === 'unblock' ? 'Unblocking…' : 'Unblock'}
          </button>
        ) : (
          <button type="button" className="btn btn-danger" disabled={!!busy} onClick={() => setDialog('block')}>
            Block…
          </button>
        )}
      </div>
      {dialog === 'block' && (
        <BlockDialog
          target={user}
          onClose={close}
          onDone={(m) => {
            close();
            onDone(m);
          }}
        />
      )}
      {dialog === 'sessions' && (
        <ConfirmDialog
          title={`End every session of ${user.email}?`}
          confirmLabel="End sessions"
          busyLabel="Ending…"
          onClose={close}
          onConfirm={async () => {
            const res = await api(userPath(user, '/end-sessions'), { method: 'POST', fallback: 'Failed to end the sessions' });
            close();
            onDone(res.message ?? USER_MESSAGES.sessionsEnded);
          }}
        >
          <p>Every page they have open is told the school signed them out, and goes to the login page. Their password stays the same.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
