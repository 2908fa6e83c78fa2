import type { MoneyFormat } from '#core/money.ts';
import { currencySettings } from './currency.ts';
import { bpToPercent } from './cart-totals.ts';
import type { ShippingRules } from './shipping.ts';

/** The school's shop settings the cart, the checkout, the orders and the server all price and write with. */
export type ShopTerms = {
  money: Required<MoneyFormat>;
  /** Shown in the tax label, e.g. "GST"; empty = "Tax" alone. */
  taxName: string;
  /** Percent that new products, courses and memberships start with. */
  defaultTaxRate: number;
  shipping: ShippingRules;
};

export type ShopSettingsFields = {
  currency: string;
  currencySymbol: string;
  currencyLocale: string;
  taxName: string;
  defaultTaxRateBp: number;
  shippingCapCents: number | null;
  freeShippingOverCents: number | null;
};

export function shopTermsOf(s: ShopSettingsFields | null | undefined): ShopTerms {
  const c = currencySettings(s?.currency, s?.currencySymbol, s?.currencyLocale);
  return {
    money: { symbol: c.symbol, thousandsSeparator: c.thousandsSeparator, decimalSeparator: c.decimalSeparator },
    taxName: s?.taxName ?? '',
    defaultTaxRate: bpToPercent(s?.defaultTaxRateBp ?? 0),
    shipping: { capCents: s?.shippingCapCents ?? null, freeOverCents: s?.freeShippingOverCents ?? null },
  };
}

/** Before the settings are read (and in tests): CAD, en-CA, no tax name, 0 %, spec 9 shipping. */
export const DEFAULT_SHOP_TERMS: ShopTerms = shopTermsOf(null);

/** GET /api/settings' view (decimals) as the terms, for screens that read the settings from the API. */
export function shopTermsOfView(v: {
  currency?: string;
  currencySymbol?: string;
  currencyLocale?: string;
  taxName?: string;
  defaultTaxRate?: number;
  shippingCap?: number | null;
  freeShippingThreshold?: number | null;
}): ShopTerms {
  const cents = (n: number | null | undefined) => (typeof n === 'number' ? Math.round(n * 100) : null);
  return shopTermsOf({
    currency: v.currency ?? 'CAD',
    currencySymbol: v.currencySymbol ?? '$',
    currencyLocale: v.currencyLocale ?? 'en-CA',
    taxName: v.taxName ?? '',
    defaultTaxRateBp: Math.round((v.defaultTaxRate ?? 0) * 100),
    shippingCapCents: cents(v.shippingCap),
    freeShippingOverCents: cents(v.freeShippingThreshold),
  });
}
