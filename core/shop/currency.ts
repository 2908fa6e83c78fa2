import { SHOP_LIMITS } from './shop-options.ts';

/** Spec 3/9 currency settings: CAD by default; USD and EUR selectable; locales en-CA, en-US, en-EU. */
export const CURRENCY_CODES = ['CAD', 'USD', 'EUR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const CURRENCY_LOCALES = ['en-CA', 'en-US', 'en-EU'] as const;
export type CurrencyLocale = (typeof CURRENCY_LOCALES)[number];
/** How each locale writes 1234.56, for the settings screen. */
export const LOCALE_LABELS: Record<CurrencyLocale, string> = {
  'en-CA': 'Canada: 1,234.56',
  'en-US': 'United States: 1,234.56',
  'en-EU': 'Europe: 1.234,56',
};

const NAMES: Record<CurrencyCode, { name: string; symbol: string }> = {
  CAD: { name: 'Canadian Dollar', symbol: '$' },
  USD: { name: 'US Dollar', symbol: '$' },
  EUR: { name: 'Euro', symbol: '€' },
};
const SEPARATORS: Record<CurrencyLocale, { thousandsSeparator: string; decimalSeparator: string }> = {
  'en-CA': { thousandsSeparator: ',', decimalSeparator: '.' },
  'en-US': { thousandsSeparator: ',', decimalSeparator: '.' },
  'en-EU': { thousandsSeparator: '.', decimalSeparator: ',' },
};

export type CurrencySettings = {
  code: CurrencyCode;
  name: string;
  symbol: string;
  decimals: 2;
  symbolPosition: 'before';
  thousandsSeparator: string;
  decimalSeparator: string;
  minAmount: number;
  maxAmount: number;
  gatewayCodes: { stripe: string; paypal: string; razorpay: string; sandbox: string };
  locale: CurrencyLocale;
};

const isCode = (v: string): v is CurrencyCode => (CURRENCY_CODES as readonly string[]).includes(v);
const isLocale = (v: string): v is CurrencyLocale => (CURRENCY_LOCALES as readonly string[]).includes(v);

/** The settings for a stored code, symbol and locale; anything unknown falls back to CAD / en-CA. */
export function currencySettings(code = 'CAD', symbol?: string, locale = 'en-CA'): CurrencySettings {
  const c = isCode(code) ? code : 'CAD';
  const l = isLocale(locale) ? locale : 'en-CA';
  return {
    code: c,
    name: NAMES[c].name,
    symbol: symbol?.trim() || NAMES[c].symbol,
    decimals: 2,
    symbolPosition: 'before',
    ...SEPARATORS[l],
    minAmount: SHOP_LIMITS.minPaymentCents / 100,
    maxAmount: SHOP_LIMITS.maxPaymentCents / 100,
    gatewayCodes: { stripe: c.toLowerCase(), paypal: c, razorpay: c, sandbox: c },
    locale: l,
  };
}

/** Spec 9: the payment amount sent = final price × 100, rounded; valid between 0.50 and 999999.99. */
export const paymentAmountCents = (finalPrice: number): number => Math.round(finalPrice * 100);
export const isPayableCents = (cents: number): boolean => cents >= SHOP_LIMITS.minPaymentCents && cents <= SHOP_LIMITS.maxPaymentCents;
