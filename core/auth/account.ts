import { z } from 'zod';
import { INVALID_ROLE_MESSAGE, ROLES } from '#core/roles.ts';
import { AUTH_MESSAGES, emailField, givenPasswordField, newPasswordField } from './fields.ts';

/** The only roles a visitor may pick when registering; anything else is refused by the server. */
export const SELF_REGISTER_ROLES = ['student', 'member'] as const;

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`);

export const RegisterInput = z.object({
  email: emailField,
  password: newPasswordField(),
  firstName: name('First name').optional(),
  lastName: name('Last name').optional(),
  phone: z.string({ error: 'Phone number must be text' }).trim().max(30, 'Phone number must be at most 30 characters').optional(),
  role: z.enum(ROLES, { error: INVALID_ROLE_MESSAGE }).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const EmailOnlyInput = z.object({ email: emailField });

const withConfirmation = <T extends { newPassword: string; confirmPassword: string }>(v: T) => v.newPassword === v.confirmPassword;
const mismatch = { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] };

export const ResetPasswordInput = z
  .object({
    token: z
      .string({ error: AUTH_MESSAGES.tokenRequired })
      .trim()
      .min(1, AUTH_MESSAGES.tokenRequired)
      .max(256, AUTH_MESSAGES.tokenRequired),
    email: emailField,
    newPassword: newPasswordField(AUTH_MESSAGES.newPasswordRequired),
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmPasswordRequired }).min(1, AUTH_MESSAGES.confirmPasswordRequired),
  })
  .refine(withConfirmation, mismatch);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const UpdatePasswordInput = z
  .object({
    currentPassword: givenPasswordField(AUTH_MESSAGES.currentPasswordRequired),
    newPassword: newPasswordField(AUTH_MESSAGES.newPasswordRequired),
    confirmPassword: z.string({ error: AUTH_MESSAGES.confirmPasswordRequired }).min(1, AUTH_MESSAGES.confirmPasswordRequired),
  })
  .refine(withConfirmation, mismatch);
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInput>;

export const DeactivateInput = z.object({ password: givenPasswordField() });
