import { z } from 'zod';
import { passwordProblem } from '#core/password-policy.ts';
import { INVALID_ROLE_MESSAGE, ROLES } from '#core/roles.ts';
import { LOGIN_ID_PATTERN, loginIdFormatMessage, normalizeLoginId, type LoginIdField } from './login-ids.ts';
import { USER_MESSAGES } from './user-messages.ts';
import {
  checkAddress,
  LOCATION_TEXT_FIELDS,
  normalizeAddress,
  PROFILE_TEXT_FIELDS,
  profileText,
  TimezoneField,
} from '#core/auth/profile.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailField = z
  .string({ error: USER_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, USER_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, USER_MESSAGES.invalidEmail);

export const PasswordField = z.string({ error: 'Password must be text' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const RoleField = z.enum(ROLES, { error: INVALID_ROLE_MESSAGE });

export const loginIdField = (field: LoginIdField) =>
  z
    .string({ error: loginIdFormatMessage(field) })
    .max(64, loginIdFormatMessage(field))
    .transform(normalizeLoginId)
    .refine((v) => LOGIN_ID_PATTERN.test(v), loginIdFormatMessage(field));

export { TimezoneField };

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} is out of range`)
    .max(limit, `${label} is out of range`);

/** What the location prompt saves (spec 3 Location): place names, how and when, coordinates. */
export const LocationField = z.object(
  {
    ...LOCATION_TEXT_FIELDS,
    coordinates: z
      .object(
        {
          latitude: coordinate('Latitude', 90),
          longitude: coordinate('Longitude', 180),
          accuracy: z.number({ error: 'Accuracy must be a number' }).min(0).max(1e7).nullable().optional(),
        },
        { error: 'Coordinates must be an object with latitude and longitude' },
      )
      .nullable()
      .optional(),
  },
  { error: 'Location must be an object' },
);

/** Known profile fields only; anything else is dropped. A Canadian address is checked as on the user's own save. */
export const ProfileField = z
  .object(
    {
      ...PROFILE_TEXT_FIELDS,
      grade: profileText('Grade', 50),
      timezone: TimezoneField.nullable().optional(),
      location: LocationField.nullable().optional(),
    },
    { error: 'Profile must be an object' },
  )
  .superRefine((v, ctx) => checkAddress(v, ctx))
  .transform((v) => normalizeAddress(v));

/** Same shapes as a user's own profile save (core/auth/profile.ts), so both paths store the same keys. */
export { EmergencyContactInput as EmergencyContactField, SocialLinksInput as SocialLinksField } from '#core/auth/profile.ts';

export type ProfileInput = z.output<typeof ProfileField>;
