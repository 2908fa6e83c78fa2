import { profileName, type NamedProfile } from '#core/users/person-name.ts';
import { panelScreenUrl, type Role } from '#core/roles.ts';
import { resetPasswordLink } from '#worker/lib/email-tokens.ts';
import { notifyByRole } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

type Person = { id: string; email: string; profile?: NamedProfile };
const hello = (p: { profile?: NamedProfile }) => `Hello${p.profile?.firstName ? ` ${p.profile.firstName}` : ''},`;

/** A child given a login: the password-reset link of the auth flow, in the words of a first password. */
export function sendChildLoginMail(ctx: ServiceCtx, to: Person, secret: string) {
  const link = resetPasswordLink(ctx.origin, secret, to.email);
  ctx.defer('mail child login', () =>
    ctx.mailer.send({
      to: to.email,
      userId: to.id,
      kind: 'reset-password',
      subject: 'Choose a password for your account',
      text: `${hello(to)}\n\nYour family has given you a login of your own at the school. Open this link within one hour to choose your password:\n${link}\n\nIf it has expired, use "Forgot password" on the login page with this e-mail address.`,
    }),
  );
}

/** The invitation to become a second guardian: a link to the accept page with the token (only its hash is stored). */
export function sendGuardianInviteMail(ctx: ServiceCtx, to: string, inviter: Person, childNames: string[], token: string, days: number) {
  const link = `${ctx.origin}/family/accept?token=${encodeURIComponent(token)}`;
  const who = profileName(inviter.profile, inviter.email);
  ctx.defer('mail guardian invite', () =>
    ctx.mailer.send({
      to,
      kind: 'guardian-invite',
      subject: `${who} invites you to their family at the school`,
      text: `Hello,\n\n${who} invites you to be a guardian of ${childNames.join(', ')} at the school. Sign in (or create an account) with this e-mail address and open this link within ${days} days:\n${link}\n\nIf you did not expect this, ignore this message.`,
    }),
  );
}

export type Told = { id: string; role: Role; email: string; profile?: NamedProfile };

/** Guardians (and the child) hear in-app and by e-mail; after the response, a failure is logged, never thrown. */
export function tellFamily(
  ctx: ServiceCtx,
  people: readonly Told[],
  notice: { title: string; body: string; eventType: string; childId: string },
) {
  if (!people.length) return;
  ctx.defer(`family notice ${notice.eventType}`, async () => {
    await notifyByRole(ctx, people, (role) => ({
      title: notice.title,
      body: notice.body,
      type: 'info',
      eventType: notice.eventType,
      entityType: 'user',
      entityId: notice.childId,
      actions: [{ action: 'view', title: 'Family', url: panelScreenUrl(role, 'family') }],
    }));
    await Promise.allSettled(
      people.map((p) =>
        ctx.mailer.send({
          to: p.email,
          userId: p.id,
          kind: notice.eventType,
          subject: notice.title,
          text: `${hello(p)}\n\n${notice.body}\n\n${ctx.origin}${panelScreenUrl(p.role, 'family')}`,
        }),
      ),
    );
  });
}
