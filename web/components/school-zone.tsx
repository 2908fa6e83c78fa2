import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';
import { formatCalendarDay, formatDate, formatDateTime, formatShortDate, formatStamp, formatTime } from './format.ts';

/** The school's zone (settings.timeZone) for the panel's screens: PanelApp provides it from its boot props. */
const SchoolZone = createContext<string>(DEFAULT_SCHOOL_TIME_ZONE);

export const SchoolZoneProvider = SchoolZone.Provider;

/** The zone every date of a panel screen is read in (web/components/format.ts takes it explicitly). */
export const useSchoolZone = () => useContext(SchoolZone);

/** "America/Vancouver" → "America/Vancouver" with spaces for underscores ("America/St Johns"). */
export const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');

const SHOW = { dateTime: formatDateTime, date: formatDate, shortDate: formatShortDate, time: formatTime, stamp: formatStamp };

/** A `<time>` on the school's clock: "Mar 14, 2027, 10:00 a.m." by default; `fallback` for a missing or bad date. */
export function SchoolTime({ iso, show = 'dateTime', fallback = '' }: { iso: string; show?: keyof typeof SHOW; fallback?: string }) {
  const text = SHOW[show](iso, useSchoolZone());
  return text ? <time dateTime={iso}>{text}</time> : <>{fallback}</>;
}

/** A calendar day of the API ('YYYY-MM-DD', already the school's day) in a `<time>`: no zone moves it; `fallback` for none. */
export function CalendarDay({ day, short = false, fallback = null }: { day: string | null; short?: boolean; fallback?: ReactNode }) {
  const text = formatCalendarDay(day, short ? 'shortDate' : 'longDate');
  return text ? <time dateTime={day!}>{text}</time> : <>{fallback}</>;
}
