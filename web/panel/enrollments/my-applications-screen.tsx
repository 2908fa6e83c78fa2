import { useCallback, useEffect, useState } from 'react';
import { INSTRUCTOR_TYPE_LABELS } from '#core/enrollments/enrollment-options.ts';
import { INSTRUCTOR_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { cancelLosesAccess, splitApplications } from '#web/lib/enrollment-panel-format.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { dayIn } from './enrollment-card.tsx';
import { CancelEnrollmentDialog, DocumentLinks, Facts, StatusBadges, unlessSessionEnded } from './enrollment-parts.tsx';
import { useEnrollmentUpdates } from './enrollment-updates.ts';
import { cancelApplication, readApplication, readMyApplications, type ApplicationDetails } from './my-enrollments-api.ts';

type State = { current: ApplicationDetails | null; past: InstructorEnrollmentView[] };

/** What the applicant wrote and what the school said (reasons and notes), newest move first. */
function ApplicationFacts({ e }: { e: InstructorEnrollmentView }) {
  const day = dayIn(useSchoolZone());
  return (
    <>
      <Facts
        rows={[
          ['Applied', day(e.createdAt)],
          ['Type', INSTRUCTOR_TYPE_LABELS[e.instructorType] ?? e.instructorType],
          ['Grade', e.grade],
          ['Experience', `${e.experienceYears} ${e.experienceYears === 1 ? 'year' : 'years'}`],
          ['Specialties', e.specialties.join(', ')],
          ['Availability', e.availability],
          ['Phone', e.phone],
          ['About you', e.bio],
          ['Notes', e.notes],
          ['Approved', day(e.approvedAt)],
          ['Approval notes', e.approvalNotes],
          ['Suspended', e.suspendReason ? `${day(e.suspendedAt) ?? ''} · ${e.suspendReason}` : null],
          ['Reactivated', e.reactivateReason ? `${day(e.reactivatedAt) ?? ''} · ${e.reactivateReason}` : null],
          ['Completed', e.completedAt ? `${day(e.completedAt) ?? ''}${e.completionNotes ? ` · ${e.completionNotes}` : ''}` : null],
          ['Cancelled', e.cancelReason ? `${day(e.cancelledAt) ?? ''} · ${e.cancelReason}` : null],
        ]}
      />
      <DocumentLinks documents={e.documents} />
    </>
  );
}

/** "Teach at the dojo": the applicant's application to teach, its status in words, the instructor ID once approved; cancel. */
export default function MyApplicationsScreen({ user }: PanelScreenProps) {
  const [state, setState] = useState<State | null>(null);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const load = useCallback(async () => {
    try {
      const { current, past } = splitApplications(await readMyApplications());
      setState({ current: current ? await readApplication(current._id) : null, past });
    } catch (err) {
      setState((s) => s ?? { current: null, past: [] });
      setAlert(unlessSessionEnded(err));
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEnrollmentUpdates(user, load);
  const day = dayIn(useSchoolZone());

  if (!state) return <p role="status">Loading your application…</p>;
  const app = state.current?.enrollment ?? null;
  const details = state.current?.statusDetails ?? null;
  return (
    <section className="panel-screen" data-ready="" aria-labelledby="my-application-title">
      <h1 id="my-application-title">My instructor application</h1>
      <FormStatus message={status} />
      <FormAlert message={alert} />
      {!app ? (
        !alert && (
          <p>
            You have not applied to teach yet. <a href="/teach">Apply to teach at the dojo</a>
          </p>
        )
      ) : (
        <article className="card my-enrol-card my-enrol-application">
          <h2>{INSTRUCTOR_TYPE_LABELS[app.instructorType] ?? app.instructorType} application</h2>
          <StatusBadges status={app.enrollmentStatus}>
            <span className={`badge my-enrol-instructor my-enrol-instructor-${app.instructorStatus}`}>
              Instructor: {INSTRUCTOR_STATUS_LABELS[app.instructorStatus]}
            </span>
          </StatusBadges>
          {details && (
            <p className="my-enrol-status-words">
              <strong>{details.label}.</strong> {details.description}
            </p>
          )}
          {app.instructorId && (app.enrollmentStatus === 'approved' || app.enrollmentStatus === 'active') && (
            <div className="notice my-enrol-instructor-id">
              <p>
                Your instructor ID: <strong className="my-enrol-id">{app.instructorId}</strong>
              </p>
              <p>Log in with your instructor ID and your usual password to open the instructor panel.</p>
            </div>
          )}
          <ApplicationFacts e={app} />
          {details?.canCancel && (
            <div className="btn-row">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCancelling(true)}>
                Cancel application
              </button>
            </div>
          )}
        </article>
      )}
      {state.past.length > 0 && (
        <details className="my-enrol-past">
          <summary>Earlier applications ({state.past.length})</summary>
          <ul className="my-enrol-list">
            {state.past.map((e) => (
              <li key={e._id} className="card my-enrol-card">
                <h3>
                  {INSTRUCTOR_TYPE_LABELS[e.instructorType] ?? e.instructorType} application, {day(e.createdAt)}
                </h3>
                <StatusBadges status={e.enrollmentStatus} />
                <ApplicationFacts e={e} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {cancelling && app && (
        <CancelEnrollmentDialog
          title="Cancel your instructor application?"
          what="application"
          onClose={() => setCancelling(false)}
          onCancel={async (reason) => {
            await cancelApplication(app, reason);
            setCancelling(false);
            setAlert('');
            setStatus('Application cancelled');
            await load();
          }}
        >
          {cancelLosesAccess(app) ? (
            <p>
              <strong>You will lose instructor access at once:</strong> your account goes back to the role it had before, and you will be
              asked to log in again.
            </p>
          ) : (
            <p>The school will not review this application any more. You can apply again later.</p>
          )}
        </CancelEnrollmentDialog>
      )}
    </section>
  );
}
