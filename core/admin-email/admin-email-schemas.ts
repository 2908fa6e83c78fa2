import { z } from 'zod';
import { ListUsersQuery } from '#core/users/user-query.ts';

export const ADMIN_EMAIL_LIMITS = { subject: 200, message: 10_000, bulkRecipients: 200 } as const;

export const ADMIN_EMAIL_MESSAGES = {
  bodyObject: 'Please send a JSON object',
  userRequired: 'User ID is required',
  usersRequired: 'User IDs array is required',
  tooManyUsers: `At most ${ADMIN_EMAIL_LIMITS.bulkRecipients} recipients at a time`,
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${ADMIN_EMAIL_LIMITS.subject} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${ADMIN_EMAIL_LIMITS.message} characters`,
  userNotFound: 'User not found',
  sent: 'Email sent successfully',
} as const;

/** POST /admin/email/users takes the users list's filters in its body; numbers are read like query strings. */
export const EmailUsersBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'number' ? String(x) : x]))
      : v,
  ListUsersQuery,
);

const subject = z
  .string({ error: ADMIN_EMAIL_MESSAGES.subjectRequired })
  .trim()
  .min(1, ADMIN_EMAIL_MESSAGES.subjectRequired)
  .max(ADMIN_EMAIL_LIMITS.subject, ADMIN_EMAIL_MESSAGES.subjectTooLong)
  // A subject is one header line: no line breaks that could start another header.
  .transform((s) => s.replace(/[\r\n]+/g, ' '));
const message = z
  .string({ error: ADMIN_EMAIL_MESSAGES.messageRequired })
  .trim()
  .min(1, ADMIN_EMAIL_MESSAGES.messageRequired)
  .max(ADMIN_EMAIL_LIMITS.message, ADMIN_EMAIL_MESSAGES.messageTooLong);
const userId = z.string({ error: ADMIN_EMAIL_MESSAGES.userRequired }).trim().min(1, ADMIN_EMAIL_MESSAGES.userRequired).max(64);

export const SendEmailSchema = z.object({ userId, subject, message }, { error: ADMIN_EMAIL_MESSAGES.bodyObject });
export const SendBulkEmailSchema = z.object(
  {
    userIds: z
      .array(userId, { error: ADMIN_EMAIL_MESSAGES.usersRequired })
      .min(1, ADMIN_EMAIL_MESSAGES.usersRequired)
      .max(ADMIN_EMAIL_LIMITS.bulkRecipients, ADMIN_EMAIL_MESSAGES.tooManyUsers)
      .transform((ids) => [...new Set(ids)]),
    subject,
    message,
  },
  { error: ADMIN_EMAIL_MESSAGES.bodyObject },
);
export type SendEmailInput = z.output<typeof SendEmailSchema>;
export type SendBulkEmailInput = z.output<typeof SendBulkEmailSchema>;
