import { eq } from 'drizzle-orm';
import { currencySettings, type CurrencySettings } from '#core/shop/currency.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';

/** The school's currency settings (spec 3/9) from its settings row; CAD / en-CA before the row exists. */
export async function schoolCurrency(db: Db): Promise<CurrencySettings> {
  const row = await db
    .select({ code: siteSettings.currency, symbol: siteSettings.currencySymbol, locale: siteSettings.currencyLocale })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ID))
    .get();
  return currencySettings(row?.code, row?.symbol, row?.locale);
}

/** How to write an amount recorded in `code`: the school's settings while that is still its currency, else that currency's own symbol. */
export async function currencyOf(db: Db, code: string): Promise<CurrencySettings> {
  const school = await schoolCurrency(db);
  return school.code === code ? school : currencySettings(code, undefined, school.locale);
}
