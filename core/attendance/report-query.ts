import { z } from 'zod';
import { firstOf, isBlank } from '#core/fields.ts';
import { daysSpanned } from '#core/attendance/reports.ts';

/** What the attendance reports take (issue 24 §6): a range of school days, both counted, and one class or all. */

export const REPORT_KINDS = ['class', 'student', 'no-shows'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const MAX_REPORT_DAYS = 366;

export const REPORT_MESSAGES = {
  tooLong: `The report range may be at most ${MAX_REPORT_DAYS} days`,
  backwards: 'to must be on or after from',
  reportInvalid: `report must be one of: ${REPORT_KINDS.join(', ')}`,
} as const;

const DATE = /^(\d{4})-\d{2}-\d{2}$/;
/** A real calendar day (2026-02-30 is not) in the years the product keeps. */
const isDay = (s: string) => {
  const year = Number(DATE.exec(s)?.[1]);
  return year >= 2000 && year <= 2100 && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
};

const day = (label: string) =>
  firstOf(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .refine(isDay, `${label} must be a date (YYYY-MM-DD)`),
  );

const shape = {
  from: day('from'),
  to: day('to'),
  classId: firstOf(
    z.preprocess((v) => (isBlank(v) ? undefined : v), z.string({ error: 'classId must be text' }).trim().max(64).optional()),
  ),
};

type Range = { from: string; to: string };
function checkRange(q: Range, ctx: z.core.$RefinementCtx<Range>) {
  if (!isDay(q.from) || !isDay(q.to)) return; // zod runs object checks after a field's own failure too
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.backwards });
  else if (daysSpanned(q.from, q.to) > MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
}

/** GET /api/attendance/reports */
export const ReportQuery = z.object(shape).superRefine(checkRange);
export type ReportQueryInput = z.output<typeof ReportQuery>;

/** GET /api/attendance/reports.csv: the same, and which report. */
export const ReportCsvQuery = z
  .object({ ...shape, report: firstOf(z.enum(REPORT_KINDS, { error: REPORT_MESSAGES.reportInvalid })) })
  .superRefine(checkRange);
export type ReportCsvQueryInput = z.output<typeof ReportCsvQuery>;

/** The download's name, e.g. attendance-class-2026-03-01-2026-03-28.csv (the server's header and the browser agree). */
export const reportFileName = (report: ReportKind, from: string, to: string) => `attendance-${report}-${from}-${to}.csv`;
