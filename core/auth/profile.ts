import { z } from 'zod';
import { text } from '#core/fields.ts';
import { LocationField, TimezoneField } from '#core/location/location-schema.ts';

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

export const EmergencyContactInput = z.object({
  name: profileText('Emergency contact name', 100),
  phone: profileText('Emergency contact phone', 30),
  relationship: profileText('Emergency contact relationship', 50),
  email: profileText('Emergency contact email', 254),
});

/** The profile's text fields, the same whoever saves them (the user here, an admin in core/users/user-fields.ts). */
export const PROFILE_TEXT_FIELDS = {
  firstName: profileText('First name', 100),
  lastName: profileText('Last name', 100),
  phone: profileText('Phone number', 30),
  dateOfBirth: profileText('Date of birth', 30),
  gender: profileText('Gender', 30),
  address: profileText('Address', 300),
  city: profileText('City', 100),
  state: profileText('State', 100),
  country: profileText('Country', 100),
  bio: profileText('Bio', 2000),
};

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
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
