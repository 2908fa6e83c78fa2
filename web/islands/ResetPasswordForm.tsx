import { useState, type FormEvent } from 'react';
import { NewPasswordPair } from '#web/pages/auth/new-password-field.tsx';
import { AUTH_MESSAGES } from '#web/pages/auth/auth-messages.ts';
import { passwordProblem } from '#core/password-policy.ts';
import { api } from '#web/lib/api.ts';
import { FormAlert, FormStatus, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';

/** Sets a new password with the token and address from the e-mailed link. */
export default function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const form = useForm();
  const [done, setDone] = useState('');

  if (!token || !email) {
    return (
      <div className="form-done" data-ready={form.readyAttr}>
        <FormAlert message="This password reset link is incomplete. Please request a new one." />
        <a className="btn btn-primary" href="/auth/forgot-password">
          Request a new link
        </a>
      </div>
    );
  }

  if (done) {
    return (
      <div className="form-done" data-ready="">
        <FormStatus message={done} />
        <a className="btn btn-primary" href="/auth/login">
          Log in
        </a>
      </div>
    );
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const v = formValues(el);
    const newPassword = v.newPassword ?? '';
    const confirmPassword = v.confirmPassword ?? '';
    const found: Errors = {};
    const problem = newPassword ? passwordProblem(newPassword) : AUTH_MESSAGES.newPasswordRequired;
    if (problem) found.newPassword = problem;
    if (!confirmPassword) found.confirmPassword = AUTH_MESSAGES.confirmPasswordRequired;
    else if (!problem && confirmPassword !== newPassword) found.confirmPassword = AUTH_MESSAGES.passwordsMismatch;
    void form.submit(el, found, async () => {
      const body = await api('/auth/reset-password', {
        body: { token, email, newPassword, confirmPassword },
        fallback: 'Failed to reset password',
      });
      setDone(body.message ?? 'Your password has been reset. You can now log in.');
    });
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} data-ready={form.readyAttr} aria-busy={form.busy}>
      <p className="muted">
        Choosing a new password for <strong>{email}</strong>.
      </p>
      <FormAlert message={form.alert}>
        {' '}
        <a href="/auth/forgot-password">Request a new link</a>
      </FormAlert>
      <NewPasswordPair idPrefix="reset" name="newPassword" label="New password" confirmLabel="Confirm new password" errors={form.errors} />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
