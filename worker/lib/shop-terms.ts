import { eq, sql } from 'drizzle-orm';
import { shopTermsOf, type ShopTerms } from '#core/shop/shop-terms.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';
import type { ServiceCtx } from './service-context.ts';

/** The school's default tax rate (Settings → Shop), read by the INSERT itself: what a new product, course or plan starts with. */
export const defaultTaxRateBpSql = sql<number>`coalesce((select ${siteSettings.defaultTaxRateBp} from ${siteSettings} where ${siteSettings.id} = ${SETTINGS_ID}), 0)`;
/** The same as a percentage, for membership plans (their rate column is a percent). */
export const defaultTaxRatePercentSql = sql<number>`(${defaultTaxRateBpSql} / 100.0)`;

/** The school's shop terms (money format, tax name and default rate, shipping rules) from its settings row. */
export const shopTermsQuery = (db: Db) =>
  db
    .select({
      currency: siteSettings.currency,
      currencySymbol: siteSettings.currencySymbol,
      currencyLocale: siteSettings.currencyLocale,
      taxName: siteSettings.taxName,
      defaultTaxRateBp: siteSettings.defaultTaxRateBp,
      shippingCapCents: siteSettings.shippingCapCents,
      freeShippingOverCents: siteSettings.freeShippingOverCents,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ID));

export async function schoolShopTerms({ db }: Pick<ServiceCtx, 'db'>): Promise<ShopTerms> {
  const [row] = await shopTermsQuery(db);
  return shopTermsOf(row);
}
