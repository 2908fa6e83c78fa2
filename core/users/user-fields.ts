import { z } from 'zod';
import { passwordProblem } from '#core/password-policy.ts';
import { INVALID_ROLE_MESSAGE, ROLES } from '#core/roles.ts';
import { LOGIN_ID_PATTERN, loginIdFormatMessage, normalizeLoginId, type LoginIdField } from './login-ids.ts';
import { USER_MESSAGES } from './user-messages.ts';
import { checkAddress, normalizeAddress, PROFILE_TEXT_FIELDS, profileText } from '#core/auth/profile.ts';
import { LocationField, TimezoneField } from '#core/location/location-schema.ts';

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
