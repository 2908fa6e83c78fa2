import { useRef, type FormEvent } from 'react';
import { Field, FormActions, formValues, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';
import { giveLogin, type FamilyMember } from '#web/lib/family-api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Gives a child a login of their own: their e-mail gets a link to choose a password. */
export function ChildLoginForm({ child, onSaved, onCancel }: { child: FamilyMember; onSaved: (m: string) => void; onCancel: () => void }) {
  const form = useForm();
  const ref = useRef<HTMLFormElement>(null);
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const email = (formValues(el).email ?? '').trim();
    const found: Errors = {};
    if (!EMAIL.test(email)) found.email = 'Enter the e-mail address the child will log in with';
    void form.submit(el, found, async () => {
      const body = await giveLogin(child._id, email);
      onSaved(body.message ?? `${child.name} can now log in: a link to choose a password went to ${email}.`);
    });
  }
  return (
    <HeadedForm
      ref={ref}
      headingId={`${form.id}-title`}
      title={`Give ${child.name} a login`}
      busy={form.busy}
      alert={form.alert}
      className="form card family-form"
      onSubmit={onSubmit}
      data-ready={form.readyAttr}
    >
      <p className="muted">
        {child.firstName} gets an e-mail with a link to choose a password, then logs in on their own. You stay their guardian.
      </p>
      <Field {...form.field('email')} label={`${child.firstName}’s e-mail`} type="email" autoComplete="off" />
      <FormActions busy={form.busy} label="Give a login" busyLabel="Sending…" onCancel={onCancel} />
    </HeadedForm>
  );
}
