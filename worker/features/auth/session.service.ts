import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { verifyPassword } from '#worker/lib/password.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { TOO_MANY_REQUESTS } from './password.service.ts';
import { bumpTokenVersion } from '#worker/lib/user-sql.ts';
import { SESSION_CHANGED } from '#worker/lib/publish.ts';
import { loadUserRow, sessionPayload } from './session.ts';

/** Every token of the user stops working at once. */
export async function logoutEverywhere(ctx: ServiceCtx, userId: string) {
  await ctx.db.update(users).set({ tokenVersion: bumpTokenVersion }).where(eq(users.id, userId));
  ctx.publish([userId], SESSION_CHANGED);
  return { message: 'Logged out successfully' };
}

/** A fresh token with a new expiry; the old one keeps working until its own expiry (README explains why). */
export async function refreshSession(ctx: ServiceCtx, userId: string) {
  const row = await loadUserRow(ctx.db, userId);
  return { ...(await sessionPayload(ctx.config, row)), message: 'Token refreshed' };
}

/** The user closes their own account: it can no longer log in and its sessions end now. */
export async function deactivateAccount(ctx: ServiceCtx, userId: string, input: { password: string }) {
  const { db, config } = ctx;
  await enforceRateLimits(db, [{ key: `password-change:${userId}`, limit: config.rateLimits.RATE_LIMIT_LOGIN_ACCOUNT }], TOO_MANY_REQUESTS);
  const row = await loadUserRow(db, userId);
  if (!(await verifyPassword(row.passwordHash, input.password))) throw badRequest('Password is incorrect');
  const now = new Date();
  await db.update(users).set({ deactivatedAt: now, tokenVersion: bumpTokenVersion, updatedAt: now }).where(eq(users.id, userId));
  ctx.publish([userId], SESSION_CHANGED);
  return { message: 'Your account has been deactivated. Contact the school to reactivate it.' };
}
