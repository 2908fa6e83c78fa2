import { eq, not } from 'drizzle-orm';
import { z } from 'zod';
import { PLATFORM_LABELS } from '#core/social/platforms.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { socialAccounts } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { credentialsOf, refreshAccount } from '#worker/lib/social/account-tokens.ts';
import { SocialPlatformError } from '#worker/lib/social/platform.ts';
import { accountAdapter } from '#worker/lib/social/registry.ts';
import { findAccount } from './social-accounts.read.ts';
import { serializeAccount } from './social-accounts.serialize.ts';

/** PATCH /accounts/:id/toggle: `isActive` sets it; left out, the stored value flips (in the UPDATE, so two flips never read the same value). */
export const ToggleAccountSchema = z
  .object({ isActive: z.boolean({ error: 'isActive must be true or false' }).optional() }, { error: 'Please send a JSON object' })
  .optional();

export const cannotRefresh = (label: string) => `${label} does not let us renew its token; reconnect the account to get a new one`;

export async function toggleAccount(ctx: ServiceCtx, id: string, isActive: boolean | undefined) {
  const row = await ctx.db
    .update(socialAccounts)
    .set({ isActive: isActive ?? not(socialAccounts.isActive), updatedAt: new Date() })
    .where(eq(socialAccounts.id, id))
    .returning()
    .get();
  if (!row) throw notFound(SOCIAL_MESSAGES.accountNotFound);
  return {
    account: serializeAccount(ctx, row),
    message: row.isActive ? SOCIAL_MESSAGES.accountActivated : SOCIAL_MESSAGES.accountDeactivated,
  };
}

/** POST /accounts/:id/refresh: 409 when the platform does not allow it, or refuses (its words, kept as lastError by refreshAccount). */
export async function refreshToken(ctx: ServiceCtx, id: string) {
  const row = await findAccount(ctx, id);
  const label = PLATFORM_LABELS[row.platform];
  try {
    if (!accountAdapter(ctx, row).canRefresh) throw conflict(cannotRefresh(label));
    return serializeAccount(ctx, await refreshAccount(ctx, id));
  } catch (err) {
    if (err instanceof SocialPlatformError) throw conflict(err.message);
    throw err;
  }
}

/**
 * DELETE /accounts/:id. The row goes first (one DELETE … RETURNING decides who disconnects, so two
 * clicks revoke once); then, with the tokens it held, our access is revoked at the platform where it
 * allows. Revoking is best-effort: the account is gone here either way, and `revoked` says what happened.
 */
export async function disconnectAccount(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(socialAccounts).where(eq(socialAccounts.id, id)).returning().get();
  if (!row) throw notFound(SOCIAL_MESSAGES.accountNotFound);
  let revoked = false;
  try {
    const adapter = accountAdapter(ctx, row);
    if (adapter.canRevoke) {
      await adapter.revoke(await credentialsOf(ctx, row));
      revoked = true;
    }
  } catch (err) {
    const reason = err instanceof SocialPlatformError ? err.kind : ((err as Error)?.name ?? 'error');
    ctx.log.warn(`revoke failed: ${row.platform}`, { reason });
  }
  return { _id: row.id, revoked };
}
