import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, EMAIL_PATTERN } from '#web/pages/auth/auth-messages.ts';
import { api } from '#web/lib/api.ts';
import { Field, FormAlert, FormStatus, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';

type Props = {
  /** The call that e-mails a link: forgot-password or resend-verification. */
  endpoint: '/auth/forgot-password' | '/auth/resend-verification';
  submitLabel: string;
  idPrefix: string;
};

const FALLBACKS: Record<Props['endpoint'], string> = {
  '/auth/forgot-password': 'Failed to send password reset link',
  '/auth/resend-verification': 'Failed to resend verification email',
};

/** One e-mail field that asks the server to send a link; the server's neutral answer is shown as is. */
export default function EmailRequestForm({ endpoint, submitLabel, idPrefix }: Props) {
  const form = useForm();
  const [sent, setSent] = useState('');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const email = (formValues(el).email ?? '').trim();
    const found: Errors = {};
    if (!email) found.email = AUTH_MESSAGES.emailRequired;
    else if (!EMAIL_PATTERN.test(email)) found.email = AUTH_MESSAGES.emailInvalid;
    setSent('');
    void form.submit(el, found, async () => {
      const body = await api(endpoint, { body: { email }, fallback: FALLBACKS[endpoint] });
      setSent(body.message ?? 'Check your email for the link.');
    });
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} data-ready={form.readyAttr} aria-busy={form.busy}>
      <FormAlert message={form.alert} />
      <FormStatus message={sent} />
      <Field id={`${idPrefix}-email`} name="email" label="Email" type="email" autoComplete="email" error={form.errors.email} />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {form.busy ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
