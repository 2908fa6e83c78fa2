import { useRef, useState, type FormEvent } from 'react';
import { ATTENDANCE_WINDOWS, PROGRAM_AUDIENCES } from '#core/progression/ladder.ts';
import { Field, FormActions, FormAlert, FormStatus, HeadedForm, formValues, useForm, type Errors } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { useRead } from '#web/panel/homes/home-parts.tsx';
import { DataTable, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { createProgram, readPrograms, type ProgramView } from './programs-api.ts';

export const AUDIENCE_LABEL: Record<string, string> = { all: 'Everyone', adults: 'Adults', kids: 'Kids' };
export const WINDOW_LABEL: Record<string, string> = { since_last_promotion: 'Since the last promotion', all_time: 'All time' };

/** Who a program is for and how its attendance counts: the new program's form and its settings alike. */
export function ProgramChoices({ f, program }: { f: ReturnType<typeof useForm>['field']; program?: ProgramView }) {
  return (
    <>
      <Field
        {...f('audience')}
        label="For"
        options={PROGRAM_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] ?? a }))}
        defaultValue={program?.audience ?? 'all'}
      />
      <Field
        {...f('attendanceWindow')}
        label="Attendance counted"
        options={ATTENDANCE_WINDOWS.map((w) => ({ value: w, label: WINDOW_LABEL[w] ?? w }))}
        defaultValue={program?.attendanceWindow ?? 'since_last_promotion'}
      />
    </>
  );
}

/** The school's programs, each opening its ladder, and a form to add one. */
export function ProgramList({ base }: { base: string }) {
  const { data, error, retry } = useRead(readPrograms);
  return (
    <div className="panel-screen admin-programs" data-ready={data ? '' : undefined}>
      <h1>Programs</h1>
      <p className="screen-intro">
        Each program has its own ladder of ranks; a rank says what a candidate needs and what they are examined on.
      </p>
      {error && <FormAlert message={error} />}
      {!data && !error && <Loading label="Loading programs..." />}
      {data && <ProgramTable base={base} programs={data} />}
      <NewProgram onAdded={retry} base={base} />
    </div>
  );
}

function ProgramTable({ base, programs }: { base: string; programs: ProgramView[] }) {
  if (!programs.length) return <p>No programs yet: add the first below.</p>;
  return (
    <DataTable id="programs" caption="Programs" busy={false}>
      <TableHead columns={['Program', 'For', 'Attendance counted', numberColumn('Ranks'), 'Status']} />
      <tbody>
        {programs.map((p) => (
          <tr key={p._id}>
            <td data-label="Program">
              <PanelLink href={`${base}/${encodeURIComponent(p.slug)}`}>{p.name}</PanelLink>
            </td>
            <td data-label="For">{AUDIENCE_LABEL[p.audience] ?? p.audience}</td>
            <td data-label="Attendance counted">{WINDOW_LABEL[p.attendanceWindow] ?? p.attendanceWindow}</td>
            <td data-label="Ranks" className="cell-number">
              {p.rankCount}
            </td>
            <td data-label="Status">{p.isActive ? 'Active' : 'Inactive'}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

function NewProgram({ base, onAdded }: { base: string; onAdded: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { id, field: f, alert, busy, submit, readyAttr } = useForm();
  const [status, setStatus] = useState('');
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const v = formValues(form);
    const found: Errors = {};
    if (!v.name?.trim()) found.name = 'Name is required';
    await submit(form, found, async () => {
      const answer = await createProgram({
        name: v.name,
        slug: v.slug?.trim() || undefined,
        audience: v.audience,
        attendanceWindow: v.attendanceWindow,
      });
      setStatus(answer.message ?? 'Program created');
      onAdded();
      if (answer.data) navigate(`${base}/${encodeURIComponent(answer.data.slug)}`);
    });
  }
  return (
    <HeadedForm
      ref={formRef}
      headingId={`${id}-h`}
      title="Add a program"
      busy={busy}
      alert={alert}
      onSubmit={(e) => void onSubmit(e)}
      className="resource-form"
      data-ready={readyAttr}
    >
      <div className="form-grid">
        <Field {...f('name')} label="Name" maxLength={120} />
        <Field
          {...f('slug')}
          label="Slug"
          optional
          maxLength={80}
          hint="Lower-case words joined by hyphens; made from the name when blank"
        />
        <ProgramChoices f={f} />
      </div>
      <FormActions busy={busy} label="Add program" />
      <FormStatus message={status} />
    </HeadedForm>
  );
}
