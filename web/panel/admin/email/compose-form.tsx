import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, errorMessage } from '#web/lib/api.ts';
import { displayName } from '#web/lib/session.ts';
import { Field, formValues, HeadedForm, useErrorFocus, serverFieldErrors, type Errors } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import {
  ADMIN_EMAIL_LIMITS,
  ADMIN_EMAIL_MESSAGES,
  singleResult,
  validateCompose,
  type Recipient,
  type SendOutcome,
  type SendResult,
} from './email-types.ts';

type Props = { recipients: ReadonlyMap<string, Recipient>; onSent: (outcome: SendOutcome) => void };

const NO_RECIPIENTS = 'Select at least one recipient in the list above';
const count = (n: number) => n.toLocaleString('en-CA');
const plural = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/** Subject and message, then Send to one (at once) or to the N selected (after confirming); one send at a time. */
export function ComposeForm({ recipients, onSent }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  const focusError = useErrorFocus(formRef);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [lengths, setLengths] = useState({ subject: 0, message: 0 });

  // Choosing someone answers "select at least one recipient".
  useEffect(() => {
    if (recipients.size) setAlert((a) => (a === NO_RECIPIENTS ? '' : a));
  }, [recipients.size]);

  const list = [...recipients.values()];
  const values = () => {
    const v = formRef.current ? formValues(formRef.current) : {};
    return { subject: v.subject ?? '', message: v.message ?? '' };
  };

  function fail(found: Errors, message: string) {
    setErrors(found);
    setAlert(message);
    focusError();
  }

  async function send(to: Recipient[]) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setAlert('');
    const { subject, message } = values();
    try {
      let result: SendResult;
      const [only] = to;
      if (to.length === 1 && only) {
        try {
          const body = await api<{ status?: string }>('/admin/email/send', {
            body: { userId: only._id, subject, message },
            fallback: 'Failed to send email',
          });
          result = singleResult(only._id, body.data?.status ?? 'sent');
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) throw err;
          result = { total: 1, sent: 0, failed: 0, notFound: [only._id], results: [] };
        }
      } else {
        const body = await api<SendResult>('/admin/email/send-bulk', {
          body: { userIds: to.map((u) => u._id), subject, message },
          fallback: 'Failed to send emails',
        });
        if (!body.data) throw new ApiError('Failed to send emails');
        result = body.data;
      }
      setErrors({});
      if (result.failed === 0 && result.sent > 0) {
        formRef.current?.reset();
        setLengths({ subject: 0, message: 0 });
      }
      onSent({ ...result, recipients: new Map(to.map((u) => [u._id, u])) });
    } catch (err) {
      fail(serverFieldErrors(err), errorMessage(err));
    } finally {
      setConfirming(false);
      setSending(false);
      inFlight.current = false;
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (inFlight.current) return;
    const found = validateCompose(values());
    if (Object.keys(found).length) return fail(found, '');
    if (!list.length) return fail({}, NO_RECIPIENTS);
    if (list.length > ADMIN_EMAIL_LIMITS.bulkRecipients) return fail({}, ADMIN_EMAIL_MESSAGES.tooManyUsers);
    setErrors({});
    setAlert('');
    if (list.length === 1) void send(list);
    else setConfirming(true);
  }

  const [only] = list;
  const label = !only ? 'Send' : list.length === 1 ? `Send to ${displayName(only)}` : `Send to the ${list.length} selected`;
  return (
    <HeadedForm
      ref={formRef}
      className="card form email-compose"
      headingId="email-compose-title"
      title="Write the e-mail"
      busy={sending}
      alert={alert}
      onSubmit={onSubmit}
      onInput={() => {
        const v = values();
        setLengths({ subject: v.subject.length, message: v.message.length });
      }}
    >
      <p className="email-to" id="email-to">
        <strong>To:</strong>{' '}
        {!only ? (
          <span className="muted">nobody yet, select recipients in the list above</span>
        ) : list.length === 1 ? (
          <>
            {displayName(only)} <span className="email-address">&lt;{only.email}&gt;</span>
          </>
        ) : (
          `the ${plural(list.length)} selected`
        )}
      </p>
      <Field
        id="email-subject"
        name="subject"
        label="Subject"
        autoComplete="off"
        hint={`One line · ${count(lengths.subject)} / ${count(ADMIN_EMAIL_LIMITS.subject)} characters`}
        error={errors.subject}
      />
      <Field
        id="email-message"
        name="message"
        label="Message"
        rows={10}
        hint={`${count(lengths.message)} / ${count(ADMIN_EMAIL_LIMITS.message)} characters`}
        error={errors.message}
      />
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={sending} aria-describedby="email-to">
          {sending ? 'Sending…' : label}
        </button>
      </div>

      {confirming && (
        <ConfirmDialog
          title={`Send this e-mail to ${plural(list.length)}?`}
          confirmLabel={`Send to ${plural(list.length)}`}
          busyLabel="Sending…"
          danger={false}
          onConfirm={() => send(list)}
          onClose={() => setConfirming(false)}
        >
          <p>
            Each of the {plural(list.length)} selected gets their own copy of “{values().subject.trim()}”. Deactivated accounts among them
            are skipped.
          </p>
        </ConfirmDialog>
      )}
    </HeadedForm>
  );
}
