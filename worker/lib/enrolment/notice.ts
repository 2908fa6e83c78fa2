import type { MailMessage } from '#worker/lib/mailer.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';

/**
 * The e-mail of a school's decision on an enrolment or an application: a greeting, the sentence, and the
 * link to where the user follows it (`Label: url` in text, `linkText` in HTML); every word escaped in the HTML.
 */
export function decisionMail(m: {
  to: string;
  userId: string;
  name: string;
  subject: string;
  kind: string;
  body: string;
  link: string;
  label: string;
  linkText: string;
}): MailMessage {
  return {
    to: m.to,
    userId: m.userId,
    subject: m.subject,
    kind: m.kind,
    text: [`Hello ${m.name},`, '', m.body, '', `${m.label}: ${m.link}`].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(m.name)},</p>`,
      `<p>${escapeHtml(m.body)}</p>`,
      `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.linkText)}</a></p>`,
    ].join('\n'),
  };
}
