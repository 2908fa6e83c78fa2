import { ADMIN_EMAIL_LIMITS, ADMIN_EMAIL_MESSAGES, SendEmailSchema } from '#core/admin-email/admin-email-schemas.ts';
import type { Errors } from '#web/components/form-kit.tsx';
import type { AdminUser } from '#web/panel/admin-user.ts';

export const PAGE_SIZE = 20;
export { ADMIN_EMAIL_LIMITS, ADMIN_EMAIL_MESSAGES };

/** A user as POST /api/admin/email/users lists them; `deactivated`/`deactivatedAt` only once the API sends them. */
export type Recipient = AdminUser & { deactivated?: boolean; deactivatedAt?: string | null };

export type SendResult = {
  total: number;
  sent: number;
  failed: number;
  notFound: string[];
  results: { userId: string; status: string }[];
};

/** What the screen shows after a send: the server's counts and who the ids were when they were chosen. */
export type SendOutcome = SendResult & { recipients: ReadonlyMap<string, Recipient> };

export const isDeactivated = (u: Recipient) => u.deactivated === true || !!u.deactivatedAt;

/** The sort choices of the users list; "" is the server's default, newest first. */
export const SORT_OPTIONS = [
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'firstName', label: 'First name A–Z' },
  { value: 'lastName', label: 'Last name A–Z' },
  { value: 'email', label: 'E-mail A–Z' },
  { value: 'role', label: 'Role' },
  { value: '-lastLoginAt', label: 'Last signed in' },
] as const;

const ComposeSchema = SendEmailSchema.pick({ subject: true, message: true });

/** The first message per field from the schema POST /send and /send-bulk run, so the words are the API's. */
export function validateCompose(values: { subject: string; message: string }): Errors {
  const result = ComposeSchema.safeParse(values);
  const errors: Errors = {};
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'subject' || field === 'message') errors[field] ??= issue.message;
    }
  return errors;
}

/** One /send answer in the shape of a /send-bulk one, so the summary has a single form. */
export const singleResult = (userId: string, status: string): SendResult => ({
  total: 1,
  sent: status === 'failed' ? 0 : 1,
  failed: status === 'failed' ? 1 : 0,
  notFound: [],
  results: [{ userId, status }],
});
