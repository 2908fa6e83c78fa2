import type { FormEvent } from 'react';
import { AUTH_MESSAGES, EMAIL_PATTERN } from '#web/pages/auth/auth-messages.ts';
import { PASSWORD_MESSAGES } from '#core/password-policy.ts';
import { api } from '#web/lib/api.ts';
import { AUTH_FAILED, afterLoginPath, saveSession, tokenFrom, userFrom } from '#web/lib/session.ts';
import { Field, FormAlert, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';
import type { LoginFlow } from '#web/pages/auth/login-flows.ts';

export default function LoginForm({ flow, next }: { flow: LoginFlow; next: string | null }) {
  const form = useForm();
  const { field } = flow;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const v = formValues(el);
    const id = (v[field.name] ?? '').trim();
    const password = v.password ?? '';
    const found: Errors = {};
    if (!id) found[field.name] = field.required;
    else if (field.type === 'email' && !EMAIL_PATTERN.test(id)) found[field.name] = AUTH_MESSAGES.emailInvalid;
    if (!password) found.password = PASSWORD_MESSAGES.required;
    void form.submit(el, found, async () => {
      const body = await api(flow.endpoint, { body: { [field.name]: id, password }, fallback: 'Failed to log in' });
      const token = tokenFrom(body);
      const user = userFrom(body);
      if (!token || !user) throw new Error(AUTH_FAILED);
      saveSession(token, user);
      window.location.assign(afterLoginPath(user.role, next));
      return true;
    });
  }

  const fieldId = `login-${field.name}`;
  return (
    <form className="form" method="post" noValidate onSubmit={onSubmit} data-ready={form.readyAttr} aria-busy={form.busy}>
      <FormAlert message={form.alert} />
      <Field
        id={fieldId}
        name={field.name}
        label={field.label}
        type={field.type}
        autoComplete={field.autoComplete}
        placeholder={field.placeholder}
        error={form.errors[field.name]}
      />
      <Field
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={form.errors.password}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {form.busy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}
