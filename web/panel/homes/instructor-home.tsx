import { BeltsCard } from './belts-card.tsx';
import type { HomeProps } from './homes.ts';
import { readHome, type InstructorHomeData } from './home-api.ts';
import { Card, Figure, Figures, GradeBars, Pending, useRead } from './home-parts.tsx';
import { MeetingsCard, MessagesCard } from './personal-cards.tsx';
import { SessionList } from './session-list.tsx';

/** An instructor's day: their classes today among the school's (the way to their rosters), the students by grade, meetings and messages. */
export default function InstructorHome({ panel, user }: HomeProps) {
  const { data, error, retry } = useRead((signal) => readHome<InstructorHomeData>('instructor', signal));
  const base = panel.base;
  if (!data) return <Pending error={error} retry={retry} label="your home" />;
  return (
    <div className="home" data-home={panel.key}>
      <Figures label="Today">
        <Figure value={data.mySessionsToday} label="of your classes today" href={`${base}/today`} note="Take attendance" />
        <Figure value={data.classesToday.length} label="classes at the dojo today" href="/classes" />
        <Figure value={data.students} label="students and members" href={`${base}/messages`} />
      </Figures>
      <div className="home-grid">
        <Card id="today" title="Classes today" more={{ href: `${base}/today`, label: 'Rosters and attendance' }}>
          <SessionList
            sessions={data.classesToday}
            mark
            empty="No classes on the timetable today. Enjoy the rest, or plan the next grading with your grand master."
          />
        </Card>
        <Card id="grades" title="Students by grade">
          <GradeBars grades={data.studentsByGrade} />
        </Card>
        <BeltsCard base={base} userId={user._id} />
        <MeetingsCard base={base} />
        <MessagesCard base={base} />
      </div>
    </div>
  );
}
