import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { AttendanceChart } from '#web/panel/attendance/attendance-chart.tsx';
import { AttendanceTotals, ClassCounts, RecentClasses, useAttendance } from '#web/panel/attendance/attendance-parts.tsx';

/** The user page's attendance: the last 12 months' counts, per month and per class, and their recent classes. */
export function UserAttendance({ userId }: { userId: string }) {
  const { months, data, error } = useAttendance(userId);
  return (
    <section
      className="card user-section user-attendance"
      aria-labelledby="user-attendance-title"
      data-state={data ? 'ready' : error ? 'failed' : 'loading'}
    >
      <h2 id="user-attendance-title">
        Attendance <span className="muted">(last 12 months)</span>
      </h2>
      {error ? (
        <FormAlert message={error} />
      ) : !data ? (
        <Loading label="Loading attendance…" />
      ) : data.rows.length === 0 ? (
        <p className="muted">No classes recorded.</p>
      ) : (
        <>
          <AttendanceTotals byMonth={data.counts.byMonth} />
          <AttendanceChart months={months} byMonth={data.counts.byMonth} />
          <h3>Per class</h3>
          <ClassCounts id="user-attendance-classes" data={data} />
          <h3>Recent classes</h3>
          <RecentClasses id="user-attendance-recent" rows={data.rows} limit={10} />
        </>
      )}
    </section>
  );
}
