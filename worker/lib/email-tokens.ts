import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { newId, newSecret } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { authTokens } from '#db/schema/index.ts';
import { sha256Hex } from '#worker/lib/digest.ts';

export type EmailTokenPurpose = 'verify-email' | 'reset-password';

export const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

/** Statements that retire a user's earlier unused links of this purpose and store a new one (hash only). */
export async function newEmailTokenStatements(db: Db, userId: string, purpose: EmailTokenPurpose, now = Date.now()) {
  const secret = newSecret();
  const retire = db
    .update(authTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  const insert = db.insert(authTokens).values({
    id: newId(now),
    userId,
    purpose,
    tokenHash: await sha256Hex(secret),
    expiresAt: new Date(now + TOKEN_TTL_MS[purpose]),
  });
  return { secret, statements: [retire, insert] as const };
}

/** The row of an unused, unexpired token (optionally of a given user). */
export function usableToken(tokenHash: string, purpose: EmailTokenPurpose, now: number, userId?: string): SQL {
  return and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date(now)),
    userId ? eq(authTokens.userId, userId) : undefined,
  ) as SQL;
}

/** The page a reset e-mail links to (the user's own request and the school's alike). */
export const resetPasswordLink = (origin: string, secret: string, email: string) =>
  `${origin}/auth/reset-password?token=${encodeURIComponent(secret)}&email=${encodeURIComponent(email)}`;
