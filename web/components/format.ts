import { effectiveCourseCents, formatMoney, toCents, type MoneyFormat } from '#core/money.ts';

import { SITE_TIME_ZONE } from '#core/time-zone.ts';

export { SITE_TIME_ZONE };

const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, ...opts });
const DATE = fmt({ weekday: 'short', year: 'numeric', month: 'long', day: 'numeric' });
const DATE_SHORT = fmt({ year: 'numeric', month: 'short', day: 'numeric' });
const TIME = fmt({ hour: 'numeric', minute: '2-digit' });
const DAY = fmt({ day: 'numeric' });
const MONTH = fmt({ month: 'short' });
const YMD = fmt({ year: 'numeric', month: '2-digit', day: '2-digit' });

const d = (iso: string) => new Date(iso);
export const formatDate = (iso: string) => DATE.format(d(iso));
export const formatShortDate = (iso: string) => DATE_SHORT.format(d(iso));
export const formatTime = (iso: string) => TIME.format(d(iso));
export const dayOfMonth = (iso: string) => DAY.format(d(iso));
export const monthShort = (iso: string) => MONTH.format(d(iso));
/** The calendar day in the school's time zone, as YYYY-MM-DD. */
export const localDay = (iso: string) => YMD.format(d(iso));

/** "Sat, March 14, 2027, 10:00 a.m. – 4:00 p.m." or, across days, both dates. */
export function formatRange(startIso: string, endIso: string): string {
  if (localDay(startIso) === localDay(endIso)) {
    const end = startIso === endIso ? '' : ` – ${formatTime(endIso)}`;
    return `${formatDate(startIso)}, ${formatTime(startIso)}${end}`;
  }
  return `${formatDate(startIso)} – ${formatDate(endIso)}`;
}

/** Spec 9: the price used is discountPrice, else price, else 0 — shown as $ with 2 decimals. */
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

/** Date and time on the viewer's own clock ("Nov 25, 2026, 3:02 PM"), for the panels; '' for a bad date. */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "student" → "Student". */
export const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
