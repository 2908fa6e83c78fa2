import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { emailOutbox } from '#db/schema/index.ts';
import { configured, type AppConfig } from '#worker/config.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string; kind?: string; sentBy?: string; userId?: string };
export type MailResult = { id: string; status: 'stored' | 'sent' | 'failed' };

/** The one way the product sends e-mail. Every message is recorded in the outbox table. */
export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
}

/** The outbox row every message leaves, whichever adapter delivered it. */
const recordMessage = (
  db: Db,
  id: string,
  m: MailMessage,
  delivery: Pick<typeof emailOutbox.$inferInsert, 'status' | 'provider' | 'error' | 'sentAt'>,
) =>
  db.insert(emailOutbox).values({
    id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    kind: m.kind ?? 'general',
    sentBy: m.sentBy ?? null,
    userId: m.userId ?? null,
    ...delivery,
  });

/** Local default: the outbox row is the delivery; admins read it through /api/admin/outbox. */
export const outboxMailer = (db: Db): Mailer => ({
  async send(m) {
    const id = newId();
    await recordMessage(db, id, m, { status: 'stored', provider: 'outbox' });
    return { id, status: 'stored' };
  },
});

/** Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email), logged to the outbox too. */
export const resendMailer = (db: Db, apiKey: string, from: string, fetcher: typeof fetch = fetch): Mailer => ({
  async send(m) {
    const id = newId();
    let status: MailResult['status'] = 'sent';
    let error: string | null = null;
    try {
      const res = await fetcher('https://api.resend.com/emails', {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from, to: [m.to], subject: m.subject, text: m.text, html: m.html }),
      });
      if (!res.ok) {
        status = 'failed';
        error = `provider answered ${res.status}`;
      }
    } catch (err) {
      status = 'failed';
      error = String((err as Error).message ?? err);
    }
    await recordMessage(db, id, m, { status, provider: 'resend', error, sentAt: status === 'sent' ? new Date() : null });
    return { id, status };
  },
});

export function createMailer(config: AppConfig, db: Db): Mailer {
  if (config.MAIL_PROVIDER === 'resend' && configured(config, ['MAIL_API_KEY']))
    return resendMailer(db, config.MAIL_API_KEY, config.MAIL_FROM);
  return outboxMailer(db);
}
