import { useState, type FormEvent } from 'react';
import { MESSAGE_PRIORITIES, type BroadcastTarget, type MessagePriority } from '#core/messages/message-schemas.ts';
import { ROLES } from '#core/roles.ts';
import { ROLE_LABELS } from '#web/lib/session.ts';
import { contentError, sendFailureReason, THREAD_MESSAGES } from '#web/lib/messages-thread.ts';
import { Field, FieldError, FormActions } from '#web/components/form-kit.tsx';
import { Dialog } from '#web/panel/dialog.tsx';
import { broadcast } from './messages-api.ts';
import { upperFirst } from '#web/components/format.ts';

type Props = { onClose: () => void; onSent: (recipientCount: number) => void };

/** One announcement to everyone or to chosen roles (spec 5: all, high priority by default). */
export function BroadcastDialog({ onClose, onSent }: Props) {
  const [content, setContent] = useState('');
  const [everyone, setEveryone] = useState(true);
  const [roles, setRoles] = useState<string[]>([]);
  const [priority, setPriority] = useState<MessagePriority>('high');
  const [error, setError] = useState('');
  const [rolesError, setRolesError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const problem = contentError(content);
    const noRoles = !everyone && roles.length === 0 ? 'Choose at least one role, or everyone' : '';
    setError(problem);
    setRolesError(noRoles);
    setFailure('');
    if (problem) return void e.currentTarget.querySelector<HTMLElement>('#broadcast-content')?.focus();
    if (noRoles) return void e.currentTarget.querySelector<HTMLElement>('#broadcast-all')?.focus();
    setBusy(true);
    try {
      const targets = (everyone ? ['all'] : roles) as BroadcastTarget[];
      const sent = await broadcast(content.trim(), targets, priority);
      onSent(sent.recipientCount);
    } catch (err) {
      setFailure(sendFailureReason(err));
      setBusy(false);
    }
  }

  return (
    <Dialog title="Broadcast to the school" onClose={onClose} className="broadcast-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <div role="alert" className="form-alert">
          {failure && (
            <p>
              <strong>{THREAD_MESSAGES.broadcastFailedTitle}.</strong> {failure}
            </p>
          )}
        </div>
        <Field
          id="broadcast-content"
          label="Announcement"
          rows={4}
          value={content}
          error={error}
          onChange={(e) => setContent(e.target.value)}
        />
        <fieldset className="broadcast-roles" aria-describedby={rolesError ? 'broadcast-roles-error' : undefined}>
          <legend>Send to</legend>
          <label className="check">
            <input id="broadcast-all" type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} />
            Everyone
          </label>
          {ROLES.map((r) => (
            <label key={r} className="check">
              <input
                type="checkbox"
                disabled={everyone}
                checked={!everyone && roles.includes(r)}
                onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))}
              />
              {ROLE_LABELS[r]}s
            </label>
          ))}
          <FieldError id="broadcast-roles" error={rolesError} />
        </fieldset>
        <Field
          id="broadcast-priority"
          label="Priority"
          required={false}
          options={MESSAGE_PRIORITIES.map((p) => ({ value: p, label: upperFirst(p) }))}
          value={priority}
          onChange={(e) => setPriority(e.target.value as MessagePriority)}
        />
        <FormActions busy={busy} label="Send broadcast" busyLabel="Sending…" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
