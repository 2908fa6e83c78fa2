import type { FormEvent } from 'react';
import { NewPasswordField } from '#web/pages/auth/new-password-field.tsx';
import { EMAIL_PATTERN } from '#web/pages/auth/auth-messages.ts';
import { passwordProblem } from '#core/password-policy.ts';
import { manageableRoles } from '#core/users/manage-reach.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { api } from '#web/lib/api.ts';
import { ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { Field, FormActions, FormAlert, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';

/** Only the roles the caller may give (core/users/manage-reach.ts); the server checks it again. */
const rolesFor = (me: SessionUser) => manageableRoles(me.role).map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export function CreateUserForm({ me, onCreated }: { me: SessionUser; onCreated: (message: string) => void }) {
  const form = useForm();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const v = formValues(el);
    const input = {
      email: (v.email ?? '').trim(),
      password: v.password ?? '',
      role: v.role ?? '',
      profile: { firstName: (v.firstName ?? '').trim(), lastName: (v.lastName ?? '').trim() },
    };
    const found: Errors = {};
    if (!input.profile.firstName) found.firstName = 'First name is required';
    if (!input.profile.lastName) found.lastName = 'Last name is required';
    if (!input.email || !input.password || !input.role) {
      for (const k of ['email', 'password', 'role'] as const) if (!input[k]) found[k] = USER_MESSAGES.required;
    }
    if (input.email && !EMAIL_PATTERN.test(input.email)) found.email = USER_MESSAGES.invalidEmail;
    const problem = input.password ? passwordProblem(input.password) : null;
    if (problem) found.password = problem;
    void form.submit(el, found, async () => {
      const body = await api('/users', { body: input, fallback: 'Failed to create user' });
      el.reset();
      onCreated(body.message ?? USER_MESSAGES.created);
    });
  }

  return (
    <form className="form form-grid" method="post" noValidate onSubmit={onSubmit} aria-busy={form.busy} aria-label="Create a user">
      <FormAlert message={form.alert} />
      <Field id="new-user-first-name" name="firstName" label="First name" autoComplete="off" error={form.errors.firstName} />
      <Field id="new-user-last-name" name="lastName" label="Last name" autoComplete="off" error={form.errors.lastName} />
      <Field id="new-user-email" name="email" label="Email" type="email" autoComplete="off" error={form.errors.email} />
      <NewPasswordField id="new-user-password" name="password" label="Password" error={form.errors.password} />
      <Field id="new-user-role" name="role" label="Role" options={rolesFor(me)} defaultValue="student" error={form.errors.role} />
      <FormActions busy={form.busy} label="Create user" busyLabel="Creating…" />
    </form>
  );
}
