import { atWallTime, calendarDay, localDate, wallTime } from '#core/time-zone.ts';

const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export type WeeklyClass = { id: string; dayOfWeek: number; startTime: string; endTime: string };
export type Occurrence = { classId: string; startsAt: Date; endsAt: Date };
export type ExistingSession = Occurrence & { id: string; bookedCount: number; status: 'scheduled' | 'cancelled' };
export type SessionPlan = {
  create: Occurrence[];
  update: { id: string; startsAt: Date; endsAt: Date }[];
  keep: { id: string; reason: 'booked' }[];
  remove: string[];
};

/** A class's 'HH:MM' (00:00–23:59) as hour and minute; anything else throws. */
export function parseWallTime(text: string): { hour: number; minute: number } {
  const m = WALL_TIME.exec(text);
  if (!m) throw new Error(`Invalid time "${text}": expected HH:MM between 00:00 and 23:59`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** The unique key of a session in the database: one session per class and start. */
export function sessionKey(classId: string, startsAt: Date): string {
  return `${classId}@${startsAt.toISOString()}`;
}

const minutesOf = (t: { hour: number; minute: number }) => t.hour * 60 + t.minute;

type LocalDay = { y: number; month: number; day: number };

function occurrenceOn(date: LocalDay, klass: WeeklyClass, zone: string): Occurrence {
  const start = parseWallTime(klass.startTime);
  const end = parseWallTime(klass.endTime);
  const startsAt = atWallTime(date.y, date.month, date.day, start.hour, start.minute, zone);
  let endsAt = atWallTime(date.y, date.month, date.day, end.hour, end.minute, zone);
  // A start in a spring-forward gap moves an hour later and can pass the end (02:30–03:15): keep the length.
  if (endsAt <= startsAt) endsAt = new Date(startsAt.getTime() + (minutesOf(end) - minutesOf(start)) * 60_000);
  return { classId: klass.id, startsAt, endsAt };
}

/** The instant `days` school-calendar days after `fromMs` at the same wall time (not always days × 24 h). */
function sameWallTimeLater(fromMs: number, days: number, zone: string): number {
  const d = localDate(days, fromMs, zone);
  const { hour, minute } = parseWallTime(wallTime(fromMs, zone).slice(11));
  return atWallTime(d.y, d.month, d.day, hour, minute, zone).getTime() + (fromMs % 60_000);
}

/** Where occurrencesOf's window ends: the same wall time `weeks` weeks after `fromMs` (the sessions to plan against end there too). */
export const windowEnd = (fromMs: number, weeks: number, zone: string): number => sameWallTimeLater(fromMs, weeks * 7, zone);

/**
 * Every occurrence of a weekly class starting in [fromMs, the same wall time `weeks` weeks later), the
 * wall times read in `zone`, so 18:00 stays 18:00 across DST changes; `weeks` weeks give `weeks` occurrences.
 */
export function occurrencesOf(klass: WeeklyClass, fromMs: number, weeks: number, zone: string): Occurrence[] {
  parseWallTime(klass.startTime);
  parseWallTime(klass.endTime);
  if (!Number.isInteger(klass.dayOfWeek) || klass.dayOfWeek < 0 || klass.dayOfWeek > 6) {
    throw new Error(`Invalid dayOfWeek ${klass.dayOfWeek}: expected 0 (Sunday) to 6 (Saturday)`);
  }
  const untilMs = sameWallTimeLater(fromMs, weeks * 7, zone);
  const found: Occurrence[] = [];
  for (let days = 0; days <= weeks * 7; days++) {
    const date = localDate(days, fromMs, zone);
    if (new Date(Date.UTC(date.y, date.month - 1, date.day)).getUTCDay() !== klass.dayOfWeek) continue;
    const o = occurrenceOn(date, klass, zone);
    if (o.startsAt.getTime() >= fromMs && o.startsAt.getTime() < untilMs) found.push(o);
  }
  return found;
}

const dayKey = (classId: string, at: Date, zone: string) => `${classId}|${calendarDay(at, zone)}`;
const sameTimes = (a: Occurrence, b: Occurrence) =>
  a.startsAt.getTime() === b.startsAt.getTime() && a.endsAt.getTime() === b.endsAt.getTime();

/**
 * What to do so that the future sessions of the classes in `wanted` are `wanted`, matching a session to
 * an occurrence by class and school-local date. `existing` must be the sessions of those classes in the
 * same window (one outside it, unbooked, would be removed). Sessions that started by `nowMs` are never
 * touched, and a past or cancelled session keeps its date from getting a second session; a booked session
 * that no longer matches is left alone and reported, and the wanted one is created beside it.
 * Apply `remove`, then `update`, then `create`: no step then collides on sessionKey.
 */
export function planSessionChanges(existing: ExistingSession[], wanted: Occurrence[], nowMs: number, zone: string): SessionPlan {
  const plan: SessionPlan = { create: [], update: [], keep: [], remove: [] };
  const isFuture = (s: Occurrence) => s.startsAt.getTime() > nowMs;
  const byKey = new Map(existing.map((s) => [sessionKey(s.classId, s.startsAt), s]));
  const used = new Set<ExistingSession>();
  const movable = (s: ExistingSession) => isFuture(s) && s.status === 'scheduled' && s.bookedCount === 0 && !used.has(s);
  const future = [...new Map(wanted.filter(isFuture).map((w) => [sessionKey(w.classId, w.startsAt), w])).values()];

  // Exact matches first, so that a session already right is never moved to make room for another.
  const open = future.filter((w) => {
    const s = byKey.get(sessionKey(w.classId, w.startsAt));
    if (s && sameTimes(s, w)) used.add(s);
    return !(s && sameTimes(s, w));
  });
  for (const w of open) {
    const atStart = byKey.get(sessionKey(w.classId, w.startsAt));
    const sameStart = atStart && !used.has(atStart) ? atStart : undefined;
    const sameDay = existing.filter((s) => !used.has(s) && dayKey(s.classId, s.startsAt, zone) === dayKey(w.classId, w.startsAt, zone));
    const target = sameStart ? (movable(sameStart) ? sameStart : undefined) : sameDay.find(movable);
    if (target) {
      used.add(target);
      plan.update.push({ id: target.id, startsAt: w.startsAt, endsAt: w.endsAt });
    } else if (!sameStart && !sameDay.some((s) => !isFuture(s) || s.status === 'cancelled')) {
      plan.create.push(w);
    }
  }
  for (const s of existing) {
    if (used.has(s) || !isFuture(s) || s.status === 'cancelled') continue;
    if (s.bookedCount > 0) plan.keep.push({ id: s.id, reason: 'booked' });
    else plan.remove.push(s.id);
  }
  return plan;
}
