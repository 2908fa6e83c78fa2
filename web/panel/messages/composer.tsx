import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, MESSAGE_PRIORITIES, type MessagePriority } from '#core/messages/message-schemas.ts';
import { contentError, sendFailureReason, THREAD_MESSAGES } from '#web/lib/messages-thread.ts';
import { upperFirst } from '#web/components/format.ts';

type Props = {
  id: string;
  label: string;
  /** The alert's title when a send fails: 'Send Failed' or 'Reply Failed' (spec 8). */
  failTitle: string;
  submitLabel: string;
  /** Resolves with 'queued' when the message was kept for later (offline: web/lib/offline-outbox.ts). */
  onSend: (content: string, priority: MessagePriority) => Promise<void | 'queued'>;
  onTyping: (hasText: boolean) => void;
  onStopTyping: () => void;
};

/**
 * Writes one message: Enter sends, Shift+Enter starts a new line. The text leaves the box at once (the
 * screen shows it optimistically) and comes back if the send fails; a second send while one is in
 * flight is refused with 'Already sending'. Offline, the screen may keep it in the outbox instead: the
 * composer then says it will be sent when the browser is back online.
 */
export function Composer({ id, label, failTitle, submitLabel, onSend, onTyping, onStopTyping }: Props) {
  const [text, setText] = useState('');
  const [priority, setPriority] = useState<MessagePriority>('normal');
  const [error, setError] = useState('');
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const box = useRef<HTMLTextAreaElement>(null);

  async function send() {
    if (sending.current) {
      setNotice(THREAD_MESSAGES.alreadySending);
      return;
    }
    const content = box.current?.value ?? text;
    const problem = contentError(content);
    setError(problem);
    setFailure('');
    setNotice('');
    if (problem) {
      box.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    onStopTyping();
    setText('');
    if (box.current) box.current.value = '';
    try {
      if ((await onSend(content.trim(), priority)) === 'queued') setNotice(THREAD_MESSAGES.queuedOffline);
    } catch (err) {
      setText((now) => now || content);
      setFailure(sendFailureReason(err));
      box.current?.focus();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void send();
  }

  function keyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="msg-composer" noValidate onSubmit={submit} aria-busy={busy}>
      <div role="alert" className="form-alert msg-failure">
        {failure && (
          <p>
            <strong>{failTitle}.</strong> {THREAD_MESSAGES.sendFailed}: {failure}
          </p>
        )}
      </div>
      <div className={error ? 'field field-invalid' : 'field'}>
        <label htmlFor={id}>{label}</label>
        <textarea
          ref={box}
          id={id}
          name="content"
          rows={2}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH + 100}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
            onTyping(e.target.value.trim().length > 0);
          }}
          onKeyDown={keyDown}
          onBlur={onStopTyping}
        />
        <p id={`${id}-hint`} className="field-hint">
          Enter sends, Shift+Enter adds a line.
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="msg-composer-row">
        <div className="field msg-priority-field">
          <label htmlFor={`${id}-priority`}>Priority</label>
          <select id={`${id}-priority`} value={priority} onChange={(e) => setPriority(e.target.value as MessagePriority)}>
            {MESSAGE_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {upperFirst(p)}
              </option>
            ))}
          </select>
        </div>
        <p className="msg-notice" role="status">
          {notice}
        </p>
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
