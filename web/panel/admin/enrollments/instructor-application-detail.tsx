import { useEffect, useState } from 'react';
import { INSTRUCTOR_TYPE_LABELS } from '#core/enrollments/enrollment-options.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { errorMessage } from '#web/lib/api.ts';
import { upperFirst } from '#web/components/format.ts';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { readInstructorApplication } from './enrollments-api.ts';
import { InstructorActions, type InstructorOutcome } from './instructor-actions.tsx';
import { DocumentLinks, Facts, InstructorBadge, StatusBadge, when } from './enrollment-parts.tsx';

type Props = { base: string; id: string; onDeleted: (message: string) => void };

/** One application at `<base>/<id>`: the applicant, what they teach, documents, the history of the school's decisions, and the moves its state allows. */
export function InstructorApplicationDetail({ base, id, onDeleted }: Props) {
  const [row, setRow] = useState<InstructorEnrollmentView | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readInstructorApplication(id, ctl.signal).then(
      (answer) => (answer.data?.enrollment ? setRow(answer.data.enrollment) : setFailed('Failed to fetch instructor application')),
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [id, reload]);

  function onOutcome(o: InstructorOutcome) {
    if (o.kind === 'done' && !o.row) {
      onDeleted(o.message);
      navigate(base);
      return;
    }
    // A refusal (another admin moved it first) is shown, and the page shows the application as it is now.
    setNotice(o.kind === 'done' ? o.message : '');
    setAlert(o.kind === 'refused' ? o.message : '');
    setReload((n) => n + 1);
  }

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← Instructor applications</PanelLink>
    </p>
  );
  if (failed)
    return (
      <div className="panel-screen enrollment-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  if (!row) return <Loading label="Loading..." />;
  return (
    <div
      className="panel-screen enrollment-detail"
      data-ready=""
      data-status={row.enrollmentStatus}
      data-instructor-status={row.instructorStatus}
    >
      {back}
      <div className="screen-head">
        <h1>{row.user.name}</h1>
        <span className="enrollment-badges">
          <StatusBadge status={row.enrollmentStatus} />
          <InstructorBadge status={row.instructorStatus} />
        </span>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <InstructorActions row={row} onOutcome={onOutcome} />
      <div className="order-detail-layout enrollment-detail-layout">
        <section className="card" aria-labelledby="application-teaching">
          <h2 id="application-teaching">{INSTRUCTOR_TYPE_LABELS[row.instructorType] ?? row.instructorType}</h2>
          <Facts
            rows={[
              ['Instructor ID', row.instructorId ? <code data-instructor-id="">{row.instructorId}</code> : null],
              ['Role now', upperFirst(row.userRole)],
              ['Grade', row.grade],
              ['Experience', `${row.experienceYears} ${row.experienceYears === 1 ? 'year' : 'years'}`],
              ['Specialties', row.specialties.join(', ')],
              ['Availability', row.availability],
            ]}
          />
          {row.bio && (
            <>
              <h3>Bio</h3>
              <p className="order-notes">{row.bio}</p>
            </>
          )}
          {row.notes && (
            <>
              <h3>Notes from the applicant</h3>
              <p className="order-notes">{row.notes}</p>
            </>
          )}
        </section>
        <section className="card" aria-labelledby="application-person">
          <h2 id="application-person">Applicant</h2>
          <Facts
            rows={[
              ['Email', <a href={`mailto:${row.user.email}`}>{row.user.email}</a>],
              ['Phone', row.phone ? <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>{row.phone}</a> : null],
              ['Student ID', row.user.studentId ? <code>{row.user.studentId}</code> : null],
              ['Membership ID', row.user.membershipId ? <code>{row.user.membershipId}</code> : null],
            ]}
          />
          <h3>Documents</h3>
          <DocumentLinks documents={row.documents} />
        </section>
        <section className="card" aria-labelledby="application-history">
          <h2 id="application-history">History</h2>
          <Facts
            rows={[
              ['Applied', when(row.createdAt)],
              ['Approved', when(row.approvedAt)],
              ['Approval notes', row.approvalNotes],
              ['Suspended', when(row.suspendedAt)],
              ['Suspension reason', row.suspendReason ? <span data-suspend-reason="">{row.suspendReason}</span> : null],
              ['Reactivated', when(row.reactivatedAt)],
              ['Reactivation reason', row.reactivateReason],
              ['Completed', when(row.completedAt)],
              ['Completion notes', row.completionNotes],
              ['Cancelled', when(row.cancelledAt)],
              ['Reason', row.cancelReason ? <span data-cancel-reason="">{row.cancelReason}</span> : null],
            ]}
          />
        </section>
      </div>
    </div>
  );
}
