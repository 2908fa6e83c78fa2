import { z } from 'zod';
import { text } from '#core/fields.ts';
import { LocationField, TimezoneField } from '#core/location/location-schema.ts';
import { canadianPostalCode, isCanada, provinceCode } from '#core/places/provinces.ts';

/** Optional profile text; `null` removes the stored value when merged. */
export const profileText = (label: string, max: number) => text(label, max).nullable().optional();

/** Only http(s) links: a `javascript:` URL in a profile must never reach a page. */
const link = (label: string) =>
  z
    .string({ error: `${label} must be a link` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), `${label} must be a valid http(s) link`)
    .nullable()
    .optional();

export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube', 'website'] as const;

/** The words a form shows for each link, used in its error messages too. */
export const SOCIAL_LINK_LABELS: Record<(typeof SOCIAL_PLATFORMS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'Twitter',
  youtube: 'YouTube',
  website: 'Website',
};

export const SocialLinksInput = z.object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, link(SOCIAL_LINK_LABELS[p])])) as Record<
    (typeof SOCIAL_PLATFORMS)[number],
    ReturnType<typeof link>
  >,
);

export const PROFILE_MESSAGES = {
  phone: (label: string) => `${label} may contain only digits, spaces and + - ( ) .`,
  dateOfBirth: 'Date of birth must be a date (YYYY-MM-DD)',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  postalCode: 'Postal code may contain only letters, digits, spaces and -',
  canadianPostalCode: 'Postal code must look like A1A 1A1',
  province: 'Please choose a province or territory',
} as const;

/** A phone number as people write it: digits with spaces, +, -, ( ) and dots. */
const phoneText = (label: string) =>
  profileText(label, 30).refine((v) => !v || (/^[\d\s+().-]+$/.test(v) && /\d/.test(v)), PROFILE_MESSAGES.phone(label));

/** A calendar date (YYYY-MM-DD) from 1900 to today; '' or null clears it. */
const dateOfBirth = profileText('Date of birth', 10).superRefine((v, ctx) => {
  if (!v) return;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3]) || Number(m[1]) < 1900)
    ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dateOfBirth });
  // A day ahead of UTC: it is already tomorrow somewhere.
  else if (d.getTime() > Date.now() + 86_400_000) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dateOfBirthFuture });
});

export const EmergencyContactInput = z.object({
  name: profileText('Emergency contact name', 100),
  phone: phoneText('Emergency contact phone'),
  relationship: profileText('Emergency contact relationship', 50),
  email: profileText('Emergency contact email', 254),
});

/** The profile's text fields, the same whoever saves them (the user here, an admin in core/users/user-fields.ts). */
export const PROFILE_TEXT_FIELDS = {
  firstName: profileText('First name', 100),
  lastName: profileText('Last name', 100),
  phone: phoneText('Phone number'),
  dateOfBirth,
  gender: profileText('Gender', 30),
  /** The postal address: street (address), city, state (the province's code in Canada), postalCode, country. */
  address: profileText('Address', 300),
  city: profileText('City', 100),
  state: profileText('Province or state', 100),
  postalCode: profileText('Postal code', 20).refine((v) => !v || /^[\p{L}\d\s-]+$/u.test(v), PROFILE_MESSAGES.postalCode),
  country: profileText('Country', 100),
  bio: profileText('Bio', 2000),
};

type AddressPart = { state?: string | null | undefined; postalCode?: string | null | undefined; country?: string | null | undefined };

/**
 * A Canadian address (country given as Canada in the same save) takes a province from the list and a
 * Canadian postal code; both are stored as Canada Post writes them ("BC", "V5K 0A1").
 */
export function checkAddress(p: AddressPart, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (!isCanada(p.country)) return;
  if (p.state && !provinceCode(p.state)) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.province, path: [...path, 'state'] });
  if (p.postalCode && !canadianPostalCode(p.postalCode))
    ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.canadianPostalCode, path: [...path, 'postalCode'] });
}

export function normalizeAddress<T extends AddressPart>(p: T): T {
  if (!isCanada(p.country)) return p;
  return {
    ...p,
    ...(p.state ? { state: provinceCode(p.state) } : {}),
    ...(p.postalCode ? { postalCode: canadianPostalCode(p.postalCode) } : {}),
  };
}

/** The profile fields a user may change about themselves; grade, role, ids and flags are not among them. */
export const ProfileFieldsInput = z.object({
  ...PROFILE_TEXT_FIELDS,
  timezone: TimezoneField.nullable().optional(),
  location: LocationField.nullable().optional(),
});

/** PUT /api/auth/update-profile: top-level profile fields win over the same ones inside `profile`. */
export const UpdateProfileInput = ProfileFieldsInput.extend({
  profile: ProfileFieldsInput.optional(),
  socialLinks: SocialLinksInput.optional(),
  emergencyContact: EmergencyContactInput.optional(),
})
  .superRefine((v, ctx) => {
    checkAddress(v, ctx);
    if (v.profile) checkAddress({ ...v.profile, ...(v.country !== undefined ? { country: v.country } : {}) }, ctx, ['profile']);
  })
  .transform((v) => ({
    ...normalizeAddress(v),
    ...(v.profile ? { profile: normalizeAddress({ ...v.profile, country: v.country !== undefined ? v.country : v.profile.country }) } : {}),
  }));
export type UpdateProfileInput = z.output<typeof UpdateProfileInput>;
