import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { AttendanceChart } from './attendance-chart.tsx';
import { AttendanceTotals, ClassCounts, RecentClasses, useAttendance } from './attendance-parts.tsx';

/** "My attendance" of the student and member panels: the last 12 months' counts, a bar per month, per class, and the recent classes. */
export default function MyAttendanceScreen(_props: PanelScreenProps) {
  return <PersonAttendance title="My attendance" />;
}

/** The caller's attendance, or (`child`) a guardian's child's, read with `?for=`. */
export function PersonAttendance({ title, child = null }: { title: string; child?: { _id: string; name: string } | null }) {
  const { months, data, error } = useAttendance(null, child?._id ?? null);
  if (!data)
    return (
      <section className="panel-screen" data-state={error ? 'failed' : 'loading'}>
        <h2>{title}</h2>
        {error ? (
          <FormAlert message={error} />
        ) : (
          <Loading label={child ? `Loading ${child.name}’s attendance…` : 'Loading your attendance…'} />
        )}
      </section>
    );
  return (
    <section className="panel-screen attendance-screen" data-ready="">
      <h2>{title}</h2>
      <p className="muted">The last 12 months, from the instructors’ rosters and the dojo’s check-in kiosk.</p>
      {data.rows.length === 0 ? (
        <p>
          No classes recorded yet. <a href="/classes">See the timetable</a>
        </p>
      ) : (
        <>
          <section className="card" aria-labelledby="my-attendance-totals">
            <h3 id="my-attendance-totals">In the last 12 months</h3>
            <AttendanceTotals byMonth={data.counts.byMonth} />
            <AttendanceChart months={months} byMonth={data.counts.byMonth} />
          </section>
          <section className="card" aria-labelledby="my-attendance-classes">
            <h3 id="my-attendance-classes">Per class</h3>
            <ClassCounts id="my-attendance-class-table" data={data} />
          </section>
          <section className="card" aria-labelledby="my-attendance-recent">
            <h3 id="my-attendance-recent">Recent classes</h3>
            <RecentClasses id="my-attendance-recent-table" rows={data.rows} limit={20} />
          </section>
        </>
      )}
    </section>
  );
}
