import { z } from 'zod';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional();

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

export const SocialLinksInput = z.object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, link(p)])) as Record<(typeof SOCIAL_PLATFORMS)[number], ReturnType<typeof link>>,
);

export const EmergencyContactInput = z.object({
  name: text('Emergency contact name', 100),
  phone: text('Emergency contact phone', 30),
  relationship: text('Emergency contact relationship', 50),
  email: text('Emergency contact email', 254),
});

const LocationInput = z.object({
  city: text('City', 100),
  state: text('State', 100),
  country: text('Country', 100),
  countryCode: text('Country code', 8),
  detectedAt: text('Detected at', 40),
  detectionMethod: text('Detection method', 40),
  coordinates: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracy: z.number().nonnegative().optional(),
    })
    .nullable()
    .optional(),
});

/** The profile fields a user may change about themselves; grade, role, ids and flags are not among them. */
export const ProfileFieldsInput = z.object({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  phone: text('Phone number', 30),
  dateOfBirth: text('Date of birth', 30),
  gender: text('Gender', 30),
  address: text('Address', 300),
  city: text('City', 100),
  state: text('State', 100),
  country: text('Country', 100),
  bio: text('Bio', 2000),
  timezone: text('Timezone', 64),
  location: LocationInput.nullable().optional(),
});

/** PUT /api/auth/update-profile: top-level profile fields win over the same ones inside `profile`. */
export const UpdateProfileInput = ProfileFieldsInput.extend({
  profile: ProfileFieldsInput.optional(),
  socialLinks: SocialLinksInput.optional(),
  emergencyContact: EmergencyContactInput.optional(),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
