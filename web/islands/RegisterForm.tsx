import { useState, type FormEvent } from 'react';
import { NewPasswordPair } from '#web/pages/auth/new-password-field.tsx';
import { AUTH_MESSAGES, EMAIL_PATTERN } from '#web/pages/auth/auth-messages.ts';
import { passwordProblem, PASSWORD_MIN } from '#core/password-policy.ts';
import { api } from '#web/lib/api.ts';
import { afterLoginPath, saveSession, tokenFrom, userFrom } from '#web/lib/session.ts';
import { Field, FormAlert, FormStatus, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';

/** `next`: the page to come back to (a course being enrolled in), after registering or after logging in once verified. */
export default function RegisterForm({ next = null }: { next?: string | null }) {
  const form = useForm();
  const [done, setDone] = useState('');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const v = formValues(el);
    const input = {
      firstName: (v.firstName ?? '').trim(),
      lastName: (v.lastName ?? '').trim(),
      email: (v.email ?? '').trim(),
      phone: (v.phone ?? '').trim(),
      password: v.password ?? '',
    };
    const found: Errors = {};
    if (!input.firstName) found.firstName = 'First name is required';
    if (!input.lastName) found.lastName = 'Last name is required';
    if (!input.email) found.email = AUTH_MESSAGES.emailRequired;
    else if (!EMAIL_PATTERN.test(input.email)) found.email = AUTH_MESSAGES.emailInvalid;
    const problem = passwordProblem(input.password);
    if (problem) found.password = problem;
    if (!v.confirmPassword) found.confirmPassword = 'Please confirm your password';
    else if (!problem && v.confirmPassword !== input.password) found.confirmPassword = AUTH_MESSAGES.passwordsMismatch;

    void form.submit(el, found, async () => {
      const { phone, ...rest } = input;
      const body = await api('/auth/register', { body: phone ? input : rest, fallback: 'Failed to register' });
      const token = tokenFrom(body);
      const user = userFrom(body);
      if (token && user) {
        saveSession(token, user);
        window.location.assign(afterLoginPath(user.role, next));
        return true;
      }
      setDone(body.message ?? 'Registration successful. Please check your email to verify your address.');
    });
  }

  if (done) {
    return (
      <div className="form-done" data-ready="">
        <FormStatus message={done} />
        <a className="btn btn-primary" href={next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login'}>
          Go to log in
        </a>
      </div>
    );
  }

  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} data-ready={form.readyAttr} aria-busy={form.busy}>
      <FormAlert message={form.alert} />
      <div className="field-row">
        <Field id="register-first-name" name="firstName" label="First name" autoComplete="given-name" error={form.errors.firstName} />
        <Field id="register-last-name" name="lastName" label="Last name" autoComplete="family-name" error={form.errors.lastName} />
      </div>
      <Field id="register-email" name="email" label="Email" type="email" autoComplete="email" error={form.errors.email} />
      <Field id="register-phone" name="phone" label="Phone number" type="tel" autoComplete="tel" optional error={form.errors.phone} />
      <NewPasswordPair
        idPrefix="register"
        name="password"
        label="Password"
        confirmLabel="Confirm password"
        hint={`At least ${PASSWORD_MIN} characters. A long phrase is easier to remember and harder to guess.`}
        errors={form.errors}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {form.busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
