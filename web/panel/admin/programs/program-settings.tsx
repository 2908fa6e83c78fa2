import { useId, useState, type FormEvent } from 'react';
import { ATTENDANCE_WINDOWS, PROGRAM_AUDIENCES } from '#core/progression/ladder.ts';
import { CheckField, Field, FormActions, HeadedForm, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { navigate } from '#web/panel/router.tsx';
import { AUDIENCE_LABEL, WINDOW_LABEL } from './program-list.tsx';
import { deleteProgram, updateProgram, type ProgramView } from './programs-api.ts';

type Props = { base: string; program: ProgramView; onSaved: (message: string) => void };

/** The program's own settings (name, who it is for, how attendance counts, active) and deleting it. */
export function ProgramSettings({ base, program, onSaved }: Props) {
  const id = useId().replace(/:/g, '');
  const { errors, alert, busy, submit, readyAttr } = useForm();
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
  const f = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
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
          <Field
            {...f('audience')}
            label="For"
            options={PROGRAM_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] ?? a }))}
            defaultValue={program.audience}
          />
          <Field
            {...f('attendanceWindow')}
            label="Attendance counted"
            options={ATTENDANCE_WINDOWS.map((w) => ({ value: w, label: WINDOW_LABEL[w] ?? w }))}
            defaultValue={program.attendanceWindow}
          />
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
