import { eq } from 'drizzle-orm';
import { shopTermsOf, type ShopTerms } from '#core/shop/shop-terms.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';
import type { ServiceCtx } from './service-context.ts';

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
