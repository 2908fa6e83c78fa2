import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ReportQuery, type ReportKind } from '#core/attendance/report-query.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { DateRange } from '#web/panel/admin/orders/order-parts.tsx';
import { Pending, useRead } from '#web/panel/homes/home-parts.tsx';
import { ListFilters } from '#web/panel/resource/list-kit.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { AttendanceChart } from './attendance-chart.tsx';
import { downloadReport, lastFourWeeks, readClassOptions, readReport, type ReportRange } from './attendance-reports-api.ts';
import { ClassTable, NoShowTable, StudentTable } from './attendance-tables.tsx';

/** A report's heading, its "Download CSV" button (named for the report) and what went wrong downloading it. */
function ReportSection({
  id,
  title,
  report,
  range,
  children,
}: {
  id: string;
  title: string;
  report: ReportKind;
  range: ReportRange;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function download() {
    setBusy(true);
    setError('');
    try {
      await downloadReport(report, range);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="attendance-report" aria-labelledby={id}>
      <div className="attendance-report-head">
        <h2 id={id}>{title}</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={download} disabled={busy} data-report={report}>
          {busy ? 'Preparing…' : 'Download CSV'}
          <span className="visually-hidden"> ({title.toLowerCase()})</span>
        </button>
      </div>
      <FormAlert message={error} />
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="empty-state">{children}</p>;

/** The figures of one range; mounted afresh (keyed by the range) for each new one, so a new range shows loading. */
function ReportView({ range, usersBase, setLoaded }: { range: ReportRange; usersBase: string; setLoaded: (loaded: boolean) => void }) {
  const { data, error, retry } = useRead((signal) => readReport(range, signal));
  useEffect(() => setLoaded(data !== null), [data, setLoaded]);
  if (!data) return <Pending error={error} retry={retry} label="the attendance reports" />;
  return (
    <div className="attendance-reports-body">
      <section className="attendance-report" aria-labelledby="attendance-weeks">
        <h2 id="attendance-weeks">Attended and booked by week</h2>
        <AttendanceChart weeks={data.byWeek} />
      </section>
      <ReportSection id="attendance-classes" title="By class" report="class" range={range}>
        {data.byClass.length ? <ClassTable rows={data.byClass} /> : <Empty>No sessions in this range.</Empty>}
      </ReportSection>
      <ReportSection id="attendance-students" title="By student" report="student" range={range}>
        {data.byStudent.length ? (
          <StudentTable rows={data.byStudent} usersBase={usersBase} />
        ) : (
          <Empty>Nobody booked or attended in this range.</Empty>
        )}
      </ReportSection>
      <ReportSection id="attendance-no-shows-title" title="No-shows" report="no-shows" range={range}>
        {data.noShows.length ? <NoShowTable rows={data.noShows} /> : <Empty>No no-shows in this range.</Empty>}
      </ReportSection>
    </div>
  );
}

/** The school's attendance over a range of days: a weekly chart, per class, per student and the no-shows, each as a CSV too. */
export default function AttendanceReportsScreen({ panel }: PanelScreenProps) {
  const zone = useSchoolZone();
  const [range, setRange] = useState(() => lastFourWeeks(zone));
  const [error, setError] = useState('');
  const [loaded, setLoaded] = useState(false);
  const classes = useRead(readClassOptions);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? ''), classId: String(form.get('classId') ?? '') };
    const checked = ReportQuery.safeParse(next);
    setError(checked.success ? '' : (checked.error.issues[0]?.message ?? ''));
    if (checked.success) setRange(next);
  }

  return (
    <div className="panel-screen attendance-reports" data-ready={loaded ? '' : undefined}>
      <h1>Attendance</h1>
      <p className="muted">
        Sessions by the day they start on the school's clock. Attended counts present and late, walk-ins included; a no-show is a booked
        place in a session that is over with nobody marked present, late or excused.
      </p>
      <FormAlert message={classes.error} />
      <ListFilters label="Report range and class" onSubmit={onSubmit} search={false} submit="Show">
        <DateRange id="attendance-range" label="Sessions" from={range.from} to={range.to} error={error} />
        <SelectField
          id="attendance-class"
          name="classId"
          label="Class"
          allLabel="All classes"
          options={classes.data ?? []}
          defaultValue={range.classId}
        />
      </ListFilters>
      <ReportView
        key={`${range.from} ${range.to} ${range.classId}`}
        range={range}
        usersBase={`${panel.base}/users`}
        setLoaded={setLoaded}
      />
    </div>
  );
}
