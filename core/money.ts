/** Money is integer cents inside; decimals with 2 places only at the edges (API JSON, forms, display). */

/** 12.5 → 1250. Refuses NaN, infinities and values with more than 2 decimals' worth of precision noise. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('Amount must be a finite number');
  return Math.round(amount * 100);
}

/** 1250 → 12.5 (a JSON number that prints with 2 places via formatMoney). */
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** How the school writes an amount: its symbol (before) and its locale's separators (the currency settings carry them). */
export type MoneyFormat = { symbol: string; thousandsSeparator?: string; decimalSeparator?: string };

/**
 * The one money formatter: 123456 → "$1,234.56" (spec 9: symbol before, 2 decimals), in the school's
 * symbol and separators when given (a bare symbol keeps en-CA's separators).
 */
export function formatMoney(cents: number, format: string | MoneyFormat = '$'): string {
  const f = typeof format === 'string' ? { symbol: format } : format;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandsSeparator ?? ',');
  return `${sign}${f.symbol}${whole}${f.decimalSeparator ?? '.'}${String(abs % 100).padStart(2, '0')}`;
}

/** Spec 9: the course price used is discountPrice, else price, else 0. */
export function effectiveCourseCents(course: { priceCents?: number | null; discountPriceCents?: number | null }): number {
  if (course.discountPriceCents != null && course.discountPriceCents > 0) return course.discountPriceCents;
  return course.priceCents ?? 0;
}
