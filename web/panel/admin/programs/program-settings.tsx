import { useState, type FormEvent } from 'react';
import { CheckField, Field, FormActions, HeadedForm, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { navigate } from '#web/panel/router.tsx';
import { ProgramChoices } from './program-list.tsx';
import { deleteProgram, updateProgram, type ProgramView } from './programs-api.ts';

type Props = { base: string; program: ProgramView; onSaved: (message: string) => void };

/** The program's own settings (name, who it is for, how attendance counts, active) and deleting it. */
export function ProgramSettings({ base, program, onSaved }: Props) {
  const { id, field: f, alert, busy, submit, readyAttr } = useForm();
  const [deleting, setDeleting] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const found: Errors = {};
    if (!v.name?.trim()) found.name = 'Name is required';
    await submit(form, found, async () => {
      const answer = await updateProgram(program.slug, {
        name: v.name,
        description: v.description ?? '',
        audience: v.audience,
        attendanceWindow: v.attendanceWindow,
        isActive: v.isActive === 'on',
      });
      onSaved(answer.message ?? 'Program updated');
    });
  }
  return (
    <details className="program-settings">
      <summary>Program settings</summary>
      <HeadedForm
        headingId={`${id}-h`}
        title="Program settings"
        busy={busy}
        alert={alert}
        onSubmit={(e) => void onSubmit(e)}
        className="resource-form"
        data-ready={readyAttr}
      >
        <div className="form-grid">
          <Field {...f('name')} label="Name" maxLength={120} defaultValue={program.name} />
          <ProgramChoices f={f} program={program} />
          <Field {...f('description')} label="Description" optional rows={3} maxLength={2000} defaultValue={program.description} wide />
          <CheckField {...f('isActive')} label="Active (students see it)" defaultChecked={program.isActive} />
        </div>
        <FormActions busy={busy} label="Save program" />
      </HeadedForm>
      <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
        Delete program
      </button>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${program.name}?`}
          confirmLabel="Delete program"
          busyLabel="Deleting…"
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deleteProgram(program.slug);
            navigate(base);
          }}
        >
          <p>Its whole ladder goes with it. A program with rank awards or gradings cannot be deleted: make it inactive instead.</p>
        </ConfirmDialog>
      )}
    </details>
  );
}
