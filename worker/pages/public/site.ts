import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { DEFAULT_SETTINGS } from '#core/settings/settings-schemas.ts';
import { isTimeZone } from '#core/time-zone.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings, type SiteSettingsRow } from '#db/schema/index.ts';
import { safeHref } from '#web/components/safe-url.ts';
import type { SiteInfo } from '#web/components/site-info.ts';
import type { AppEnv } from '#worker/env.ts';
import { objectUrl as fileUrl } from '#worker/lib/public-files.ts';

/**
 * The settings row as one statement of a page's batch. A page never creates the row (that is the
 * settings API's job): without it the defaults are shown.
 */
export const settingsQuery = (db: Db) => db.select().from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));

export type SiteData = {
  site: SiteInfo;
  legal: { privacyPolicy: string; termsAndConditions: string; updatedAt: string | null };
};

export function siteDataOf(rows: readonly SiteSettingsRow[]): SiteData {
  const row = rows[0];
  const s = row ?? { ...DEFAULT_SETTINGS, logoKey: null, logoWidth: null, logoHeight: null, updatedAt: null };
  const logo = fileUrl(s.logoKey);
  const socialLinks = Object.entries(s.socialLinks ?? {})
    .map(([platform, url]) => ({ platform, href: safeHref(url) }))
    .filter((l): l is { platform: string; href: string } => l.href !== null);
  return {
    site: {
      schoolName: s.schoolName.trim() || DEFAULT_SETTINGS.schoolName,
      tagline: s.tagline.trim(),
      logo: logo ? { src: logo, width: s.logoWidth, height: s.logoHeight } : null,
      contact: { email: s.contactEmail.trim(), phone: s.contactPhone.trim(), address: s.contactAddress.trim() },
      socialLinks,
      timeZone: isTimeZone(s.timeZone) ? s.timeZone : DEFAULT_SETTINGS.timeZone,
    },
    legal: {
      privacyPolicy: s.privacyPolicy.trim(),
      termsAndConditions: s.termsAndConditions.trim(),
      updatedAt: s.updatedAt ? s.updatedAt.toISOString() : null,
    },
  };
}

/** Where absolute links (canonical, sitemap, Open Graph images) point: PUBLIC_URL, else the request's origin. */
export const siteOrigin = (c: Context<AppEnv>) => (c.var.config?.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');

/** A positive page number from the query; junk or out of range gives 1. */
export function pageParam(c: Context<AppEnv>): number {
  const n = Number(c.req.query('page'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
