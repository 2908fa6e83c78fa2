import type { AuthCtx } from './auth.context.ts';

type Recipient = { email: string; profile?: { firstName?: string | undefined } | null };

const greeting = (to: Recipient) => `Hello${to.profile?.firstName ? ` ${to.profile.firstName}` : ''},`;

/** A failed delivery never fails the request: the user can ask again, and the outbox records it. */
async function sendSafely(ctx: AuthCtx, message: Parameters<AuthCtx['mailer']['send']>[0]) {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        message: 'mail send failed',
        kind: message.kind,
        error: String((err as Error)?.message ?? err),
      }),
    );
  }
}

export function sendVerificationMail(ctx: AuthCtx, to: Recipient, secret: string) {
  const link = `${ctx.origin}/auth/verify-email?token=${encodeURIComponent(secret)}`;
  return sendSafely(ctx, {
    to: to.email,
    kind: 'verify-email',
    subject: 'Verify your email address',
    text: `${greeting(to)}\n\nPlease confirm your email address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create an account, you can ignore this message.`,
  });
}

export function sendPasswordResetMail(ctx: AuthCtx, to: Recipient, secret: string) {
  const link = `${ctx.origin}/auth/reset-password?token=${encodeURIComponent(secret)}&email=${encodeURIComponent(to.email)}`;
  return sendSafely(ctx, {
    to: to.email,
    kind: 'reset-password',
    subject: 'Reset your password',
    text: `${greeting(to)}\n\nSomeone asked to reset the password of your account. Open this link within one hour to choose a new one:\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
  });
}
