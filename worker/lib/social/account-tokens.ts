import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { SocialPlatform } from '#core/social/platforms.ts';
import { socialAccounts, type SocialAccountRow } from '#db/schema/index.ts';
import { conflict } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { AccountCredentials, SocialTokens } from './platform.ts';
import { accountAdapter } from './registry.ts';
import { decryptToken, encryptToken } from './token-crypto.ts';

type Ctx = Pick<ServiceCtx, 'config' | 'db' | 'origin'>;

/** A token this close to its end is renewed before it is used, so it never dies mid-publish. */
export const USE_MARGIN_MS = 5 * 60_000;
/** How long one refresh may hold an account before another may try. */
const LEASE_MS = 60_000;

/** The active account that posts to `platform`, if one is connected. */
export async function activeAccount(ctx: Pick<ServiceCtx, 'db'>, platform: SocialPlatform): Promise<SocialAccountRow | null> {
  const [row] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.platform, platform), eq(socialAccounts.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** The account's tokens decrypted for one call (a local account has none: the stand-in needs none). */
export async function credentialsOf(ctx: Pick<ServiceCtx, 'config'>, row: SocialAccountRow): Promise<AccountCredentials> {
  const open = (field: 'access' | 'refresh', sealed: string | null) =>
    sealed ? decryptToken(ctx.config, { rowId: row.id, field }, sealed) : Promise.resolve(null);
  return {
    accountId: row.id,
    externalId: row.externalId,
    accessToken: (await open('access', row.accessTokenEnc)) ?? '',
    refreshToken: await open('refresh', row.refreshTokenEnc),
    extra: row.extra,
  };
}

/** The columns that store a set of tokens for account `rowId`, encrypted. A refresh that gives no new refresh token keeps the old one. */
export async function sealedTokens(ctx: Pick<ServiceCtx, 'config'>, rowId: string, tokens: SocialTokens) {
  return {
    accessTokenEnc: await encryptToken(ctx.config, { rowId, field: 'access' }, tokens.accessToken),
    ...(tokens.refreshToken ? { refreshTokenEnc: await encryptToken(ctx.config, { rowId, field: 'refresh' }, tokens.refreshToken) } : {}),
    tokenExpiresAt: tokens.expiresAt,
    ...(tokens.refreshExpiresAt !== undefined ? { refreshExpiresAt: tokens.refreshExpiresAt } : {}),
    ...(tokens.scope !== undefined ? { scope: tokens.scope } : {}),
  };
}

/**
 * Renews an account's token at its platform. One refresh at a time per account: the lease is taken by
 * one conditional UPDATE (a second caller gets 409), the new tokens are written only under that lease,
 * and a refusal is kept as `lastError` (the account stays as it was).
 */
export async function refreshAccount(ctx: Ctx, accountId: string, now = new Date()): Promise<SocialAccountRow> {
  const [leased] = await ctx.db
    .update(socialAccounts)
    .set({ refreshLeaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(socialAccounts.id, accountId), or(isNull(socialAccounts.refreshLeaseUntil), lt(socialAccounts.refreshLeaseUntil, now))))
    .returning();
  if (!leased) throw conflict('This account is being refreshed right now; try again in a moment');
  const lease = leased.refreshLeaseUntil!;
  const held = and(eq(socialAccounts.id, accountId), eq(socialAccounts.refreshLeaseUntil, lease));
  try {
    const adapter = accountAdapter(ctx, leased);
    const tokens = await adapter.refresh(await credentialsOf(ctx, leased));
    const [saved] = await ctx.db
      .update(socialAccounts)
      .set({
        ...(await sealedTokens(ctx, accountId, tokens)),
        lastRefreshedAt: now,
        lastError: null,
        refreshLeaseUntil: null,
        updatedAt: now,
      })
      .where(held)
      .returning();
    if (!saved) throw conflict('This account changed while it was being refreshed; try again');
    return saved;
  } catch (err) {
    await ctx.db
      .update(socialAccounts)
      .set({ lastError: String((err as Error).message ?? err).slice(0, 500), refreshLeaseUntil: null, updatedAt: now })
      .where(held);
    throw err;
  }
}

/** Credentials ready to use: renewed first when the token is about to end and the platform allows it. */
export async function usableCredentials(ctx: Ctx, row: SocialAccountRow, now = new Date()): Promise<AccountCredentials> {
  const ending = row.tokenExpiresAt && row.tokenExpiresAt.getTime() - now.getTime() < USE_MARGIN_MS;
  if (ending && row.mode === 'live' && accountAdapter(ctx, row).canRefresh)
    return credentialsOf(ctx, await refreshAccount(ctx, row.id, now));
  return credentialsOf(ctx, row);
}
