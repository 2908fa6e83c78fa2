import { z } from 'zod';
import { PASSWORD_MESSAGES, passwordProblem } from '#core/password-policy.ts';
import { AUTH_MESSAGES, EMAIL_PATTERN } from './messages.ts';

export { AUTH_MESSAGES, EMAIL_PATTERN };

/** Trimmed, lower-cased, basic address pattern (spec 5). */
export const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid);

/** A password being chosen: the policy of core/password-policy.ts. */
export const newPasswordField = (requiredMessage: string = PASSWORD_MESSAGES.required) =>
  z.string({ error: requiredMessage }).superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: value ? problem : requiredMessage });
  });

/** A password being checked (login, current password): no policy, only a sane bound. */
export const givenPasswordField = (requiredMessage: string = PASSWORD_MESSAGES.required) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(1024, PASSWORD_MESSAGES.tooLong);

/** A login id (student, grandmaster, admin, instructor): trimmed and upper-cased (spec 5). */
export const loginIdField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().toUpperCase().min(1, requiredMessage).max(64, requiredMessage);
