import { IMAGE_ACCEPT, IMAGE_MIME_TYPES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import { MAX_UNPAID_ORDERS_MESSAGE, SETTINGS_LIMITS as L, SOCIAL_PLATFORMS } from '#core/settings/settings-options.ts';
import { CURRENCY_CODES, CURRENCY_LOCALES, LOCALE_LABELS } from '#core/shop/currency.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';
import { zoneLabel } from '#web/components/school-zone.tsx';
import type { FieldDef, ResourceConfig } from '#web/panel/resource/types.ts';

const social: FieldDef[] = SOCIAL_PLATFORMS.map((p, i) => ({
  name: `socialLinks.${p}`,
  ...(i === 0 ? { section: 'Social media' } : {}),
  label: p === 'tiktok' ? 'TikTok' : p === 'linkedin' ? 'LinkedIn' : p === 'youtube' ? 'YouTube' : p.charAt(0).toUpperCase() + p.slice(1),
  type: 'url',
  blank: 'empty',
  placeholder: 'https://',
}));

/** The zones this browser knows (every IANA name), UTC and the install's default always among them. */
function timeZoneOptions() {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_SCHOOL_TIME_ZONE, 'UTC', ...known])].sort().map((z) => ({ value: z, label: zoneLabel(z) }));
}

/** The fields of PUT /settings; an emptied text clears it, a new logo replaces the old one. */
export const settingsConfig: ResourceConfig = {
  key: 'settings',
  title: 'Settings',
  singular: 'settings',
  plural: 'settings',
  endpoint: '/settings',
  pageSize: 1,
  read: async () => ({ success: true, data: [] }),
  columns: [],
  nameOf: () => 'Settings',
  fields: [
    {
      name: 'schoolName',
      section: 'School',
      label: 'School name',
      type: 'text',
      required: true,
      requiredMessage: 'School name is required',
      maxLength: L.schoolName,
    },
    { name: 'tagline', label: 'Tagline', type: 'text', maxLength: L.tagline, blank: 'empty' },
    {
      name: 'logo',
      label: 'Logo',
      type: 'image',
      rules: {
        accept: IMAGE_ACCEPT,
        types: IMAGE_MIME_TYPES,
        typeMessage: UPLOAD_MESSAGES.imageType,
        maxBytes: 2 * 1024 * 1024,
        tooLargeMessage: 'Logo size must not exceed 2MB',
      },
      preview: (s) => (typeof s.logo === 'string' ? s.logo : null),
      removeFlag: 'removeLogo',
      hint: 'JPEG, PNG or WebP, up to 2MB.',
    },
    {
      name: 'timeZone',
      label: 'Time zone',
      type: 'select',
      options: timeZoneOptions(),
      required: true,
      defaultValue: DEFAULT_SCHOOL_TIME_ZONE,
      hint: 'Where the school is: every date and time on the site and in the panels is shown on its clock, and new meetings start in it.',
    },
    { name: 'contact.email', section: 'Contact', label: 'Contact email', type: 'email', maxLength: L.email, blank: 'empty' },
    { name: 'contact.phone', label: 'Contact phone', type: 'text', maxLength: L.phone, blank: 'empty' },
    { name: 'contact.address', label: 'Address', type: 'textarea', rows: 2, maxLength: L.address, blank: 'empty' },
    {
      name: 'currency',
      section: 'Prices',
      label: 'Currency',
      type: 'select',
      options: CURRENCY_CODES.map((c) => ({ value: c, label: c })),
      required: true,
      hint: 'Prices and payments.',
    },
    {
      name: 'currencyLocale',
      label: 'Number format',
      type: 'select',
      options: CURRENCY_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] })),
      required: true,
      defaultValue: 'en-CA',
      hint: 'How amounts are written.',
    },
    {
      name: 'currencySymbol',
      label: 'Currency symbol',
      type: 'text',
      required: true,
      requiredMessage: 'Currency symbol must be 1 to 4 characters',
      maxLength: 4,
      hint: 'Shown before prices, e.g. $ or C$.',
    },
    {
      name: 'maxUnpaidOrders',
      section: 'Shop',
      label: 'Unpaid orders per account',
      type: 'number',
      min: 1,
      max: L.maxUnpaidOrders,
      step: 1,
      required: true,
      requiredMessage: MAX_UNPAID_ORDERS_MESSAGE,
      defaultValue: String(SHOP_LIMITS.maxUnpaidOrders),
      hint: 'How many unpaid orders one account may hold at once. Each holds its items until it is paid, cancelled or expires.',
    },
    ...social,
    {
      name: 'privacyPolicy',
      section: 'Legal texts',
      label: 'Privacy policy',
      type: 'textarea',
      rows: 10,
      maxLength: L.legalText,
      blank: 'empty',
      hint: 'Shown at /legal/privacy-policy. Blank lines start new paragraphs.',
    },
    {
      name: 'termsAndConditions',
      label: 'Terms and conditions',
      type: 'textarea',
      rows: 10,
      maxLength: L.legalText,
      blank: 'empty',
      hint: 'Shown at /legal/terms-and-conditions.',
    },
  ],
};
