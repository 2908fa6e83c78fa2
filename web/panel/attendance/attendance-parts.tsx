import { useEffect, useState } from 'react';
import type { StatusCounts } from '#core/attendance/effective.ts';
import type { AttendanceMethod } from '#core/attendance/kinds.ts';
import type { AttendanceRowView, EffectiveKind, PersonAttendanceView } from '#core/attendance/views.ts';
import { useSchoolZone, SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { DataTable, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { lastMonths, monthsRange, readAttendance } from './attendance-api.ts';

export const STATUS_LABELS: Record<EffectiveKind, string> = { present: 'Present', late: 'Late', excused: 'Excused', absent: 'Absent' };
export const METHOD_LABELS: Record<AttendanceMethod, string> = {
  roster: 'Instructor’s roster',
  kiosk_qr: 'Kiosk (QR code)',
  kiosk_pin: 'Kiosk (PIN)',
  admin: 'Staff correction',
};

const MONTHS = 12;

/** A person's attendance over the last 12 calendar months of the school: the caller's own (userId null) or, for staff, anyone's. */
export function useAttendance(userId: string | null, forUserId: string | null = null) {
  const zone = useSchoolZone();
  const [months] = useState(() => lastMonths(MONTHS, zone));
  const [data, setData] = useState<PersonAttendanceView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const ctl = new AbortController();
    readAttendance(userId, monthsRange(months, zone), ctl.signal, forUserId).then(
      (body) => {
        setData(body.data ?? null);
        setError('');
      },
      (err) => {
        if (!ctl.signal.aborted) setError(errorMessage(err));
      },
    );
    return () => ctl.abort();
  }, [userId, forUserId, months, zone]);
  return { months, data, error };
}

/** Attended, late, excused and absent over the whole range. */
export function totalsOf(byMonth: Record<string, StatusCounts>) {
  const t = { attended: 0, present: 0, late: 0, excused: 0, absent: 0 };
  for (const c of Object.values(byMonth)) for (const k of Object.keys(t) as (keyof typeof t)[]) t[k] += c[k];
  return t;
}

export function AttendanceTotals({ byMonth }: { byMonth: Record<string, StatusCounts> }) {
  const t = totalsOf(byMonth);
  const figure = (label: string, value: number, hint?: string) => (
    <div className="attendance-figure">
      <dt>{label}</dt>
      <dd>
        {value}
        {hint && <span className="muted"> {hint}</span>}
      </dd>
    </div>
  );
  return (
    <dl className="attendance-figures">
      {figure('Classes attended', t.attended, t.late ? `(${t.late} late)` : undefined)}
      {figure('Excused', t.excused)}
      {figure('Absent', t.absent)}
    </dl>
  );
}

export function ClassCounts({ id, data }: { id: string; data: PersonAttendanceView }) {
  const entries = Object.entries(data.counts.byClass).sort(
    (a, b) => b[1].attended - a[1].attended || (data.classes[a[0]] ?? '').localeCompare(data.classes[b[0]] ?? ''),
  );
  if (!entries.length) return null;
  return (
    <DataTable id={id} caption="Attendance per class" busy={false}>
      <TableHead columns={['Class', numberColumn('Attended'), numberColumn('Late'), numberColumn('Excused'), numberColumn('Absent')]} />
      <tbody>
        {entries.map(([key, c]) => (
          <tr key={key}>
            <th scope="row">{data.classes[key] ?? key}</th>
            <td data-label="Attended" className="cell-number">
              {c.attended}
            </td>
            <td data-label="Late" className="cell-number">
              {c.late}
            </td>
            <td data-label="Excused" className="cell-number">
              {c.excused}
            </td>
            <td data-label="Absent" className="cell-number">
              {c.absent}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function StatusBadge({ status }: { status: EffectiveKind }) {
  return <span className={`badge attendance-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** The newest `limit` rows: when, which class, the status and how it was recorded. */
export function RecentClasses({ id, rows, limit }: { id: string; rows: readonly AttendanceRowView[]; limit: number }) {
  const shown = rows.slice(0, limit);
  return (
    <>
      <DataTable id={id} caption="Recent classes" busy={false}>
        <TableHead columns={['Date', 'Class', 'Status', 'Recorded by']} />
        <tbody>
          {shown.map((r) => (
            <tr key={r.sessionId}>
              <th scope="row">
                <SchoolTime iso={r.startsAt} />
              </th>
              <td data-label="Class">{r.title}</td>
              <td data-label="Status">
                <StatusBadge status={r.status} />
              </td>
              <td data-label="Recorded by">{METHOD_LABELS[r.method]}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {rows.length > shown.length && (
        <p className="muted">
          The newest {shown.length} of {rows.length}.
        </p>
      )}
    </>
  );
}
