import { atWallTime } from '#core/time-zone.ts';
import { localDay } from '#web/components/format.ts';

/** A calendar day 'YYYY-MM-DD' moved by `days`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Today's Monday on the school's clock. */
export const thisMonday = (zone: string, now = new Date()) => mondayOf(localDay(now, zone));

/** The instant a school day starts (its midnight on the school's clock). */
export function dayStart(day: string, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return atWallTime(y, m, d, 0, 0, zone);
}

/** The seven days of the week starting `monday`, and the window [from, to) that holds them. */
export function weekOf(monday: string, zone: string) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return { days, from: dayStart(monday, zone).toISOString(), to: dayStart(addDays(monday, 7), zone).toISOString() };
}
