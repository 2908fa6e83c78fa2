import { INSTRUCTOR_TYPE_LABELS, INSTRUCTOR_TYPES } from '#core/enrollments/enrollment-options.ts';
import { Island } from '#web/components/island.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import InstructorApply from '#web/islands/InstructorApply.tsx';

const ROLES: Record<(typeof INSTRUCTOR_TYPES)[number], string> = {
  assistant: 'Helps in class: warm-ups, drills and the youngest students, alongside a senior teacher.',
  instructor: 'Leads regular classes of the timetable for a level or age group.',
  senior: 'Leads advanced classes, prepares students for gradings and mentors other instructors.',
  guest: 'Teaches a seminar or a short series in their own speciality.',
};

/** Spec "instructor applications": what teaching here means, then the application (an island: it needs an account). */
export function TeachPage({ site }: { site: SiteInfo }) {
  return (
    <SiteLayout current="/teach" site={site}>
      <PageHead
        eyebrow="Instructors"
        title="Teach at the dojo"
        lead={`Share your karate with the students of ${site.schoolName}. Applying is free and takes a few minutes.`}
      />
      <div className="section">
        <div className="container teach-layout">
          <div className="prose">
            <h2>Ways to teach</h2>
            <dl className="teach-roles">
              {INSTRUCTOR_TYPES.map((t) => (
                <div key={t}>
                  <dt>{INSTRUCTOR_TYPE_LABELS[t]}</dt>
                  <dd>{ROLES[t]}</dd>
                </div>
              ))}
            </dl>
            <h2>How it works</h2>
            <ol>
              <li>
                Tell us your grade, your experience, what you teach best and when you are free. Add your certificates if you have them.
              </li>
              <li>The school reviews your application and may invite you to teach a trial class.</li>
              <li>Once approved you receive an instructor ID to log in with, and your classes appear in your instructor panel.</li>
            </ol>
            <p>
              Questions first? <a href="/contact?subject=Teaching%20at%20the%20dojo">Write to us</a>.
            </p>
          </div>
          <section className="card teach-apply" aria-label="Apply to teach">
            <Island name="InstructorApply" component={InstructorApply} props={{}} hydrate="load" />
            <noscript>
              <p className="form-error">The application form needs JavaScript. Please enable it, or write to us.</p>
            </noscript>
          </section>
        </div>
      </div>
    </SiteLayout>
  );
}
