import { effectiveCourseCents, fromCents } from '#core/money.ts';

/** A price kept in cents as the decimal the API sends; no price stays null. */
const centsOrNull = (cents: number | null) => (cents == null ? null : fromCents(cents));

/** The price, the discount and the price paid (spec 9: discountPrice, else price) of a course or a plan. */
export const priceFields = (row: { priceCents: number; discountPriceCents: number | null }) => ({
  price: fromCents(row.priceCents),
  discountPrice: centsOrNull(row.discountPriceCents),
  effectivePrice: fromCents(effectiveCourseCents(row)),
});
