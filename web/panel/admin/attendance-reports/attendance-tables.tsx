import type { ClassRow, NoShowRow, StudentRow } from '#core/attendance/reports.ts';
import { DAY_NAMES } from '#core/catalog/catalog-options.ts';
import { clockLabel } from '#web/components/format.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { DataTable, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { percent } from './attendance-reports-api.ts';

const Num = ({ label, value }: { label: string; value: number | string }) => (
  <td className="cell-number" data-label={label}>
    {value}
  </td>
);

/** Sessions, booked places, attendance and no-shows per class. */
export function ClassTable({ rows }: { rows: readonly ClassRow[] }) {
  return (
    <DataTable id="attendance-by-class" caption="Attendance by class" busy={false} className="data-table attendance-table">
      <TableHead
        columns={[
          'Class',
          numberColumn('Sessions'),
          numberColumn('Booked'),
          numberColumn('Attended'),
          numberColumn('Late'),
          numberColumn('No-shows'),
          numberColumn('Rate'),
        ]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.classId ?? `one-off ${r.title}`}>
            <th scope="row">
              {r.title}
              {r.dayOfWeek !== null && r.startTime && (
                <span className="cell-note">
                  {DAY_NAMES[r.dayOfWeek]} {clockLabel(r.startTime)}
                </span>
              )}
            </th>
            <Num label="Sessions" value={r.sessions} />
            <Num label="Booked" value={r.booked} />
            <Num label="Attended" value={r.attended} />
            <Num label="Late" value={r.late} />
            <Num label="No-shows" value={r.noShows} />
            <Num label="Rate" value={percent(r.rate)} />
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** Each person who booked or came: attendance, absences, no-shows, late cancels, last time they trained. */
export function StudentTable({ rows, usersBase }: { rows: readonly StudentRow[]; usersBase: string }) {
  return (
    <DataTable id="attendance-by-student" caption="Attendance by student" busy={false} className="data-table attendance-table">
      <TableHead
        columns={[
          'Name',
          numberColumn('Attended'),
          numberColumn('Late'),
          numberColumn('Absent'),
          numberColumn('No-shows'),
          numberColumn('Late cancels'),
          'Last attended',
        ]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.userId}>
            <th scope="row">
              <PanelLink href={`${usersBase}/${encodeURIComponent(r.userId)}`}>{r.name || 'Unnamed'}</PanelLink>
            </th>
            <Num label="Attended" value={r.attended} />
            <Num label="Late" value={r.late} />
            <Num label="Absent" value={r.absent} />
            <Num label="No-shows" value={r.noShows} />
            <Num label="Late cancels" value={r.lateCancels} />
            <td data-label="Last attended">{r.lastAttendedAt ? <SchoolTime iso={r.lastAttendedAt} show="shortDate" /> : '–'}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** Booked places nobody came to, newest first. */
export function NoShowTable({ rows }: { rows: readonly NoShowRow[] }) {
  return (
    <DataTable id="attendance-no-shows" caption="No-shows" busy={false} className="data-table attendance-table">
      <TableHead columns={['Session', 'When', 'Name']} />
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.sessionId} ${r.userId}`}>
            <th scope="row">{r.title}</th>
            <td data-label="When">
              <SchoolTime iso={r.startsAt} />
            </td>
            <td data-label="Name">{r.name || 'Unnamed'}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
