import { useEffect, useState, type FormEvent } from 'react';
import { fromWallInput, toWallInput } from '#web/components/format.ts';
import {
  CheckField,
  Field,
  FieldFrame,
  FormActions,
  HeadedForm,
  formValues,
  useForm,
  type Errors,
  type Option,
} from '#web/components/form-kit.tsx';
import { useSchoolZone, zoneLabel } from '#web/components/school-zone.tsx';
import {
  createGrading,
  readGradingEvents,
  readPrograms,
  readRanks,
  updateGrading,
  type Grading,
  type GradingBody,
  type Program,
  type Rank,
} from './gradings-api.ts';

type Props = { grading: Grading | null; onSaved: (message: string, id: string) => void; onCancel?: () => void };

const RULES: Option[] = [
  { value: 'majority', label: 'Majority of examiners' },
  { value: 'all', label: 'Every examiner' },
];

/** The programs, the grading events, and the ranks of the chosen program (its targets). */
function useChoices(programId: string) {
  const [programs, setPrograms] = useState<Program[]>([]);
  const [events, setEvents] = useState<Option[]>([]);
  const [ranks, setRanks] = useState<Rank[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    readPrograms(ctl.signal).then(setPrograms, () => {});
    readGradingEvents(ctl.signal).then(setEvents, () => {});
    return () => ctl.abort();
  }, []);
  const slug = programs.find((p) => p._id === programId)?.slug;
  useEffect(() => {
    if (!slug) return setRanks([]);
    const ctl = new AbortController();
    readRanks(slug, ctl.signal).then(setRanks, () => {});
    return () => ctl.abort();
  }, [slug]);
  return { programs, events, ranks };
}

const whole = (v: string | undefined) => (v?.trim() ? Number(v) : null);

/** A grading's details: program (fixed once made), title, day, place, event, target ranks, ages, registration close, result rule. */
export function GradingForm({ grading, onSaved, onCancel }: Props) {
  const zone = useSchoolZone();
  const { id, field: f, errors, alert, busy, submit, readyAttr } = useForm();
  const [programId, setProgramId] = useState(grading?.programId ?? '');
  const { programs, events, ranks } = useChoices(programId);

  function bodyOf(form: HTMLFormElement, found: Errors): GradingBody {
    const v = formValues(form);
    if (!grading && !v.programId) found.programId = 'programId is required';
    if (!v.title?.trim()) found.title = 'title is required';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.heldOn ?? '')) found.heldOn = 'heldOn must be a date';
    const closes = v.registrationClosesAt ? fromWallInput(v.registrationClosesAt, zone) : null;
    if (v.registrationClosesAt && !closes) found.registrationClosesAt = 'registrationClosesAt must be a date and time';
    const [minAge, maxAge] = [whole(v.minAge), whole(v.maxAge)];
    if (minAge !== null && maxAge !== null && maxAge < minAge) found.maxAge = 'maxAge must not be below minAge';
    return {
      ...(grading ? {} : { programId: v.programId }),
      title: v.title?.trim() ?? '',
      heldOn: v.heldOn ?? '',
      location: v.location?.trim() || null,
      eventId: v.eventId || null,
      targetRankIds: new FormData(form).getAll('targetRankIds').map(String),
      minAge,
      maxAge,
      registrationClosesAt: closes,
      resultRule: v.resultRule === 'all' ? 'all' : 'majority',
      notes: v.notes?.trim() || null,
    };
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const found: Errors = {};
    const body = bodyOf(form, found);
    await submit(form, found, async () => {
      const answer = grading ? await updateGrading(grading._id, body) : await createGrading(body);
      onSaved(answer.message ?? (grading ? 'Grading saved' : 'Grading created'), answer.data?._id ?? grading?._id ?? '');
    });
  }

  const programOptions = programs.filter((p) => p.isActive || p._id === programId).map((p) => ({ value: p._id, label: p.name }));
  return (
    <HeadedForm
      headingId={`${id}-h`}
      title={grading ? 'Details' : 'New grading'}
      level={grading ? 2 : 1}
      busy={busy}
      alert={alert}
      onSubmit={(e) => void onSubmit(e)}
      className="resource-form grading-form"
      data-ready={readyAttr}
    >
      <div className="form-grid">
        {grading ? (
          <p className="field">
            <strong>Program:</strong> {grading.programName}
          </p>
        ) : (
          <Field
            {...f('programId')}
            label="Program"
            options={programOptions}
            blankOption="Choose a program"
            value={programId}
            onChange={(e) => setProgramId(e.target.value)}
          />
        )}
        <Field {...f('title')} label="Title" maxLength={200} defaultValue={grading?.title ?? ''} />
        <Field {...f('heldOn')} label="Date" type="date" defaultValue={grading?.heldOn ?? ''} />
        <Field {...f('location')} label="Location" optional maxLength={200} defaultValue={grading?.location ?? ''} />
        <Field
          {...f('eventId')}
          label="Event"
          optional
          options={events}
          blankOption="No event"
          hint="An event of category Grading, to show it in the school's calendar."
          defaultValue={grading?.eventId ?? ''}
          key={`event-${events.length}`}
        />
        <FieldFrame
          id={`${id}-targetRankIds`}
          label="Target ranks"
          as="legend"
          wide
          error={errors.targetRankIds}
          hint={programId ? 'Leave all unticked to allow every rank of the program.' : 'Choose the program first.'}
        >
          <div className="check-grid">
            {ranks.map((r) => (
              <CheckField
                key={r._id}
                id={`${id}-rank-${r._id}`}
                name="targetRankIds"
                value={r._id}
                label={`${r.name} (fee ${r.testFee})`}
                defaultChecked={grading?.targetRankIds.includes(r._id) ?? false}
              />
            ))}
          </div>
        </FieldFrame>
        <Field {...f('minAge')} label="Youngest age" optional type="number" min={0} max={120} defaultValue={grading?.minAge ?? ''} />
        <Field {...f('maxAge')} label="Oldest age" optional type="number" min={0} max={120} defaultValue={grading?.maxAge ?? ''} />
        <Field
          {...f('registrationClosesAt')}
          label="Registration closes"
          optional
          type="datetime-local"
          hint={`On the school's clock (${zoneLabel(zone)})`}
          defaultValue={toWallInput(grading?.registrationClosesAt, zone)}
        />
        <Field
          {...f('resultRule')}
          label="Result rule"
          hint="Who must pass a candidate"
          options={RULES}
          defaultValue={grading?.resultRule ?? 'majority'}
        />
        <Field {...f('notes')} label="Notes" optional rows={3} maxLength={2000} defaultValue={grading?.notes ?? ''} wide />
      </div>
      <FormActions busy={busy} label={grading ? 'Save details' : 'Create grading'} onCancel={onCancel} />
    </HeadedForm>
  );
}
