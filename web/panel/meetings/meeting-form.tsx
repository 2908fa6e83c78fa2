import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CreateMeetingSchema,
  DEFAULT_DURATION_MINUTES,
  MAX_DURATION_MINUTES,
  MEETING_LIMITS,
  MEETING_MESSAGES,
  UpdateMeetingSchema,
} from '#core/meetings/meeting-schemas.ts';
import { isAdminCapable, ROLES } from '#core/roles.ts';
import { timeZoneOptions, toWallInput } from '#web/components/format.ts';
import { useSchoolZone, zoneLabel } from '#web/components/school-zone.tsx';
import { Field, FieldError, FormActions, HeadedForm, useErrorFocus, type Errors } from '#web/components/form-kit.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { ROLE_LABELS } from '#web/lib/session.ts';
import { createMeeting, readProvider, updateMeeting, type MeetingView } from './meetings-api.ts';
import { UserPicker, type Picked } from './user-picker.tsx';

/** Roles worth choosing: admin-capable roles see every meeting anyway. */
const AUDIENCE_ROLES = ROLES.filter((r) => !isAdminCapable(r));

const FIELD_OF: Record<string, string> = { title: 'topic', durationMinutes: 'duration' };
/** Issue paths (`topic`, `targetRoles.0`) → the form's field names. */
function byField(issues: readonly { path: string; message: string }[]): Errors {
  const out: Errors = {};
  for (const i of issues) {
    const head = i.path.split('.')[0] ?? '';
    const key = FIELD_OF[head] ?? head;
    if (key) out[key] ??= i.message;
  }
  return out;
}

type Props = { meeting: MeetingView | null; onSaved: (message: string) => void; onCancel: () => void };

/** Create or edit a meeting; the shared schema checks it before sending, the server's field errors land by their fields. */
export function MeetingForm({ meeting, onSaved, onCancel }: Props) {
  const id = useId().replace(/:/g, '');
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useErrorFocus(formRef);
  const school = useSchoolZone();
  const zone = meeting?.timezone ?? school;
  const [everyone, setEveryone] = useState(meeting ? meeting.targetRoles.includes('all') : true);
  const [roles, setRoles] = useState<string[]>(meeting?.targetRoles.filter((r) => AUDIENCE_ROLES.some((a) => a === r)) ?? []);
  const [picked, setPicked] = useState<Picked[]>(meeting?.targetUsers.map((u) => ({ id: u, label: u })) ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  // Whether a blank link makes the meeting on Zoom; unknown (null) until the server says.
  const [zoom, setZoom] = useState<boolean | null>(null);
  useEffect(() => {
    if (meeting) return;
    const ctl = new AbortController();
    readProvider(ctl.signal).then(setZoom, () => {});
    return () => ctl.abort();
  }, [meeting]);

  function body(form: HTMLFormElement): Record<string, unknown> {
    const v = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const out: Record<string, unknown> = {
      topic: v.topic ?? '',
      description: v.description ?? '',
      startTime: v.startTime ?? '',
      timezone: v.timezone ?? zone,
      duration: v.duration ?? '',
      password: v.password ?? '',
      targetRoles: everyone ? ['all'] : roles,
      targetUsers: picked.map((p) => p.id),
    };
    // Blank on create lets the server make it on Zoom; on edit it keeps the stored link.
    if (v.joinUrl?.trim() || !meeting) out.joinUrl = v.joinUrl ?? '';
    return out;
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const payload = body(form);
    const checked = (meeting ? UpdateMeetingSchema : CreateMeetingSchema).safeParse(payload);
    const found = checked.success ? {} : byField(checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    // The schema checks the topic only once every field parses, so a blank one is named here too.
    if (!String(payload.topic).trim()) found.topic ??= MEETING_MESSAGES.topicRequired;
    if (!everyone && !roles.length && !picked.length) found.targetRoles = MEETING_MESSAGES.audienceRequired;
    if (!meeting && zoom === false && !String(payload.joinUrl ?? '').trim()) found.joinUrl ??= MEETING_MESSAGES.joinUrlRequired;
    setErrors(found);
    setAlert('');
    if (Object.keys(found).length) {
      focusError();
      return;
    }
    setBusy(true);
    try {
      const saved = meeting ? await updateMeeting(meeting._id, payload) : await createMeeting(payload);
      onSaved(saved.message ?? 'Meeting saved');
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? byField(err.errors) : {};
      setErrors(fieldErrors);
      setAlert(errorMessage(err));
      setBusy(false);
      focusError();
    }
  }

  const toggleRole = (r: string, on: boolean) => setRoles((prev) => (on ? [...prev, r] : prev.filter((x) => x !== r)));
  const rolesError = errors.targetRoles;
  return (
    <HeadedForm
      ref={formRef}
      className="form resource-form meeting-form"
      onSubmit={onSubmit}
      headingId={`${id}-heading`}
      title={meeting ? `Edit meeting: ${meeting.title}` : 'New meeting'}
      level={1}
      busy={busy}
      alert={alert}
    >
      <div className="form-grid">
        <Field
          wide
          id={`${id}-topic`}
          name="topic"
          label="Title"
          defaultValue={meeting?.title}
          maxLength={MEETING_LIMITS.topic}
          error={errors.topic}
        />
        <Field
          wide
          id={`${id}-description`}
          name="description"
          label="Description"
          rows={3}
          optional
          defaultValue={meeting?.description}
          maxLength={MEETING_LIMITS.description}
          error={errors.description}
        />
        <Field
          id={`${id}-start`}
          name="startTime"
          label="Starts"
          type="datetime-local"
          hint="On the clock of the time zone below"
          defaultValue={meeting ? toWallInput(meeting.startTime, zone) : ''}
          error={errors.startTime}
        />
        <Field
          id={`${id}-zone`}
          name="timezone"
          label="Time zone"
          hint={`The school's is ${zoneLabel(school)}`}
          options={timeZoneOptions([school, zone])}
          defaultValue={zone}
          error={errors.timezone}
        />
        <Field
          id={`${id}-duration`}
          name="duration"
          label="Duration (minutes)"
          type="number"
          hint={`1 to ${MAX_DURATION_MINUTES}`}
          defaultValue={String(meeting?.durationMinutes ?? DEFAULT_DURATION_MINUTES)}
          error={errors.duration}
        />
        <Field
          id={`${id}-password`}
          name="password"
          label="Passcode"
          optional
          autoComplete="off"
          defaultValue={meeting?.password ?? ''}
          maxLength={MEETING_LIMITS.password}
          error={errors.password}
        />
        <Field
          wide
          id={`${id}-link`}
          name="joinUrl"
          label="Meeting link"
          type="url"
          optional={!meeting && zoom !== false}
          placeholder="https://zoom.us/j/…"
          hint={
            meeting
              ? 'The https:// join link. Left blank, the current link stays.'
              : zoom
                ? 'Leave it blank to create the meeting on Zoom, or paste any https:// join link.'
                : zoom === false
                  ? 'Paste the https:// join link (Zoom, Google Meet, Teams…). Zoom is not connected, so the link is needed.'
                  : 'Paste the https:// join link, or leave it blank to create the meeting on Zoom when the school has connected it.'
          }
          defaultValue={meeting?.joinUrl ?? ''}
          maxLength={MEETING_LIMITS.joinUrl}
          error={errors.joinUrl}
        />
        <fieldset className="fieldset field-wide meeting-audience" aria-describedby={rolesError ? `${id}-roles-error` : undefined}>
          <legend>Who can see it</legend>
          <div className="check-row">
            <input id={`${id}-all`} type="radio" name="audience" checked={everyone} onChange={() => setEveryone(true)} disabled={busy} />
            <label htmlFor={`${id}-all`}>Everyone</label>
          </div>
          <div className="check-row">
            <input id={`${id}-some`} type="radio" name="audience" checked={!everyone} onChange={() => setEveryone(false)} disabled={busy} />
            <label htmlFor={`${id}-some`}>Only these roles</label>
          </div>
          {!everyone && (
            <div className="meeting-roles" role="group" aria-label="Roles">
              {AUDIENCE_ROLES.map((r) => (
                <div className="check-row" key={r}>
                  <input
                    id={`${id}-role-${r}`}
                    type="checkbox"
                    name="targetRoles"
                    value={r}
                    checked={roles.includes(r)}
                    aria-invalid={rolesError ? true : undefined}
                    onChange={(e) => toggleRole(r, e.target.checked)}
                    disabled={busy}
                  />
                  <label htmlFor={`${id}-role-${r}`}>{ROLE_LABELS[r]}</label>
                </div>
              ))}
              <p className="field-hint">Admins see every meeting. With no role ticked, only the people invited below see it.</p>
            </div>
          )}
          <FieldError id={`${id}-roles`} error={rolesError} />
        </fieldset>
        <UserPicker id={`${id}-users`} picked={picked} onChange={setPicked} error={errors.targetUsers} disabled={busy} />
      </div>
      <FormActions busy={busy} label={meeting ? 'Save changes' : 'Create meeting'} onCancel={onCancel} />
    </HeadedForm>
  );
}
