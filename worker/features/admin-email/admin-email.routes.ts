import { Hono } from 'hono';
import { ADMIN_EMAIL_MESSAGES, EmailUsersBody, SendBulkEmailSchema, SendEmailSchema } from '#core/admin-email/admin-email-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { emailRecipients, sendBulkEmail, sendEmail } from './admin-email.service.ts';

/** Spec 7 Admin e-mail (/api/admin/email): the school writes to one user or to many, through the Mailer. */
export const adminEmailRoutes = new Hono<AppEnv>()
  .post('/users', validate('json', EmailUsersBody), async (c) => {
    const data = await emailRecipients(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, ...data });
  })
  .post('/send', validate('json', SendEmailSchema), async (c) => {
    const data = await sendEmail(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: ADMIN_EMAIL_MESSAGES.sent, data });
  })
  .post('/send-bulk', validate('json', SendBulkEmailSchema), async (c) => {
    const data = await sendBulkEmail(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: `Emails sent to ${data.sent} of ${data.total} users`, data });
  });
