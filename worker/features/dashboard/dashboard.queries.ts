import { sql, type SQL } from 'drizzle-orm';
import { atWallTime, localDate, wallTime } from '#core/time-zone.ts';
import { normalizeGrade, gradeRank } from '#core/syllabus/grades.ts';
import type { ClassRow } from '#db/schema/index.ts';

export const DAY = 86_400_000;

/** `count(case when … then 1 end)` as a number: several figures of one table in one aggregate row. */
export const countWhere = (cond: SQL) => sql<number>`count(case when ${cond} then 1 end)`.mapWith(Number);
export const sumWhere = (value: SQL, cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then ${value} end), 0)`.mapWith(Number);

/** The school's calendar month of `now`: its first instant, the next month's, and its weeks (Monday to Sunday, clipped to the month). */
export function monthWeeks(now: number, zone: string) {
  const { y, month } = localDate(0, now, zone);
  const days = new Date(Date.UTC(y, month, 0)).getUTCDate();
  const start = atWallTime(y, month, 1, 0, 0, zone).getTime();
  const next = month === 12 ? atWallTime(y + 1, 1, 1, 0, 0, zone) : atWallTime(y, month + 1, 1, 0, 0, zone);
  const bounds = [start];
  for (let day = 2; day <= days; day++) {
    if (new Date(Date.UTC(y, month - 1, day)).getUTCDay() === 1) bounds.push(atWallTime(y, month, day, 0, 0, zone).getTime());
  }
  bounds.push(next.getTime());
  const weeks = bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1]! }));
  return { month: `${y}-${String(month).padStart(2, '0')}`, start, end: next.getTime(), weeks };
}

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The next `limit` sessions of the weekly timetable from `now` (a class today counts until it starts), as instants in the school's zone. */
export function nextSessions(rows: readonly ClassRow[], now: number, limit: number, zone: string) {
  const today = localDate(0, now, zone);
  const weekday = new Date(Date.UTC(today.y, today.month - 1, today.day)).getUTCDay();
  const clock = minutesOf(wallTime(now, zone).slice(11));
  return rows
    .map((row) => {
      let ahead = (row.dayOfWeek - weekday + 7) % 7;
      if (ahead === 0 && minutesOf(row.startTime) <= clock) ahead = 7;
      return { row, ahead };
    })
    .sort((a, b) => a.ahead - b.ahead || a.row.startTime.localeCompare(b.row.startTime))
    .slice(0, limit)
    .map(({ row, ahead }) => sessionView(row, ahead, now, zone));
}

/** Today's classes of the timetable, in the order of the day. */
export function todaysSessions(rows: readonly ClassRow[], now: number, zone: string) {
  const today = localDate(0, now, zone);
  const weekday = new Date(Date.UTC(today.y, today.month - 1, today.day)).getUTCDay();
  return rows
    .filter((r) => r.dayOfWeek === weekday)
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((row) => sessionView(row, 0, now, zone));
}

function sessionView(row: ClassRow, ahead: number, now: number, zone: string) {
  const { y, month, day } = localDate(ahead, now, zone);
  const at = (hhmm: string) => atWallTime(y, month, day, Math.floor(minutesOf(hhmm) / 60), minutesOf(hhmm) % 60, zone).toISOString();
  return {
    _id: row.id,
    title: row.title,
    startsAt: at(row.startTime),
    endsAt: at(row.endTime),
    instructorName: row.instructorName ?? '',
    location: row.location ?? '',
    level: row.level,
  };
}

/** Profiles hold grades as people typed them: counts per raw value folded into the grade list's spelling, in teaching order. */
export function byGrade(rows: readonly { grade: unknown; n: number }[]) {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const grade = normalizeGrade(r.grade) || 'none';
    counts.set(grade, (counts.get(grade) ?? 0) + r.n);
  }
  return [...counts.entries()]
    .map(([grade, count]) => ({ grade, count }))
    .sort((a, b) => (a.grade === 'none' ? 1 : b.grade === 'none' ? -1 : gradeRank(a.grade) - gradeRank(b.grade)));
}
