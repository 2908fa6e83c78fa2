import { resetPasswordLink } from '#worker/lib/email-tokens.ts';
import type { MailMessage } from '#worker/lib/mailer.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

type Recipient = { email: string; profile?: { firstName?: string | undefined } | null };

const greeting = (to: Recipient) => `Hello${to.profile?.firstName ? ` ${to.profile.firstName}` : ''},`;

/**
 * Mail leaves after the response (ctx.defer): a failed delivery never fails the request (the user can
 * ask again, the outbox records it), and the answer takes as long whether or not an account got mail.
 */
const sendLater = (ctx: ServiceCtx, message: MailMessage) => ctx.defer(`mail ${message.kind}`, () => ctx.mailer.send(message));

export function sendVerificationMail(ctx: ServiceCtx, to: Recipient, secret: string) {
  const link = `${ctx.origin}/auth/verify-email?token=${encodeURIComponent(secret)}`;
  sendLater(ctx, {
    to: to.email,
    kind: 'verify-email',
    subject: 'Verify your email address',
    text: `${greeting(to)}\n\nPlease confirm your email address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create an account, you can ignore this message.`,
  });
}

export function sendPasswordResetMail(ctx: ServiceCtx, to: Recipient, secret: string) {
  const link = resetPasswordLink(ctx.origin, secret, to.email);
  sendLater(ctx, {
    to: to.email,
    kind: 'reset-password',
    subject: 'Reset your password',
    text: `${greeting(to)}\n\nSomeone asked to reset the password of your account. Open this link within one hour to choose a new one:\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
  });
}

/** Registration with an address that already has an account: its owner hears of it, the visitor learns nothing. */
export function sendAlreadyRegisteredMail(ctx: ServiceCtx, to: Recipient & { id: string }) {
  sendLater(ctx, {
    to: to.email,
    userId: to.id,
    kind: 'register-existing',
    subject: 'Someone tried to create an account with your email',
    text: `${greeting(to)}\n\nSomeone just tried to create a new account with this email address, which already has an account with us. No new account was created.\n\nIf it was you, log in here:\n${ctx.origin}/auth/login\n\nForgot your password? Choose a new one here:\n${ctx.origin}/auth/forgot-password\n\nIf it was not you, you can ignore this message: your account is unchanged.`,
  });
}
