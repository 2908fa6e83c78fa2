/** Money is integer cents inside; decimals with 2 places only at the edges (API JSON, forms, display). */

/** 12.5 → 1250. Refuses NaN, infinities and values with more than 2 decimals' worth of precision noise. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('Amount must be a finite number');
  return Math.round(amount * 100);
}

/** 1250 → 12.5 (a JSON number that prints with 2 places via formatMoney). */
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** 1250 → "$12.50" (spec 9: prices shown as dollar sign with 2 decimals). */
export function formatMoney(cents: number, symbol = '$'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-CA');
  return `${sign}${symbol}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Spec 9: the course price used is discountPrice, else price, else 0. */
export function effectiveCourseCents(course: { priceCents?: number | null; discountPriceCents?: number | null }): number {
  if (course.discountPriceCents != null && course.discountPriceCents > 0) return course.discountPriceCents;
  return course.priceCents ?? 0;
}
