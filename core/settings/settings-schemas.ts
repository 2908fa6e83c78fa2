import { z } from 'zod';
import {
  DEFAULT_SCHOOL_NAME,
  MAX_UNPAID_ORDERS_MESSAGE,
  SETTINGS_LIMITS,
  SOCIAL_PLATFORMS,
  type SocialLinks,
  type SocialPlatform,
} from './settings-options.ts';
import { EMAIL_PATTERN } from '#core/auth/fields.ts';
import { optionalMoneyCents, text, tooLong, wholeNumber } from '#core/fields.ts';
import { CURRENCY_CODES, CURRENCY_LOCALES } from '#core/shop/currency.ts';
import { taxRateBp } from '#core/shop/product-schemas.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone } from '#core/time-zone.ts';
import { BOOKING_CUTOFF_LIMITS, BOOKING_CUTOFF_MESSAGE } from '#core/bookings/booking-schemas.ts';
import { validPolicy } from '#core/billing/dunning.ts';

/** What the site shows before an admin saves anything (spec 9: CAD and $). */
export const DEFAULT_SETTINGS = {
  schoolName: DEFAULT_SCHOOL_NAME,
  tagline: '',
  contactEmail: '',
  contactPhone: '',
  contactAddress: '',
  socialLinks: {} as SocialLinks,
  currency: 'CAD',
  currencySymbol: '$',
  currencyLocale: 'en-CA',
  privacyPolicy: '',
  termsAndConditions: '',
  maxUnpaidOrders: SHOP_LIMITS.maxUnpaidOrders,
  taxName: '',
  defaultTaxRateBp: 0,
  shippingCapCents: null as number | null,
  freeShippingOverCents: null as number | null,
  timeZone: DEFAULT_SCHOOL_TIME_ZONE,
  bookingCancelCutoffMinutes: BOOKING_CUTOFF_LIMITS.default as number,
};

export const SETTINGS_MESSAGES = {
  schoolNameRequired: 'School name is required',
  emailInvalid: 'Valid email address is required',
  currencyInvalid: 'Currency must be a 3-letter code such as CAD',
  currencyUnsupported: `Currency must be one of: ${CURRENCY_CODES.join(', ')}`,
  symbolInvalid: 'Currency symbol must be 1 to 4 characters',
  localeInvalid: `Currency locale must be one of: ${CURRENCY_LOCALES.join(', ')}`,
  maxUnpaidOrders: MAX_UNPAID_ORDERS_MESSAGE,
  defaultTaxRate: 'Default tax rate must be a percentage between 0 and 100 with at most 2 decimals',
  urlInvalid: 'Social links must be http(s) URLs',
  timeZoneInvalid: 'Invalid timezone',
  bookingCancelCutoff: BOOKING_CUTOFF_MESSAGE,
  waiverNotFound: 'Waiver not found',
  ageOfMajority: 'Age of majority must be a whole number from 16 to 21',
  dunningRetryDays: 'Retry days must be 1 to 5 whole days from 1 to 28, each later than the one before',
  dunningGraceDays: 'Grace period must be a whole number of days from 0 to 60',
  bodyObject: 'Please send the settings as a JSON object or multipart form data',
  updated: 'Settings updated successfully',
} as const;

const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean({ error: 'removeLogo must be true or false' }),
);

const socialUrl = z
  .string({ error: SETTINGS_MESSAGES.urlInvalid })
  .trim()
  .max(SETTINGS_LIMITS.url, tooLong('A social link', SETTINGS_LIMITS.url))
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), SETTINGS_MESSAGES.urlInvalid);

/** PUT /api/settings: every field optional (a partial update); an empty string clears a text. */
export const UpdateSettingsSchema = z.object(
  {
    schoolName: z
      .string({ error: SETTINGS_MESSAGES.schoolNameRequired })
      .trim()
      .min(1, SETTINGS_MESSAGES.schoolNameRequired)
      .max(SETTINGS_LIMITS.schoolName, tooLong('School name', SETTINGS_LIMITS.schoolName))
      .optional(),
    tagline: text('Tagline', SETTINGS_LIMITS.tagline).optional(),
    contact: z
      .object(
        {
          email: z
            .string({ error: SETTINGS_MESSAGES.emailInvalid })
            .trim()
            .toLowerCase()
            .max(SETTINGS_LIMITS.email, SETTINGS_MESSAGES.emailInvalid)
            .refine((v) => v === '' || EMAIL_PATTERN.test(v), SETTINGS_MESSAGES.emailInvalid)
            .optional(),
          phone: text('Phone number', SETTINGS_LIMITS.phone).optional(),
          address: text('Address', SETTINGS_LIMITS.address).optional(),
        },
        { error: 'contact must be an object with email, phone and address' },
      )
      .optional(),
    socialLinks: z
      .object(
        Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, socialUrl.optional()])) as Record<
          SocialPlatform,
          z.ZodOptional<typeof socialUrl>
        >,
        {
          error: `socialLinks must be an object with any of: ${SOCIAL_PLATFORMS.join(', ')}`,
        },
      )
      .optional(),
    currency: z
      .string({ error: SETTINGS_MESSAGES.currencyInvalid })
      .trim()
      .regex(/^[A-Za-z]{3}$/, SETTINGS_MESSAGES.currencyInvalid)
      .transform((v) => v.toUpperCase())
      // The gateways charge in the school's currency: only the ones the shop can price and charge (spec 9).
      .refine((v) => (CURRENCY_CODES as readonly string[]).includes(v), SETTINGS_MESSAGES.currencyUnsupported)
      .optional(),
    currencySymbol: z
      .string({ error: SETTINGS_MESSAGES.symbolInvalid })
      .trim()
      .refine((v) => [...v].length >= 1 && [...v].length <= 4, SETTINGS_MESSAGES.symbolInvalid)
      .optional(),
    currencyLocale: z.enum(CURRENCY_LOCALES, { error: SETTINGS_MESSAGES.localeInvalid }).optional(),
    // A form sends the number as text.
    maxUnpaidOrders: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
        z
          .number({ error: SETTINGS_MESSAGES.maxUnpaidOrders })
          .int(SETTINGS_MESSAGES.maxUnpaidOrders)
          .min(1, SETTINGS_MESSAGES.maxUnpaidOrders)
          .max(SETTINGS_LIMITS.maxUnpaidOrders, SETTINGS_MESSAGES.maxUnpaidOrders),
      )
      .optional(),
    taxName: text('Tax name', SETTINGS_LIMITS.taxName).optional(),
    defaultTaxRate: taxRateBp(SETTINGS_MESSAGES.defaultTaxRate).optional(),
    // Blank or null turns the rule off (spec 9's fee × quantity alone).
    shippingCap: optionalMoneyCents('Shipping cap per order'),
    freeShippingThreshold: optionalMoneyCents('Free shipping threshold'),
    timeZone: z
      .string({ error: SETTINGS_MESSAGES.timeZoneInvalid })
      .trim()
      .refine((v) => v.length <= 64 && isTimeZone(v), SETTINGS_MESSAGES.timeZoneInvalid)
      .optional(),
    // A cancel closer to a class's start than this is recorded as late (issue 24 §2).
    bookingCancelCutoffMinutes: wholeNumber('Booking cancel cutoff', BOOKING_CUTOFF_LIMITS.min, BOOKING_CUTOFF_LIMITS.max, {
      message: SETTINGS_MESSAGES.bookingCancelCutoff,
    }).optional(),
    // The waiver everyone must have signed before booking, enrolling or buying (issue 26 §2); blank or null: none.
    requiredWaiverId: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string({ error: SETTINGS_MESSAGES.waiverNotFound }).trim().max(64, SETTINGS_MESSAGES.waiverNotFound).nullable().optional(),
    ),
    ageOfMajority: wholeNumber('Age of majority', 16, 21, { message: SETTINGS_MESSAGES.ageOfMajority }).optional(),
    // A form sends "1, 3, 7".
    dunningRetryDays: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',').map((d) => (d.trim() === '' ? NaN : Number(d))) : v),
        z.array(z.number({ error: SETTINGS_MESSAGES.dunningRetryDays }), { error: SETTINGS_MESSAGES.dunningRetryDays }),
      )
      .refine((days) => days.length > 0 && validPolicy({ retryDays: days, graceDays: 0 }), SETTINGS_MESSAGES.dunningRetryDays)
      .optional(),
    dunningGraceDays: wholeNumber('Grace period', 0, 60, { message: SETTINGS_MESSAGES.dunningGraceDays }).optional(),
    privacyPolicy: text('Privacy policy', SETTINGS_LIMITS.legalText).optional(),
    termsAndConditions: text('Terms and conditions', SETTINGS_LIMITS.legalText).optional(),
    removeLogo: bool.optional(),
  },
  { error: SETTINGS_MESSAGES.bodyObject },
);
export type UpdateSettingsInput = z.output<typeof UpdateSettingsSchema>;
