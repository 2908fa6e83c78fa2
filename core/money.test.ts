import { describe, expect, it } from 'vitest';
import { effectiveCourseCents, formatMoney, fromCents, toCents } from './money.ts';

describe('money', () => {
  it('converts decimals to cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
  it('formats with a dollar sign and 2 decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatMoney(500, 'C$')).toBe('C$5.00');
  });
  it("writes the school's symbol and separators when given its currency settings", () => {
    expect(formatMoney(123456789, { symbol: '€', thousandsSeparator: '.', decimalSeparator: ',' })).toBe('€1.234.567,89');
    expect(formatMoney(-100, { symbol: 'C$' })).toBe('-C$1.00');
  });
  it('uses discountPrice, else price, else 0 for a course', () => {
    expect(effectiveCourseCents({ priceCents: 10000, discountPriceCents: 8000 })).toBe(8000);
    expect(effectiveCourseCents({ priceCents: 10000, discountPriceCents: null })).toBe(10000);
    expect(effectiveCourseCents({})).toBe(0);
  });
});
