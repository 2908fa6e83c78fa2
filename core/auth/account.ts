import { z } from 'zod';
import { text } from '#core/fields.ts';
import { INVALID_ROLE_MESSAGE, ROLES } from '#core/roles.ts';
import { AUTH_MESSAGES, emailField, givenPasswordField, newPasswordField } from './fields.ts';

/** The only roles a visitor may pick when registering; anything else is refused by the server. */
export const SELF_REGISTER_ROLES = ['student', 'member'] as const;

export const RegisterInput = z.object({
  email: emailField,
  password: newPasswordField(),
  firstName: text('First name', 100).optional(),
  lastName: text('Last name', 100).optional(),
  phone: text('Phone number', 30).optional(),
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
