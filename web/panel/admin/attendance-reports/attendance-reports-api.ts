import { reportFileName, type ReportKind } from '#core/attendance/report-query.ts';
import { addDays, type AttendanceReport } from '#core/attendance/reports.ts';
import type { Option } from '#web/components/form-kit.tsx';
import { localDay } from '#web/components/format.ts';
import { api, apiUrl } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-panel-download.ts';

/** What the screen asks for: school days, both counted, and one class ('' = all). */
export type ReportRange = { from: string; to: string; classId: string };

/** The last four weeks up to today on the school's clock. */
export function lastFourWeeks(zone: string, now = new Date()): ReportRange {
  const to = localDay(now, zone);
  return { from: addDays(to, -27), to, classId: '' };
}

/** GET /api/attendance/reports (worker/features/attendance-reports). */
export async function readReport(q: ReportRange, signal: AbortSignal): Promise<AttendanceReport> {
  const body = await api<AttendanceReport>('/attendance/reports', { query: q, signal, fallback: 'Failed to load the attendance reports' });
  return body.data as AttendanceReport;
}

/** The school's classes (inactive ones too, for an admin) as filter options. */
export async function readClassOptions(signal: AbortSignal): Promise<Option[]> {
  const body = await api<{ _id: string; title: string }[]>('/classes', {
    query: { limit: 200 },
    signal,
    fallback: 'Failed to fetch classes',
  });
  return (body.data ?? []).map((c) => ({ value: c._id, label: c.title })).sort((a, b) => a.label.localeCompare(b.label));
}

/** One report as a CSV file, fetched with the session (the API reads who asks from the Authorization header). */
export const downloadReport = (report: ReportKind, q: ReportRange) =>
  openDocument(apiUrl('/attendance/reports.csv', { report, ...q }), reportFileName(report, q.from, q.to));

/** 0.8333 → "83.3%"; no rate → "–". */
export const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);
