import { BeltsCard } from './belts-card.tsx';
import type { HomeProps } from './homes.ts';
import { readHome, type GrandMasterHomeData } from './home-api.ts';
import { Card, Empty, Figure, Figures, GradeBars, Pending, useRead } from './home-parts.tsx';
import { WaitingFigures } from './waiting-figures.tsx';

/** The grand master's school: its people, its grades, and the requests waiting for a decision. */
export default function GrandMasterHome({ panel, user }: HomeProps) {
  const { data, error, retry } = useRead((signal) => readHome<GrandMasterHomeData>('grand-master', signal));
  const base = panel.base;
  if (!data) return <Pending error={error} retry={retry} label="the school overview" />;
  const o = data.overview;
  const waiting = data.waiting.courseEnrollments + data.waiting.membershipEnrollments + data.waiting.instructorApplications;
  return (
    <div className="home" data-home={panel.key}>
      <Figures label="The school">
        <Figure value={o.students} label="students" href="/admin/users" />
        <Figure value={o.members} label="members" href="/admin/users" />
        <Figure value={o.instructors} label="instructors" href={`${base}/instructor-applications`} />
        <Figure value={o.activeMemberships} label="active memberships" href={`${base}/membership-enrollments`} />
      </Figures>
      <div className="home-grid">
        <Card id="waiting" title="Waiting for a decision">
          {waiting ? (
            <WaitingFigures base={base} waiting={data.waiting} />
          ) : (
            <Empty>Nothing is waiting: every enrolment and application has been decided.</Empty>
          )}
        </Card>
        <Card id="grades" title="Students by grade">
          <GradeBars grades={data.studentsByGrade} />
        </Card>
        <BeltsCard base={base} userId={user._id} />
      </div>
    </div>
  );
}
