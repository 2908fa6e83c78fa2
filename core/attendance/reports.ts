import { effectiveStatus, type EffectiveStatus, type LedgerEvent } from '#core/attendance/effective.ts';
import { atWallTime, calendarDay } from '#core/time-zone.ts';

/**
 * The school's attendance reports (issue 24 §6): per class, per student, the no-shows and a weekly
 * attended-vs-booked series, from the sessions of a range with their bookings and ledger events.
 * A no-show is a booked place in a session that is over with no effective present, late or excused.
 */

export type ReportSession = { id: string; classId: string | null; title: string; startsAt: Date; endsAt: Date };
export type ReportBooking = { sessionId: string; userId: string; status: 'booked' | 'waitlisted' | 'cancelled'; lateCancel: boolean };
export type ReportEvent = LedgerEvent & { sessionId: string; userId: string };

/** A class as it is now: its title and weekly slot (0 = Sunday, 'HH:MM'), which tell two classes of one name apart. */
export type ReportClass = { title: string; dayOfWeek: number; startTime: string };

export type ClassRow = {
  classId: string | null;
  title: string;
  /** The class's weekly slot; null for one-off sessions without a class. */
  dayOfWeek: number | null;
  startTime: string | null;
  sessions: number;
  booked: number;
  attended: number;
  late: number;
  noShows: number;
  /** Attended share of the booked places in sessions that are over (0–1, 4 decimals); null with none. */
  rate: number | null;
};
export type StudentRow = {
  userId: string;
  name: string;
  attended: number;
  late: number;
  absent: number;
  noShows: number;
  lateCancels: number;
  lastAttendedAt: string | null;
};
export type NoShowRow = { userId: string; name: string; sessionId: string; title: string; startsAt: string };
export type WeekRow = { week: string; attended: number; booked: number };
export type AttendanceReport = { byClass: ClassRow[]; byStudent: StudentRow[]; noShows: NoShowRow[]; byWeek: WeekRow[] };

/** A calendar day `YYYY-MM-DD`, kept as UTC midnight for date arithmetic only. */
const DAY_MS = 86_400_000;
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dayOf(dayMs(date) + days * DAY_MS);
/** Days from `from` to `to`, both counted. */
export const daysSpanned = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
/** The Monday on or before a calendar day. */
export const mondayOf = (date: string) => addDays(date, -((new Date(dayMs(date)).getUTCDay() + 6) % 7));

/** The instants a range of school days covers: from the first day's midnight to the midnight after the last. */
export function rangeInstants(from: string, to: string, zone: string): { start: Date; end: Date } {
  const at = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return atWallTime(y, m, d, 0, 0, zone);
  };
  return { start: at(from), end: at(addDays(to, 1)) };
}

/** Every Monday from the range's first week to its last, so a chart shows the empty weeks too. */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let w = mondayOf(from); w <= to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

const ATTENDED: readonly EffectiveStatus[] = ['present', 'late'];
const SHOWED: readonly EffectiveStatus[] = ['present', 'late', 'excused'];
const rateOf = (attended: number, expected: number) => (expected ? Math.round((attended / expected) * 10_000) / 10_000 : null);

type Input = {
  sessions: readonly ReportSession[];
  bookings: readonly ReportBooking[];
  events: readonly ReportEvent[];
  names: ReadonlyMap<string, string>;
  /** Class id → the class now (a session keeps the title it had when made). */
  classes: ReadonlyMap<string, ReportClass>;
  from: string;
  to: string;
  zone: string;
  nowMs: number;
};

/** The four reports over the sessions of the range (sessions outside it, and their rows, are ignored). */
export function attendanceReport({
  sessions,
  bookings,
  events,
  names,
  classes: classInfo,
  from,
  to,
  zone,
  nowMs,
}: Input): AttendanceReport {
  const { start, end } = rangeInstants(from, to, zone);
  const inRange = new Map(sessions.filter((s) => s.startsAt >= start && s.startsAt < end).map((s) => [s.id, s]));
  const key = (sessionId: string, userId: string) => `${sessionId} ${userId}`;

  const ledgers = new Map<string, ReportEvent[]>();
  for (const e of events) {
    if (!inRange.has(e.sessionId)) continue;
    const k = key(e.sessionId, e.userId);
    const ledger = ledgers.get(k);
    if (ledger) ledger.push(e);
    else ledgers.set(k, [e]);
  }
  const status = new Map<string, { sessionId: string; userId: string; status: EffectiveStatus }>();
  for (const [k, ledger] of ledgers) {
    const s = effectiveStatus(ledger);
    if (s) status.set(k, { sessionId: ledger[0]!.sessionId, userId: ledger[0]!.userId, status: s });
  }

  const classes = new Map<string, ClassRow & { ended: number; endedAttended: number }>();
  const students = new Map<string, StudentRow & { lastMs: number }>();
  const weeks = new Map(weeksOf(from, to).map((week) => [week, { week, attended: 0, booked: 0 }]));
  const noShows: (NoShowRow & { ms: number })[] = [];

  const groupOf = (s: ReportSession) => {
    const k = s.classId ?? `one-off ${s.title}`;
    let row = classes.get(k);
    if (!row) {
      const info = s.classId ? classInfo.get(s.classId) : undefined;
      row = {
        classId: s.classId,
        title: info?.title || s.title,
        dayOfWeek: info?.dayOfWeek ?? null,
        startTime: info?.startTime ?? null,
        sessions: 0,
        booked: 0,
        attended: 0,
        late: 0,
        noShows: 0,
        rate: null,
        ended: 0,
        endedAttended: 0,
      };
      classes.set(k, row);
    }
    return row;
  };
  const studentOf = (userId: string) => {
    let row = students.get(userId);
    if (!row) {
      row = {
        userId,
        name: names.get(userId) ?? '',
        attended: 0,
        late: 0,
        absent: 0,
        noShows: 0,
        lateCancels: 0,
        lastAttendedAt: null,
        lastMs: -1,
      };
      students.set(userId, row);
    }
    return row;
  };
  const weekOf = (s: ReportSession) => weeks.get(mondayOf(calendarDay(s.startsAt, zone)));

  for (const s of inRange.values()) groupOf(s).sessions += 1;

  for (const { sessionId, userId, status: st } of status.values()) {
    const s = inRange.get(sessionId)!;
    if (st === 'absent') studentOf(userId).absent += 1;
    if (!ATTENDED.includes(st)) continue;
    const student = studentOf(userId);
    const group = groupOf(s);
    group.attended += 1;
    student.attended += 1;
    if (st === 'late') {
      group.late += 1;
      student.late += 1;
    }
    if (s.startsAt.getTime() > student.lastMs) {
      student.lastMs = s.startsAt.getTime();
      student.lastAttendedAt = s.startsAt.toISOString();
    }
    const week = weekOf(s);
    if (week) week.attended += 1;
  }

  for (const b of bookings) {
    const s = inRange.get(b.sessionId);
    if (!s) continue;
    if (b.status === 'cancelled') {
      if (b.lateCancel) studentOf(b.userId).lateCancels += 1;
      continue;
    }
    if (b.status !== 'booked') continue;
    const group = groupOf(s);
    const student = studentOf(b.userId);
    group.booked += 1;
    const week = weekOf(s);
    if (week) week.booked += 1;
    if (s.endsAt.getTime() > nowMs) continue;
    const st = status.get(key(s.id, b.userId))?.status;
    group.ended += 1;
    if (st && ATTENDED.includes(st)) group.endedAttended += 1;
    if (st && SHOWED.includes(st)) continue;
    group.noShows += 1;
    student.noShows += 1;
    noShows.push({
      userId: b.userId,
      name: student.name,
      sessionId: s.id,
      title: s.title,
      startsAt: s.startsAt.toISOString(),
      ms: s.startsAt.getTime(),
    });
  }

  const byName = <T extends { name: string }>(a: T, b: T, idA: string, idB: string) =>
    a.name.localeCompare(b.name) || idA.localeCompare(idB);
  return {
    byClass: [...classes.values()]
      .map(({ ended, endedAttended, ...row }) => ({ ...row, rate: rateOf(endedAttended, ended) }))
      .sort(
        (a, b) =>
          a.title.localeCompare(b.title) ||
          (a.dayOfWeek ?? 7) - (b.dayOfWeek ?? 7) ||
          String(a.startTime).localeCompare(String(b.startTime)) ||
          String(a.classId).localeCompare(String(b.classId)),
      ),
    byStudent: [...students.values()].map(({ lastMs: _, ...row }) => row).sort((a, b) => byName(a, b, a.userId, b.userId)),
    noShows: noShows.sort((a, b) => b.ms - a.ms || byName(a, b, a.userId, b.userId)).map(({ ms: _, ...row }) => row),
    byWeek: [...weeks.values()],
  };
}
