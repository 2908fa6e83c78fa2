import { atWallTime, localDate, DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';

/**
 * The demo's calendar: every seeded date is counted from the day of seeding on the school's clock, and
 * the words that name a season, a weekday or a year are derived from those dates (db/seed/words.test.ts).
 */
export type Day = { y: number; month: number; day: number };

export const DAY_MS = 86_400_000;

/** The school's calendar day `days` from `now`. */
export const dayFrom = (now: number, days: number): Day => localDate(days, now);

const weekday = (d: Day) => new Date(Date.UTC(d.y, d.month - 1, d.day)).getUTCDay();

/** `d`, or the first day after it, that falls on `dow` (0 Sunday … 6 Saturday). */
export function onOrAfter(d: Day, dow: number): Day {
  const shift = (dow - weekday(d) + 7) % 7;
  const next = new Date(Date.UTC(d.y, d.month - 1, d.day + shift));
  return { y: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

export const plusDays = (d: Day, n: number): Day => {
  const next = new Date(Date.UTC(d.y, d.month - 1, d.day + n));
  return { y: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
};

/** `hours` o'clock (fractions are minutes) on day `d` in the school's zone. */
export const at = (d: Day, hours: number) => atWallTime(d.y, d.month, d.day, Math.floor(hours), Math.round((hours % 1) * 60));

/** The northern-hemisphere season of a month (the demo school is in Vancouver). */
export function seasonOf(month: number): 'winter' | 'spring' | 'summer' | 'autumn' {
  if (month === 12 || month <= 2) return 'winter';
  if (month <= 5) return 'spring';
  if (month <= 8) return 'summer';
  return 'autumn';
}

/** The season of an instant on the school's clock. */
export const seasonAt = (instant: Date | number) =>
  seasonOf(Number(new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_SCHOOL_TIME_ZONE, month: 'numeric' }).format(instant)));

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Saturday 12 December" (with the year when `year`). */
export function dayLabel(d: Day, year = false): string {
  const at = Date.UTC(d.y, d.month - 1, d.day);
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...o }).format(at);
  return `${part({ weekday: 'long' })} ${d.day} ${part({ month: 'long' })}${year ? ` ${d.y}` : ''}`;
}

/**
 * The demo's key days from `now`: the next kyu grading (a Saturday two weeks on or more), a seminar
 * weekend (a Saturday seven weeks on or more), and the summer camp (Friday to Sunday of the second
 * full week of the next July at least a month away).
 */
export function demoDays(now: number) {
  const grading = onOrAfter(dayFrom(now, 14), 6);
  const kumiteWeekend = onOrAfter(dayFrom(now, 49), 6);
  const soon = dayFrom(now, 30);
  const campYear = soon.month > 7 || (soon.month === 7 && soon.day > 8) ? soon.y + 1 : soon.y;
  const campStart = onOrAfter({ y: campYear, month: 7, day: 8 }, 5);
  return { grading, kumiteWeekend, campStart, campEnd: plusDays(campStart, 2) };
}
