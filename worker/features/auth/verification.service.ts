import { eq, inArray } from 'drizzle-orm';
import { authTokens, users } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { sendVerificationMail } from './auth.notify.ts';
import { newEmailTokenStatements, usableToken } from '#worker/lib/email-tokens.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { TOO_MANY_REQUESTS } from './password.service.ts';

export const INVALID_VERIFICATION_TOKEN = 'Invalid or expired verification token';
export const VERIFICATION_SENT = 'If an account exists for that email and is not yet verified, a verification link has been sent.';

/** Spends the link (single use, 24 h) and marks the address verified, in one batch. */
export async function verifyEmail(ctx: ServiceCtx, input: { token: string }) {
  const { db } = ctx;
  const tokenHash = await sha256Hex(input.token);
  const now = Date.now();
  const stillUsable = usableToken(tokenHash, 'verify-email', now);
  const owner = db.select({ userId: authTokens.userId }).from(authTokens).where(stillUsable);
  const [, spent] = await db.batch([
    db
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date(now) })
      .where(inArray(users.id, owner)),
    db
      .update(authTokens)
      .set({ usedAt: new Date(now) })
      .where(stillUsable)
      .returning({ id: authTokens.id }),
  ]);
  if (spent.length !== 1) throw badRequest(INVALID_VERIFICATION_TOKEN);
  return { message: 'Email verified successfully' };
}

export async function resendVerification(ctx: ServiceCtx, input: { email: string }) {
  const { db, config } = ctx;
  await enforceRateLimits(
    db,
    [
      { key: `email-link:ip:${ctx.ip}`, limit: config.rateLimits.RATE_LIMIT_PASSWORD_RESET_IP },
      { key: `verify:account:${input.email}`, limit: config.rateLimits.RATE_LIMIT_VERIFICATION_ACCOUNT },
    ],
    TOO_MANY_REQUESTS,
  );
  const row = await db.select().from(users).where(eq(users.email, input.email)).get();
  if (!row || row.emailVerified) return { message: VERIFICATION_SENT };
  const { secret, statements } = await newEmailTokenStatements(db, row.id, 'verify-email');
  await db.batch(statements);
  sendVerificationMail(ctx, row, secret);
  return { message: VERIFICATION_SENT };
}
