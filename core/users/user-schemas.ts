import { z } from 'zod';
import { LOGIN_ID_FIELDS, type LoginIdField } from './login-ids.ts';
import {
  EmailField,
  EmergencyContactField,
  loginIdField,
  PasswordField,
  ProfileField,
  RoleField,
  SocialLinksField,
} from './user-fields.ts';
import { USER_MESSAGES } from './user-messages.ts';
import { jsonFlag } from '#core/fields.ts';
import { profileText } from '#core/auth/profile.ts';

const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/** On create a blank login id means "generate one". */
const createLoginId = (field: LoginIdField) => z.preprocess((v) => (blank(v) ? undefined : v), loginIdField(field).optional());
/** On update a blank login id (null or '') clears it. */
const updateLoginId = (field: LoginIdField) => z.preprocess((v) => (blank(v) ? null : v), loginIdField(field).nullable()).optional();

const loginIds = <T extends z.ZodType>(make: (f: LoginIdField) => T) =>
  Object.fromEntries(LOGIN_ID_FIELDS.map((f) => [f, make(f)])) as Record<LoginIdField, T>;

const present = z.unknown().refine((v) => typeof v === 'string' && v.trim().length > 0, { error: USER_MESSAGES.required });

/** Checked first, so a missing field always answers the spec's one message whatever else is wrong. */
const CreateUserRequired = z.looseObject({ email: present, password: present, role: present }, { error: USER_MESSAGES.bodyObject });

const CreateUserFields = z.object({
  email: EmailField,
  password: PasswordField,
  role: RoleField,
  profile: ProfileField.optional(),
  isActive: jsonFlag('isActive').optional(),
  emailVerified: jsonFlag('emailVerified').optional(),
  ...loginIds(createLoginId),
});

export const CreateUserSchema = CreateUserRequired.pipe(CreateUserFields);
export type CreateUserInput = z.output<typeof CreateUserSchema>;

/** Everything an admin may change; unknown keys (passwordHash, tokenVersion, id, …) are dropped. */
export const UpdateUserSchema = z.object(
  {
    email: EmailField.optional(),
    role: RoleField.optional(),
    isActive: jsonFlag('isActive').optional(),
    emailVerified: jsonFlag('emailVerified').optional(),
    password: PasswordField.optional(),
    profile: ProfileField.optional(),
    socialLinks: SocialLinksField.optional(),
    emergencyContact: EmergencyContactField.optional(),
    ...loginIds(updateLoginId),
  },
  { error: USER_MESSAGES.bodyObject },
);
export type UpdateUserInput = z.output<typeof UpdateUserSchema>;

/** The only fields a user who is not admin-capable may change on their own record (spec 7 Profile save). */
export const SELF_EDITABLE_PROFILE_FIELDS = ['timezone', 'location'] as const;

export const BlockUserSchema = z.object(
  { reason: z.string({ error: 'Reason must be text' }).trim().max(500, USER_MESSAGES.reasonTooLong).nullable().optional() },
  { error: USER_MESSAGES.bodyObject },
);
export type BlockUserInput = z.output<typeof BlockUserSchema>;

export const UserIdsField = z
  .array(z.string({ error: USER_MESSAGES.idsRequired }).trim().min(1, USER_MESSAGES.idsRequired).max(100, USER_MESSAGES.invalidId), {
    error: USER_MESSAGES.idsRequired,
  })
  .min(1, USER_MESSAGES.idsRequired)
  .max(500, USER_MESSAGES.tooManyIds)
  .transform((ids) => [...new Set(ids)]);

export const BulkDeleteUsersSchema = z.object({ userIds: UserIdsField }, { error: USER_MESSAGES.idsRequired });

export const BulkUpdateUsersSchema = z.object(
  {
    userIds: UserIdsField,
    update: z
      .object(
        {
          isActive: jsonFlag('isActive').optional(),
          role: RoleField.optional(),
          emailVerified: jsonFlag('emailVerified').optional(),
          profile: z.object({ grade: profileText('Grade', 50) }, { error: 'Profile must be an object' }).optional(),
        },
        { error: USER_MESSAGES.nothingToUpdate },
      )
      .refine(
        (u) => u.isActive !== undefined || u.role !== undefined || u.emailVerified !== undefined || u.profile?.grade !== undefined,
        USER_MESSAGES.nothingToUpdate,
      ),
  },
  { error: USER_MESSAGES.bodyObject },
);
export type BulkUpdateUsersInput = z.output<typeof BulkUpdateUsersSchema>;
