import { INSTRUCTOR_TYPE_LABELS } from '#core/enrollments/enrollment-options.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { upperFirst } from '#web/components/format.ts';
import { DocumentLinks, Facts, marked, when } from './enrollment-parts.tsx';

/** An application's cards: what the applicant teaches, the applicant and their documents, the history of the school's decisions. */
export function InstructorApplicationFacts({ application: row }: { application: InstructorEnrollmentView }) {
  return (
    <>
      <section className="card" aria-labelledby="application-teaching">
        <h2 id="application-teaching">{INSTRUCTOR_TYPE_LABELS[row.instructorType] ?? row.instructorType}</h2>
        <Facts
          rows={[
            [
              'Instructor ID',
              row.instructorId ? (
                <code key="instructor-id" data-instructor-id="">
                  {row.instructorId}
                </code>
              ) : null,
            ],
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
            [
              'Email',
              <a key="email" href={`mailto:${row.user.email}`}>
                {row.user.email}
              </a>,
            ],
            [
              'Phone',
              row.phone ? (
                <a key="phone" href={`tel:${row.phone.replace(/[^\d+]/g, '')}`}>
                  {row.phone}
                </a>
              ) : null,
            ],
            ['Student ID', row.user.studentId ? <code key="student-id">{row.user.studentId}</code> : null],
            ['Membership ID', row.user.membershipId ? <code key="membership-id">{row.user.membershipId}</code> : null],
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
            ['Suspension reason', marked(row.suspendReason, 'data-suspend-reason')],
            ['Reactivated', when(row.reactivatedAt)],
            ['Reactivation reason', row.reactivateReason],
            ['Completed', when(row.completedAt)],
            ['Completion notes', row.completionNotes],
            ['Cancelled', when(row.cancelledAt)],
            ['Reason', marked(row.cancelReason, 'data-cancel-reason')],
          ]}
        />
      </section>
    </>
  );
}
