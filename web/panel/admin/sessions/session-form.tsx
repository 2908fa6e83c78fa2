import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ClassDto } from '#core/catalog/types.ts';
import { SESSION_MESSAGES } from '#core/sessions/session-schemas.ts';
import { fromWallInput, toWallInput } from '#web/components/format.ts';
import { Field, FormActions, HeadedForm, formValues, useForm, type Errors, type Option } from '#web/components/form-kit.tsx';
import { useSchoolZone, zoneLabel } from '#web/components/school-zone.tsx';
import { readClasses } from '#web/lib/content-api.ts';
import { createSession, readTeachingAccounts, updateSession, type SessionBody, type SessionView } from './sessions-api.ts';

type Props = { session: SessionView | null; onSaved: (message: string) => void; onCancel: () => void };

/** The choices the form offers: the school's classes (for a new one-off) and the accounts that may teach. */
function useChoices(isNew: boolean) {
  const [classes, setClasses] = useState<Option[]>([]);
  const [teachers, setTeachers] = useState<Option[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    readTeachingAccounts(ctl.signal).then(setTeachers, () => {});
    if (isNew)
      readClasses<ClassDto>({ query: { limit: 200, isActive: true }, signal: ctl.signal }).then(
        (a) => setClasses((a.data ?? []).map((c) => ({ value: c._id, label: `${c.title} (${c.dayName} ${c.startTime})` }))),
        () => {},
      );
    return () => ctl.abort();
  }, [isNew]);
  return { classes, teachers };
}

/**
 * A one-off session (of a class, taking its title, place, places and instructor unless given, or on its own)
 * or an edit of one: times on the school's clock, the instructor account, the places, the place.
 */
export function SessionForm({ session, onSaved, onCancel }: Props) {
  const zone = useSchoolZone();
  const formRef = useRef<HTMLFormElement>(null);
  const { id, field: f, alert, busy, submit, readyAttr } = useForm();
  const isNew = !session;
  const { classes, teachers } = useChoices(isNew);
  const teacherOptions =
    session?.instructorId && !teachers.some((t) => t.value === session.instructorId)
      ? [{ value: session.instructorId, label: session.instructorName ?? 'The current instructor' }, ...teachers]
      : teachers;

  function bodyOf(v: Record<string, string>, found: Errors): SessionBody {
    const startsAt = fromWallInput(v.startsAt ?? '', zone);
    const endsAt = fromWallInput(v.endsAt ?? '', zone);
    if (!startsAt) found.startsAt = v.startsAt ? SESSION_MESSAGES.startsAtInvalid : SESSION_MESSAGES.startsAtRequired;
    if (!endsAt) found.endsAt = v.endsAt ? SESSION_MESSAGES.endsAtInvalid : SESSION_MESSAGES.endsAtRequired;
    else if (startsAt && endsAt <= startsAt) found.endsAt = SESSION_MESSAGES.endAfterStart;
    if (isNew && !v.classId && !v.title?.trim()) found.title = SESSION_MESSAGES.titleRequired;
    // Blank on a new one-off takes the class's own value; blank on an edit clears it.
    const blank = isNew ? undefined : null;
    const body: SessionBody = {
      startsAt: startsAt ?? '',
      endsAt: endsAt ?? '',
      instructorId: v.instructorId || blank,
      capacity: v.capacity?.trim() ? Number(v.capacity) : blank,
      location: v.location?.trim() || blank,
    };
    if (v.title?.trim()) body.title = v.title.trim();
    if (isNew && v.classId) body.classId = v.classId;
    return body;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const found: Errors = {};
    const body = bodyOf(formValues(form), found);
    await submit(form, found, async () => {
      const answer = session ? await updateSession(session._id, body) : await createSession(body);
      onSaved(`${answer.message ?? 'Saved'}: ${answer.data?.title ?? ''}`);
      return true;
    });
  }

  return (
    <HeadedForm
      ref={formRef}
      headingId={`${id}-h`}
      title={session ? `Edit ${session.title}` : 'Add a session'}
      busy={busy}
      alert={alert}
      onSubmit={(e) => void onSubmit(e)}
      className="resource-form session-form"
      data-ready={readyAttr}
    >
      <div className="form-grid">
        {isNew && (
          <Field
            {...f('classId')}
            label="Class"
            optional
            options={classes}
            blankOption="None: a session of its own"
            hint="A makeup or extra session of a class takes its title, place, places and instructor unless you set them."
            wide
          />
        )}
        <Field {...f('title')} label="Title" optional={isNew} maxLength={200} defaultValue={session?.title ?? ''} wide />
        <Field
          {...f('startsAt')}
          label="Starts"
          type="datetime-local"
          hint={`On the school's clock (${zoneLabel(zone)})`}
          defaultValue={toWallInput(session?.startsAt, zone)}
        />
        <Field {...f('endsAt')} label="Ends" type="datetime-local" defaultValue={toWallInput(session?.endsAt, zone)} />
        <Field
          {...f('instructorId')}
          label="Instructor"
          optional
          options={teacherOptions}
          blankOption={isNew ? 'As the class, or none' : 'No instructor account'}
          defaultValue={session?.instructorId ?? ''}
          key={teacherOptions.length}
        />
        <Field
          {...f('capacity')}
          label="Places"
          optional
          type="number"
          min={1}
          max={10000}
          hint={isNew ? "Blank: the class's capacity (or no limit)" : 'Blank: no limit. Not below the number already booked.'}
          defaultValue={session?.capacity ?? ''}
        />
        <Field {...f('location')} label="Location" optional maxLength={200} defaultValue={session?.location ?? ''} />
      </div>
      <FormActions busy={busy} label={session ? 'Save session' : 'Add session'} onCancel={onCancel} />
    </HeadedForm>
  );
}
