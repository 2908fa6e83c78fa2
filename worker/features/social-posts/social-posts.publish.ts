import { and, eq, inArray, sql } from 'drizzle-orm';
import { newSecret } from '#core/ids.ts';
import { PLATFORM_LABELS, type SocialPlatform } from '#core/social/platforms.ts';
import type { FailureKind } from '#core/social/post-status.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { assets, socialAccounts, socialPostTargets, type SocialPostRow } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { activeAccount, usableCredentials } from '#worker/lib/social/account-tokens.ts';
import { SocialPlatformError, type PublishMedia } from '#worker/lib/social/platform.ts';
import { accountAdapter } from '#worker/lib/social/registry.ts';
import { kindOf, publishMedia } from './social-posts.media.ts';

/** A target this request holds: only the holder of `claimToken` may write its outcome. */
export type Claim = { platform: SocialPlatform; claimToken: string };

type Outcome =
  | { ok: true; accountId: string; externalId: string; url: string | null }
  | { ok: false; accountId: string | null; kind: FailureKind; message: string };

/** Which adapter speaks for an account (the registry's; a test may hand in one that fails on purpose). */
export type AdapterFor = typeof accountAdapter;

export const freshClaim = () => newSecret();
const UNAVAILABLE = (label: string) => `${label} could not be reached; try again later`;

/**
 * Publishes the claimed targets of a post, all platforms at once, and writes each outcome under its
 * claim (a claim recovered meanwhile as interrupted is not overwritten). A platform's refusal is kept in
 * its own words (SocialPlatformError); anything else is 'unavailable' with a generic message, logged
 * without the request or tokens.
 */
export async function publishClaimed(
  ctx: ServiceCtx,
  post: SocialPostRow,
  claims: readonly Claim[],
  adapterFor: AdapterFor = accountAdapter,
): Promise<void> {
  if (claims.length === 0) return;
  const rows = post.mediaIds.length ? await ctx.db.select().from(assets).where(inArray(assets.id, post.mediaIds)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chosen = post.mediaIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const gone = chosen.length < post.mediaIds.length || chosen.some((a) => !kindOf(a));
  const media = publishMedia(ctx, chosen);
  await Promise.all(
    claims.map(async (claim) => {
      const outcome: Outcome = gone
        ? { ok: false, accountId: null, kind: 'rejected_media', message: SOCIAL_MESSAGES.mediaMissing }
        : await publishOne(ctx, post, claim.platform, media, adapterFor);
      await writeOutcome(ctx, post.id, claim, outcome);
    }),
  );
}

async function publishOne(
  ctx: ServiceCtx,
  post: SocialPostRow,
  platform: SocialPlatform,
  media: PublishMedia[],
  adapterFor: AdapterFor,
): Promise<Outcome> {
  const label = PLATFORM_LABELS[platform];
  const account = await activeAccount(ctx, platform);
  if (!account) return { ok: false, accountId: null, kind: 'not_connected', message: SOCIAL_MESSAGES.notConnected(label) };
  try {
    const adapter = adapterFor(ctx, account);
    const credentials = await usableCredentials(ctx, account);
    const done = await adapter.publish(credentials, { postId: post.id, text: post.content, media });
    return { ok: true, accountId: account.id, externalId: done.externalId, url: done.url };
  } catch (err) {
    if (err instanceof SocialPlatformError)
      return { ok: false, accountId: account.id, kind: err.kind, message: err.message.slice(0, 1000) };
    // Never the error's message: a library's words may carry a request (and its token).
    ctx.log.error('social publish failed', { platform, postId: post.id, error: (err as Error)?.name ?? 'unknown' });
    return { ok: false, accountId: account.id, kind: 'unavailable', message: UNAVAILABLE(label) };
  }
}

async function writeOutcome(ctx: ServiceCtx, postId: string, claim: Claim, o: Outcome): Promise<void> {
  const now = new Date();
  const t = socialPostTargets;
  const mine = and(eq(t.postId, postId), eq(t.platform, claim.platform), eq(t.claimToken, claim.claimToken), eq(t.status, 'publishing'));
  const common = { attempts: sql`${t.attempts} + 1`, claimToken: null, claimedAt: null, updatedAt: now };
  const target = ctx.db
    .update(t)
    .set(
      o.ok
        ? {
            ...common,
            status: 'success',
            externalId: o.externalId,
            externalUrl: o.url,
            publishedAt: now,
            error: null,
            errorKind: null,
            accountId: o.accountId,
          }
        : { ...common, status: 'failed', error: o.message, errorKind: o.kind, accountId: o.accountId },
    )
    .where(mine);
  const expired = !o.ok && o.kind === 'expired_token' && o.accountId;
  if (expired) {
    await ctx.db.batch([
      target,
      ctx.db.update(socialAccounts).set({ lastError: o.message, updatedAt: now }).where(eq(socialAccounts.id, o.accountId!)),
    ]);
  } else await target;
}
