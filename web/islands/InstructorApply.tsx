import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { DOCUMENT_TYPES, ENROLLMENT_LIMITS, INSTRUCTOR_TYPE_LABELS, INSTRUCTOR_TYPES } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_STATUS_LABELS, INSTRUCTOR_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { PANEL_BY_ROLE } from '#core/roles.ts';
import { Field, FormAlert, focusFirstError, serverFieldErrors, type Errors, type FieldProps } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { applyToTeach, myInstructorEnrollments } from '#web/lib/enrollment-api.ts';
import { instructorDraft, saveInstructorApplication, saveInstructorDraft } from '#web/lib/enrollment-storage.ts';
import { documentsProblem } from '#web/lib/enrollment-upload.ts';
import { SignInLinks, UploadProgress, useViewer, type Viewer } from '#web/pages/public/enrollment/enrollment-kit.tsx';
import { TEACH_HREF } from '#web/pages/public/links.ts';

/** An application still in play (a cancelled or completed one lets the person apply again). */
const isLive = (e: InstructorEnrollmentView) => ['pending_approval', 'approved', 'active'].includes(e.enrollmentStatus);

const TYPE_OPTIONS = INSTRUCTOR_TYPES.map((t) => ({ value: t, label: INSTRUCTOR_TYPE_LABELS[t] }));
const TEXT_FIELDS = ['grade', 'experienceYears', 'specialties', 'bio', 'availability', 'phone', 'notes'] as const;
/** The typed answers, in the order of the form (the first two share a row). */
const ANSWERS: readonly ({ name: (typeof TEXT_FIELDS)[number] } & Omit<FieldProps, 'name'>)[] = [
  { name: 'grade', id: 'grade', label: 'Grade', hint: 'Your rank, e.g. 2nd Dan', maxLength: 100 },
  { name: 'experienceYears', id: 'years', label: 'Years of experience', type: 'number', optional: true },
  {
    name: 'specialties',
    id: 'specialties',
    label: 'Specialties',
    hint: 'Separated by commas, e.g. kata, kumite, self-defence',
    optional: true,
    maxLength: 500,
  },
  { name: 'bio', id: 'bio', label: 'About you', rows: 5, maxLength: 2000 },
  {
    name: 'availability',
    id: 'availability',
    label: 'Availability',
    hint: 'Days and times you could teach',
    optional: true,
    maxLength: 500,
  },
  { name: 'phone', id: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', optional: true, maxLength: 30 },
  { name: 'notes', id: 'notes', label: 'Notes for the school', rows: 3, optional: true, maxLength: 1000 },
];

/** The server's words for what it requires (the rest may be left blank). */
const REQUIRED: Record<string, string> = {
  grade: 'Grade (belt rank) is required',
  bio: 'Bio is required',
};

/** Signed-in students and members apply to teach; whoever already has an application sees its status instead. */
export default function InstructorApply() {
  const viewer = useViewer();
  const [mine, setMine] = useState<InstructorEnrollmentView | null | undefined>(undefined);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    if (viewer?.kind !== 'learner' && viewer?.kind !== 'instructor') return;
    myInstructorEnrollments().then(
      (body) => setMine(body.data?.enrollments.find(isLive) ?? null),
      (err) => {
        setLoadError(errorMessage(err));
        setMine(null);
      },
    );
  }, [viewer]);

  if (!viewer || viewer.kind === 'visitor')
    return (
      <SignInLinks next={TEACH_HREF} action="apply">
        <p className="muted small">Applying is free. Log in, or create an account, then fill in the form.</p>
      </SignInLinks>
    );
  if (viewer.kind === 'staff')
    return (
      <p className="enrol-note" data-ready="">
        You are signed in with a staff account: applications are reviewed in the admin panel.
      </p>
    );
  if (mine === undefined) return <p role="status">Checking your applications…</p>;
  if (mine) return <ApplicationStatus application={mine} viewer={viewer} />;
  if (viewer.kind === 'instructor')
    return (
      <p className="enrol-note" data-ready="">
        You already teach at the dojo. <a href={`${PANEL_BY_ROLE.instructor}/instructor-application`}>See your instructor record</a>.
      </p>
    );
  return <ApplyForm onDone={setMine} loadError={loadError} />;
}

function ApplicationStatus({
  application,
  viewer,
}: {
  application: InstructorEnrollmentView;
  viewer: Exclude<Viewer, { kind: 'visitor' }>;
}) {
  return (
    <div className="enrol-status" data-ready="">
      <p role="status">
        Your application as {INSTRUCTOR_TYPE_LABELS[application.instructorType].toLowerCase()}:{' '}
        <strong>{ENROLLMENT_STATUS_LABELS[application.enrollmentStatus]}</strong>
        {application.enrollmentStatus !== 'pending_approval' &&
          ` (instructor status: ${INSTRUCTOR_STATUS_LABELS[application.instructorStatus]})`}
        .
      </p>
      {application.enrollmentStatus === 'pending_approval' && <p>The school reviews every application and will let you know.</p>}
      <a className="btn btn-secondary" href={`${PANEL_BY_ROLE[viewer.user.role]}/instructor-application`}>
        See my application
      </a>
    </div>
  );
}

function ApplyForm({ onDone, loadError }: { onDone: (e: InstructorEnrollmentView) => void; loadError: string }) {
  const [draft] = useState(instructorDraft);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState(loadError);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);

  /** Spec 3 `instructor data`: the typed answers (never the files) survive a reload. */
  function keepDraft(form: HTMLFormElement) {
    const d: Record<string, string> = {};
    new FormData(form).forEach((v, k) => {
      if (typeof v === 'string') d[k] = v;
    });
    saveInstructorDraft(d);
  }

  /** Keeps the draft, and drops the error of the field being corrected. */
  function onInput(e: FormEvent<HTMLFormElement>) {
    keepDraft(e.currentTarget);
    const name = (e.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([key]) => key !== name)));
  }

  function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(e.target.files ?? []);
    setFiles(chosen);
    setErrors((old) => ({ ...old, documents: documentsProblem(chosen) ?? '' }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const found: Errors = {};
    for (const [name, message] of Object.entries(REQUIRED)) if (!String(data.get(name) ?? '').trim()) found[name] = message;
    const years = Number(data.get('experienceYears') || 0);
    if (!Number.isInteger(years) || years < 0 || years > 80) found.experienceYears = 'Experience years must be a whole number from 0 to 80';
    const fileProblem = documentsProblem(files);
    if (fileProblem) found.documents = fileProblem;
    setErrors(found);
    if (focusFirstError(form, found)) return;
    const body = new FormData();
    body.set('instructorType', String(data.get('instructorType')));
    for (const name of TEXT_FIELDS) {
      const v = String(data.get(name) ?? '').trim();
      if (v) body.set(name, v);
    }
    for (const f of files) body.append('documents', f, f.name);
    setBusy(true);
    setAlert('');
    setProgress(files.length ? 0 : null);
    try {
      const answer = await applyToTeach(body, setProgress);
      saveInstructorApplication(answer.data!.enrollment);
      onDone(answer.data!.enrollment);
    } catch (err) {
      const fieldErrors = serverFieldErrors(err);
      setErrors(fieldErrors);
      setAlert(errorMessage(err));
      setProgress(null);
      setBusy(false);
      focusFirstError(form, fieldErrors);
    }
  }

  const answer = ({ name, id, ...f }: (typeof ANSWERS)[number]) => (
    <Field key={name} id={`apply-${id}`} name={name} defaultValue={draft[name]} error={errors[name]} {...f} />
  );

  return (
    <form className="form enrol-form" onSubmit={onSubmit} onInput={onInput} noValidate aria-busy={busy} data-ready="">
      <h2>Your application</h2>
      <FormAlert message={alert} />
      <Field
        id="apply-type"
        name="instructorType"
        label="I am applying as"
        required={false}
        options={TYPE_OPTIONS}
        defaultValue={draft.instructorType ?? 'instructor'}
      />
      <div className="field-row">{ANSWERS.slice(0, 2).map(answer)}</div>
      {ANSWERS.slice(2).map(answer)}
      <Field
        id="apply-documents"
        name="documents"
        label="Certificates"
        type="file"
        optional
        multiple
        accept={DOCUMENT_TYPES.join(',')}
        hint={`Grade certificates, first-aid or coaching qualifications: PDF, JPG, PNG or WebP, up to ${ENROLLMENT_LIMITS.maxDocuments} files of 10 MB each.`}
        error={errors.documents}
        onChange={onFiles}
      />
      <UploadProgress percent={progress} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Sending your application…' : 'Send my application'}
      </button>
    </form>
  );
}
