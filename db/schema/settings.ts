import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DEFAULT_GRACE_DAYS, DEFAULT_RETRY_DAYS } from '#core/billing/dunning.ts';
import { DEFAULT_AGE_OF_MAJORITY } from '#core/family/majority.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** The school's site settings: one row (id 'default'), created on first read. */
export const siteSettings = sqliteTable('site_settings', {
  id: text('id').primaryKey(),
  schoolName: text('school_name').notNull(),
  tagline: text('tagline').notNull().default(''),
  logoKey: text('logo_key'),
  logoWidth: integer('logo_width'),
  logoHeight: integer('logo_height'),
  contactEmail: text('contact_email').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  contactAddress: text('contact_address').notNull().default(''),
  socialLinks: text('social_links', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  currency: text('currency').notNull().default('CAD'),
  currencySymbol: text('currency_symbol').notNull().default('$'),
  currencyLocale: text('currency_locale').notNull().default('en-CA'),
  privacyPolicy: text('privacy_policy').notNull().default(''),
  termsAndConditions: text('terms_and_conditions').notNull().default(''),
  /** How many unpaid orders one account may hold at once (each holds stock until paid or expired). */
  maxUnpaidOrders: integer('max_unpaid_orders').notNull().default(SHOP_LIMITS.maxUnpaidOrders),
  /** Shown in the one tax label ("Tax (GST 5%)"); empty = "Tax". */
  taxName: text('tax_name').notNull().default(''),
  /** The rate new products, courses and memberships start with (basis points). */
  defaultTaxRateBp: integer('default_tax_rate_bp').notNull().default(0),
  /** Optional shipping rules on top of spec 9's fee × quantity; null = off. */
  shippingCapCents: integer('shipping_cap_cents'),
  freeShippingOverCents: integer('free_shipping_over_cents'),
  /** The school's IANA zone: every date the site shows is read on its clocks, and meetings default to it. */
  timeZone: text('time_zone').notNull().default(DEFAULT_SCHOOL_TIME_ZONE),
  /** A booking cancelled closer to the start than this is recorded as a late cancel (issue 24 §2). */
  bookingCancelCutoffMinutes: integer('booking_cancel_cutoff_minutes').notNull().default(120),
  /** The waiver document everyone must have signed (current version) before booking, enrolling or buying a membership; null = none. */
  requiredWaiverId: text('required_waiver_id'),
  /** The age at which a child may take over their own account (issue 26 §1). */
  ageOfMajority: integer('age_of_majority').notNull().default(DEFAULT_AGE_OF_MAJORITY),
  /** Days after the first declined automatic charge on which it is retried (core/billing/dunning.ts). */
  dunningRetryDays: text('dunning_retry_days', { mode: 'json' })
    .$type<number[]>()
    .notNull()
    .default([...DEFAULT_RETRY_DAYS]),
  /** Days a past-due membership stays usable after the last retry before it expires. */
  dunningGraceDays: integer('dunning_grace_days').notNull().default(DEFAULT_GRACE_DAYS),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/** The one row of site settings. */
export const SETTINGS_ID = 'default';
