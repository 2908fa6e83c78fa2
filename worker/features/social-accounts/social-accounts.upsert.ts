import { eq, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { SocialPlatform } from '#core/social/platforms.ts';
import { socialAccounts, type SocialAccountRow } from '#db/schema/index.ts';
import { conflict } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { sealedTokens } from '#worker/lib/social/account-tokens.ts';
import type { ConnectedAccount } from '#worker/lib/social/platform.ts';

export type Connection = {
  platform: SocialPlatform;
  mode: 'live' | 'local';
  connected: ConnectedAccount;
  connectedBy: string;
  now: Date;
};

/**
 * Stores a completed connection as THE account of its platform (one per platform). The tokens are sealed
 * with the row id as additional data, so the id must be known first: a reconnect keeps the stored row's
 * id, read just before; the upsert only overwrites a row with that very id (`setWhere`), so if the row
 * was removed or replaced in between, nothing is written with the wrong id and we read and seal again.
 */
export async function saveConnection(ctx: Pick<ServiceCtx, 'db' | 'config'>, c: Connection): Promise<SocialAccountRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await ctx.db
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(eq(socialAccounts.platform, c.platform))
      .get();
    const id = existing?.id ?? newId();
    const fields = {
      mode: c.mode,
      externalId: c.connected.externalId,
      name: c.connected.name,
      username: c.connected.username ?? null,
      // A new connection never keeps the previous one's refresh token, expiry or scope.
      refreshTokenEnc: null,
      refreshExpiresAt: null,
      scope: null,
      ...(await sealedTokens(ctx, id, c.connected)),
      extra: c.connected.extra ?? {},
      isActive: true,
      // The tokens were just issued: the refresh job measures their lifetime from here.
      lastRefreshedAt: c.now,
      lastError: null,
      refreshLeaseUntil: null,
      expiryNotifiedFor: null,
      connectedBy: c.connectedBy,
      updatedAt: c.now,
    };
    const saved = await ctx.db
      .insert(socialAccounts)
      .values({ id, platform: c.platform, ...fields, createdAt: c.now })
      .onConflictDoUpdate({ target: socialAccounts.platform, set: fields, setWhere: sql`${socialAccounts.id} = excluded.id` })
      .returning()
      .get();
    if (saved) return saved;
  }
  throw conflict('The account changed while it was being connected; please try again');
}
