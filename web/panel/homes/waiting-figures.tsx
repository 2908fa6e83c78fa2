import type { Waiting } from './home-api.ts';
import { Figure, Figures } from './home-parts.tsx';

/** The three approval queues, each a link to the screen that decides them. */
export function WaitingFigures({ base, waiting }: { base: string; waiting: Waiting }) {
  return (
    <Figures label="Approvals waiting">
      <Figure
        value={waiting.courseEnrollments}
        label="course enrolments"
        href={`${base}/course-enrollments`}
        urgent={waiting.courseEnrollments > 0}
      />
      <Figure
        value={waiting.membershipEnrollments}
        label="membership enrolments"
        href={`${base}/membership-enrollments`}
        urgent={waiting.membershipEnrollments > 0}
      />
      <Figure
        value={waiting.instructorApplications}
        label="instructor applications"
        href={`${base}/instructor-applications`}
        urgent={waiting.instructorApplications > 0}
      />
    </Figures>
  );
}
