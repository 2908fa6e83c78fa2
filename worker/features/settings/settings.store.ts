import { and, eq, isNull } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import { DEFAULT_SETTINGS } from '#core/settings/settings-schemas.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings, type SiteSettingsRow } from '#db/schema/index.ts';
import { fileUrl } from '#worker/lib/public-files.ts';

/** The settings row, created with the defaults on first use (a plain read every other time). */
export async function loadSettingsRow(db: Db): Promise<SiteSettingsRow> {
  const existing = await db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)).get();
  if (existing) return existing;
  const [, rows] = await db.batch([
    db
      .insert(siteSettings)
      .values({ id: SETTINGS_ID, ...DEFAULT_SETTINGS })
      .onConflictDoNothing(),
    db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)),
  ]);
  const row = rows[0];
  if (!row) throw new Error('settings row missing right after its insert');
  return row;
}

export type SettingsChanges = Partial<Omit<SiteSettingsRow, 'id' | 'createdAt' | 'updatedAt'>>;

/**
 * Writes the changes only if the logo key is still `expectedLogoKey` (compare-and-set), so two
 * parallel logo replacements cannot both delete the same old object; null when it changed meanwhile.
 */
export async function updateSettingsRow(db: Db, changes: SettingsChanges, expectedLogoKey: string | null): Promise<SiteSettingsRow | null> {
  const sameLogo = expectedLogoKey === null ? isNull(siteSettings.logoKey) : eq(siteSettings.logoKey, expectedLogoKey);
  const row = await db
    .update(siteSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(siteSettings.id, SETTINGS_ID), sameLogo))
    .returning()
    .get();
  return row ?? null;
}

/** The public shape: the logo as a URL, contact grouped, dates as ISO strings. */
export function serializeSettings(row: SiteSettingsRow) {
  return {
    schoolName: row.schoolName,
    tagline: row.tagline,
    logo: fileUrl(row.logoKey),
    logoWidth: row.logoWidth,
    logoHeight: row.logoHeight,
    contact: { email: row.contactEmail, phone: row.contactPhone, address: row.contactAddress },
    socialLinks: row.socialLinks,
    currency: row.currency,
    currencySymbol: row.currencySymbol,
    currencyLocale: row.currencyLocale,
    maxUnpaidOrders: row.maxUnpaidOrders,
    taxName: row.taxName,
    defaultTaxRate: bpToPercent(row.defaultTaxRateBp),
    shippingCap: row.shippingCapCents === null ? null : fromCents(row.shippingCapCents),
    freeShippingThreshold: row.freeShippingOverCents === null ? null : fromCents(row.freeShippingOverCents),
    timeZone: row.timeZone,
    bookingCancelCutoffMinutes: row.bookingCancelCutoffMinutes,
    requiredWaiverId: row.requiredWaiverId,
    ageOfMajority: row.ageOfMajority,
    dunningRetryDays: row.dunningRetryDays,
    dunningGraceDays: row.dunningGraceDays,
    privacyPolicy: row.privacyPolicy,
    termsAndConditions: row.termsAndConditions,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type SettingsView = ReturnType<typeof serializeSettings>;
