import { resetPasswordLink } from '#worker/lib/email-tokens.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** The school asked for a reset on the user's behalf: the same link as the user's own request, in the school's words. */
export function sendSchoolResetMail(
  ctx: ServiceCtx,
  to: { id: string; email: string; profile?: { firstName?: string } | null },
  secret: string,
) {
  const link = resetPasswordLink(ctx.origin, secret, to.email);
  const hello = `Hello${to.profile?.firstName ? ` ${to.profile.firstName}` : ''},`;
  ctx.defer('mail reset-password', () =>
    ctx.mailer.send({
      to: to.email,
      userId: to.id,
      kind: 'reset-password',
      subject: 'Reset your password',
      text: `${hello}\n\nThe school has sent you a link to choose a new password for your account. Open it within one hour:\n${link}\n\nUntil you choose a new one, your current password keeps working. If you did not expect this, contact the school.`,
    }),
  );
}
