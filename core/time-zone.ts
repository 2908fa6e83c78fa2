/**
 * The zone of a fresh install until an admin picks the school's own (Settings → time zone). Every
 * date shown goes through the settings' zone; this constant is only its default (and the demo seed's).
 */
export const DEFAULT_SCHOOL_TIME_ZONE = 'America/Vancouver';

const partsOf = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

/** A zone name Intl knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const wallParts = (ms: number, timeZone: string) =>
  Object.fromEntries(
    partsOf(timeZone)
      .formatToParts(ms)
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

/** How far the zone's wall clock is ahead of UTC at instant `ms` (negative west of Greenwich). */
function offsetMs(ms: number, timeZone: string): number {
  const p = wallParts(ms, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallAsUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the clocks of `timeZone` show this date and time. A time the clocks skip (a
 * spring-forward gap) is read with the offset before the gap, so 02:30 becomes 03:30 (as Temporal's
 * "compatible"); a time shown twice (fall back) is the first of the two.
 */
export function atWallTime(y: number, month: number, day: number, hour: number, minute: number, timeZone = DEFAULT_SCHOOL_TIME_ZONE): Date {
  const wall = Date.UTC(y, month - 1, day, hour, minute);
  const before = offsetMs(wall - 86_400_000, timeZone);
  const after = offsetMs(wall + 86_400_000, timeZone);
  // The larger offset is the earlier instant: in an overlap both fit and the first one wins.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = wall - offset;
    if (offsetMs(candidate, timeZone) === offset) return new Date(candidate);
  }
  return new Date(wall - before);
}

/** Today's calendar date in `timeZone`, `days` later: what a person there would call that day. */
export function localDate(days: number, now = Date.now(), timeZone = DEFAULT_SCHOOL_TIME_ZONE): { y: number; month: number; day: number } {
  const p = wallParts(now, timeZone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return { y: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** When `now`'s calendar day in `timeZone` starts and ends: its midnight and the next (23 or 25 hours apart across a DST change). */
export function schoolDay(now = Date.now(), timeZone = DEFAULT_SCHOOL_TIME_ZONE): { start: Date; end: Date } {
  const midnight = (days: number) => {
    const d = localDate(days, now, timeZone);
    return atWallTime(d.y, d.month, d.day, 0, 0, timeZone);
  };
  return { start: midnight(0), end: midnight(1) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as a `datetime-local` value ("2026-12-01T18:30") on the clocks of `timeZone`: atWallTime's inverse. */
export function wallTime(instant: Date | string | number, timeZone: string): string {
  const p = wallParts(new Date(instant).getTime(), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The calendar day ('2026-12-26') an instant falls on in `timeZone`: a record's date as the school reads it. */
export const calendarDay = (instant: Date | string | number, timeZone: string) => wallTime(instant, timeZone).slice(0, 10);

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** Whole calendar days in `timeZone` from `now`'s day to `end`'s day: 0 on that day, negative after it (never a count of 24-hour spans). */
export const calendarDaysUntil = (end: Date | string | number, now: Date | string | number, timeZone: string) =>
  dayNumber(calendarDay(end, timeZone)) - dayNumber(calendarDay(now, timeZone));

/** Days left of a period that ends at `end`, as a person counts them on the school's calendar: 0 on its last day and after it. */
export const daysLeft = (end: Date | null, now: number, timeZone: string) =>
  end ? Math.max(0, calendarDaysUntil(end, now, timeZone)) : null;
