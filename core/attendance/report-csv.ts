import type { AttendanceReport } from '#core/attendance/reports.ts';
import type { ReportKind } from '#core/attendance/report-query.ts';
import { DAY_NAMES } from '#core/catalog/catalog-options.ts';
import { toCsv } from '#core/csv.ts';
import { wallTime } from '#core/time-zone.ts';

/** "2026-03-02 18:00" on the school's clock: what a spreadsheet reads as a date and time. */
const schoolStamp = (iso: string | null, zone: string) => (iso ? wallTime(iso, zone).replace('T', ' ') : null);
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 10_000) / 100);

/** One report of the set as a CSV file: a header row in words, dates and times on the school's clock. */
export function reportCsv(report: AttendanceReport, kind: ReportKind, zone: string): string {
  if (kind === 'class')
    return toCsv(
      ['Class', 'Day', 'Time', 'Sessions', 'Booked', 'Attended', 'Late', 'No-shows', 'Attendance rate (%)'],
      report.byClass.map((r) => [
        r.title,
        r.dayOfWeek === null ? null : DAY_NAMES[r.dayOfWeek],
        r.startTime,
        r.sessions,
        r.booked,
        r.attended,
        r.late,
        r.noShows,
        percent(r.rate),
      ]),
    );
  if (kind === 'student')
    return toCsv(
      ['Name', 'Attended', 'Late', 'Absent', 'No-shows', 'Late cancels', 'Last attended'],
      report.byStudent.map((r) => [r.name, r.attended, r.late, r.absent, r.noShows, r.lateCancels, schoolStamp(r.lastAttendedAt, zone)]),
    );
  return toCsv(
    ['Date', 'Class', 'Name'],
    report.noShows.map((r) => [schoolStamp(r.startsAt, zone), r.title, r.name]),
  );
}
