import type { FormEvent } from 'react';
import { FAMILY_LIMITS } from '#core/family/family-options.ts';
import { ApiError } from '#web/lib/api.ts';
import { Field, FormActions, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';
import { findAccount, linkChild } from './family-api.ts';

type Props = { guardian?: { _id: string; name: string }; onLinked: (message: string) => void };

/** Links a child (by student ID or e-mail) to a guardian: the one given, or one named by e-mail or ID. */
export function LinkChildForm({ guardian, onLinked }: Props) {
  const { alert, busy, submit, field } = useForm();
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const guardianTerm = String(data.get('guardian') ?? '').trim();
    const childTerm = String(data.get('child') ?? '').trim();
    const relationship = String(data.get('relationship') ?? '').trim();
    const found: Errors = {};
    if (!guardian && !guardianTerm) found.guardian = "Enter the guardian's e-mail or ID";
    if (!childTerm) found.child = "Enter the child's student ID or e-mail";
    await submit(form, found, async () => {
      const who = async (term: string, name: string) => {
        try {
          return await findAccount(term);
        } catch (err) {
          throw err instanceof ApiError && err.status === 404
            ? new ApiError(err.message, 400, { errors: [{ path: name, message: err.message }] })
            : err;
        }
      };
      const guardianId = guardian?._id ?? (await who(guardianTerm, 'guardian'))._id;
      const child = await who(childTerm, 'child');
      const message = await linkChild(guardianId, child._id, relationship);
      form.reset();
      onLinked(message);
    });
  }
  return (
    <HeadedForm
      headingId="family-link-title"
      title={guardian ? `Link a child to ${guardian.name}` : 'Link a child to a guardian'}
      busy={busy}
      alert={alert}
      onSubmit={onSubmit}
      className="card family-link"
    >
      <div className="form-grid">
        {!guardian && <Field {...field('guardian')} label="Guardian" hint="E-mail, student or member ID" maxLength={200} />}
        <Field {...field('child')} label="Child" hint="Student ID (STU-…) or e-mail" maxLength={200} />
        <Field
          {...field('relationship')}
          label="Relationship"
          optional
          hint="e.g. Mother, Father, Grandparent"
          maxLength={FAMILY_LIMITS.relationshipMax}
        />
      </div>
      <FormActions busy={busy} label="Link child" busyLabel="Linking…" />
    </HeadedForm>
  );
}
