import { effectiveCourseCents, formatMoney, toCents, type MoneyFormat } from '#core/money.ts';

import { atWallTime, isTimeZone, wallTime } from '#core/time-zone.ts';

// Every date the site shows goes through here, on the clock of the zone given: the school's (settings.timeZone,
// pages from their settings, panel screens from useSchoolZone()), never the viewer's. Decision 017.

type Style = 'date' | 'longDate' | 'shortDate' | 'time' | 'dateTime' | 'zoned' | 'day' | 'month' | 'ymd';
const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { weekday: 'short', year: 'numeric', month: 'long', day: 'numeric' },
  longDate: { year: 'numeric', month: 'long', day: 'numeric' },
  shortDate: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  zoned: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  day: { day: 'numeric' },
  month: { month: 'short' },
  ymd: { year: 'numeric', month: '2-digit', day: '2-digit' },
};
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: Style, zone: string): Intl.DateTimeFormat {
  const key = `${style} ${zone}`;
  let f = formatters.get(key);
  if (!f) {
    // A zone this browser's data does not know yet: UTC, named, rather than a blank panel.
    f = isTimeZone(zone) ? new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...STYLES[style] }) : formatter('zoned', 'UTC');
    formatters.set(key, f);
  }
  return f;
}
/** '' for a missing or bad date rather than "Invalid Date" or a thrown RangeError. */
function show(style: Style, iso: string | Date | null | undefined, zone: string): string {
  if (iso === null || iso === undefined || iso === '') return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : formatter(style, zone).format(d);
}

type When = string | Date | null | undefined;
/** "Sat, March 14, 2027" */
export const formatDate = (iso: When, zone: string) => show('date', iso, zone);
/** "March 14, 2027" */
export const formatLongDate = (iso: When, zone: string) => show('longDate', iso, zone);
/** "Mar 14, 2027": also how a day-valued instant (a membership's start or end) is shown, in the school's zone. */
export const formatShortDate = (iso: When, zone: string) => show('shortDate', iso, zone);
/** "10:00 a.m." */
export const formatTime = (iso: When, zone: string) => show('time', iso, zone);
/** "Mar 14, 2027, 10:00 a.m." */
export const formatDateTime = (iso: When, zone: string) => show('dateTime', iso, zone);
/** "Thu, Dec 10, 2026, 6:00 p.m. PST": a time read in a zone that may not be the reader's (a meeting's own). */
export const formatZonedDateTime = (iso: When, zone: string) => show('zoned', iso, zone);
export const dayOfMonth = (iso: When, zone: string) => show('day', iso, zone);
export const monthShort = (iso: When, zone: string) => show('month', iso, zone);
/** The calendar day in `zone`, as YYYY-MM-DD. */
export const localDay = (iso: When, zone: string) => show('ymd', iso, zone);

/** A calendar day 'YYYY-MM-DD' (already the school's day, as the API sends it) as "March 14, 2027": no zone moves it. */
export const formatCalendarDay = (day: string | null | undefined, style: 'longDate' | 'shortDate' = 'longDate') =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? show(style, `${day}T12:00:00Z`, 'UTC') : '';

/** The time when it is `now`'s day in `zone`, else the date: an inbox's stamp. */
export const formatStamp = (iso: When, zone: string, now: number = Date.now()) =>
  localDay(iso, zone) === localDay(new Date(now), zone) ? formatTime(iso, zone) : formatShortDate(iso, zone);

/** "Sat, March 14, 2027, 10:00 a.m. – 4:00 p.m." or, across days, both dates. */
export function formatRange(startIso: string, endIso: string, zone: string): string {
  if (localDay(startIso, zone) === localDay(endIso, zone)) {
    const end = startIso === endIso ? '' : ` – ${formatTime(endIso, zone)}`;
    return `${formatDate(startIso, zone)}, ${formatTime(startIso, zone)}${end}`;
  }
  return `${formatDate(startIso, zone)} – ${formatDate(endIso, zone)}`;
}

/** An instant as a `datetime-local` value ("2026-12-01T18:30") on the clocks of `zone`; '' for none. */
export function toWallInput(iso: unknown, zone: string): string {
  if ((typeof iso !== 'string' && !(iso instanceof Date)) || iso === '') return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : wallTime(d, zone);
}

const WALL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
/** A `datetime-local` value read on the clocks of `zone` (not the browser's), as an ISO instant; null if it is not one. */
export function fromWallInput(local: string, zone: string): string | null {
  const m = WALL_INPUT.exec(local.trim());
  return m ? atWallTime(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, zone).toISOString() : null;
}

/** Spec 9: the price used is discountPrice, else price, else 0 — shown as $ with 2 decimals. */
/** "UTC−08:00" for a zone at `at`, as Intl names the offset. */
function offsetLabel(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value.replace('GMT', 'UTC') || 'UTC';
}

/** The zone choices of every form: each IANA zone this browser knows plus `always` (the school's, a saved one), labelled with today's offset. */
export function timeZoneOptions(always: readonly (string | null | undefined)[] = [], at = new Date()): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set(['UTC', ...known, ...always.filter((z): z is string => !!z && isTimeZone(z))])].sort();
  return zones.map((z) => ({ value: z, label: `${z.replace(/_/g, ' ')} (${offsetLabel(z, at)})` }));
}

/** The zone this device is set to, if the browser says. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

export function priceView(price: number | null | undefined, discountPrice: number | null | undefined, symbol: string | MoneyFormat = '$') {
  const priceCents = price == null ? 0 : toCents(price);
  const discountCents = discountPrice == null ? null : toCents(discountPrice);
  const effective = effectiveCourseCents({ priceCents, discountPriceCents: discountCents });
  return {
    current: formatMoney(effective, symbol),
    /** The old price, only when a real discount applies. */
    was: effective < priceCents ? formatMoney(priceCents, symbol) : null,
    free: effective === 0,
  };
}

/** "17:30" → "5:30 pm" */
export function clockLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

export const LEVEL_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  all: 'All levels',
};
export const levelLabel = (level: string) => LEVEL_LABELS[level] ?? level;

/** "student" → "Student". */
export const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
