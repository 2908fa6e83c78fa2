import { and, eq, exists } from 'drizzle-orm';
import type { ResetPasswordInput, UpdatePasswordInput } from '#core/auth/account.ts';
import type { Db } from '#db/client.ts';
import { authTokens, users } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { hashPassword, verifyPassword } from '#worker/lib/password.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { sendPasswordResetMail } from './auth.notify.ts';
import { newEmailTokenStatements, usableToken } from '#worker/lib/email-tokens.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { bumpTokenVersion } from '#worker/lib/user-sql.ts';
import { SESSION_CHANGED } from '#worker/lib/publish.ts';
import { loadUserRow, sessionPayload } from './session.ts';

export const RESET_LINK_SENT = 'If an account exists for that email, a password reset link has been sent.';
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** Same answer whether or not the account exists (or may sign in); the counters are keyed by the address given. */
export async function requestPasswordReset(ctx: ServiceCtx, input: { email: string }) {
  const { db, config } = ctx;
  await enforceRateLimits(
    db,
    [
      { key: `email-link:ip:${ctx.ip}`, limit: config.rateLimits.RATE_LIMIT_PASSWORD_RESET_IP },
      { key: `reset:account:${input.email}`, limit: config.rateLimits.RATE_LIMIT_PASSWORD_RESET_ACCOUNT },
    ],
    TOO_MANY_REQUESTS,
  );
  const row = await db.select().from(users).where(eq(users.email, input.email)).get();
  if (!row || !row.canSignIn) return { message: RESET_LINK_SENT };
  const { secret, statements } = await newEmailTokenStatements(db, row.id, 'reset-password');
  await db.batch(statements);
  sendPasswordResetMail(ctx, row, secret);
  return { message: RESET_LINK_SENT };
}

/**
 * Single use under concurrency: the password change is conditional on the token still being usable and
 * the token is spent by a conditional UPDATE … RETURNING in the same batch, so only one caller wins.
 */
export async function resetPassword(ctx: ServiceCtx, input: ResetPasswordInput) {
  const { db } = ctx;
  const tokenHash = await sha256Hex(input.token);
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  const now = Date.now();
  const pending =
    row &&
    (await db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(usableToken(tokenHash, 'reset-password', now, row.id))
      .get());
  if (!row || !pending) throw badRequest(INVALID_RESET_TOKEN);

  const passwordHash = await hashPassword(input.newPassword);
  if (!(await applyPasswordReset(db, { userId: row.id, tokenHash, passwordHash }))) throw badRequest(INVALID_RESET_TOKEN);
  ctx.publish([row.id], SESSION_CHANGED);
  return { message: 'Password has been reset successfully. You can now log in with your new password.' };
}

/** True for the one caller whose batch spent the token; the password only changes in that batch. */
export async function applyPasswordReset(
  db: Db,
  { userId, tokenHash, passwordHash }: { userId: string; tokenHash: string; passwordHash: string },
) {
  const at = Date.now();
  const stillUsable = usableToken(tokenHash, 'reset-password', at, userId);
  const [, spent] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, tokenVersion: bumpTokenVersion, emailVerified: true, updatedAt: new Date(at) })
      .where(and(eq(users.id, userId), exists(db.select({ id: authTokens.id }).from(authTokens).where(stillUsable)))),
    db
      .update(authTokens)
      .set({ usedAt: new Date(at) })
      .where(stillUsable)
      .returning({ id: authTokens.id }),
  ]);
  return spent.length === 1;
}

/** Checks the current password, then ends every other session and hands the caller a fresh token. */
export async function updatePassword(ctx: ServiceCtx, input: UpdatePasswordInput, userId: string) {
  const { db, config } = ctx;
  await enforceRateLimits(db, [{ key: `password-change:${userId}`, limit: config.rateLimits.RATE_LIMIT_LOGIN_ACCOUNT }], TOO_MANY_REQUESTS);
  const row = await loadUserRow(db, userId);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
  if (input.newPassword === input.currentPassword) throw badRequest('New password must be different from the current password');
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await db
    .update(users)
    .set({ passwordHash, tokenVersion: bumpTokenVersion, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!updated) throw badRequest('User not found');
  ctx.publish([userId], SESSION_CHANGED);
  return { ...(await sessionPayload(config, updated)), message: 'Password updated successfully' };
}
