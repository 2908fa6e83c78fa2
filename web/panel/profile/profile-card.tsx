import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormActions, FormStatus, formValues, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';

type ProfileCardProps = {
  /** Prefix of the card's ids; the heading is `<id>-title`. */
  id: string;
  title: string;
  intro?: ReactNode;
  submitLabel?: string;
  busyLabel?: string;
  /** The problems found before sending, by field name (the server's words: core/auth/profile.ts). */
  check?: (values: Record<string, string>) => Errors;
  /** Sends the card's values; resolves with the success message shown under the button. */
  save: (values: Record<string, string>, form: HTMLFormElement) => Promise<string>;
  className?: string;
  children: (errors: Errors) => ReactNode;
};

/** One card of the profile: its own form, saved on its own, with its own alert and success message. */
export function ProfileCard({ id, title, intro, submitLabel = 'Save', busyLabel, check, save, className, children }: ProfileCardProps) {
  const ref = useRef<HTMLFormElement>(null);
  const { errors, alert, busy, submit } = useForm();
  const [saved, setSaved] = useState('');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const values = formValues(form);
    setSaved('');
    await submit(form, check?.(values) ?? {}, async () => setSaved(await save(values, form)));
  }

  return (
    <HeadedForm
      ref={ref}
      id={id}
      headingId={`${id}-title`}
      title={title}
      busy={busy}
      alert={alert}
      onSubmit={onSubmit}
      className={`card profile-card ${className ?? ''}`}
    >
      {intro}
      <div className="form-grid">{children(errors)}</div>
      <FormActions busy={busy} label={submitLabel} busyLabel={busyLabel} />
      <FormStatus message={saved} />
    </HeadedForm>
  );
}

/** Tells password managers whose password a form holds (they look for a username field beside it). */
export const UsernameHint = ({ email }: { email: string }) => (
  <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
);

/** Puts what the server stored back into the form's fields (it may write them its own way: "V5K 0A1", "BC"). */
export function showSaved(form: HTMLFormElement, saved: Record<string, unknown> | undefined, names: readonly string[]) {
  for (const name of names) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
      const value = saved?.[name];
      field.value = typeof value === 'string' ? value : '';
    }
  }
}

/** Blank text clears a stored value: it is sent as null (the server's merge removes the key). */
export const blanksAsNull = (values: Record<string, string>, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, values[n]?.trim() ? values[n].trim() : null]));

/** A zod result's issues keyed by the field's own name (its path's last part), first message wins. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) out[String(i.path[i.path.length - 1] ?? '')] ??= i.message;
  return out;
}
