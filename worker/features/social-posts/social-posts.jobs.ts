import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import { PLATFORM_LABELS } from '#core/social/platforms.ts';
import { socialPostTargets, socialPosts } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { freshClaim, publishClaimed, type Claim } from './social-posts.publish.ts';

/** At most this many platform posts per run (each may wait up to 15 s on its platform); the next minute takes the rest. */
export const DUE_BATCH = 50;
/** A claim older than this belongs to a Worker that died mid-call. */
export const STALE_CLAIM_MS = 10 * 60_000;
export const INTERRUPTED = 'Publishing was interrupted; check the platform before retrying';

const t = socialPostTargets;

/**
 * Publishes scheduled targets that are due: ONE conditional UPDATE (on the due index) claims up to 50
 * for this run, so two runs never take the same row; a post that ends with a failure tells the admins.
 */
export async function publishDuePosts(ctx: ServiceCtx, now = new Date()) {
  const claimToken = freshClaim();
  const due = sql`select rowid from ${t} where ${t.status} = 'scheduled' and ${t.dueAt} <= ${now.getTime()} order by ${t.dueAt} limit ${DUE_BATCH}`;
  const claimed = await ctx.db
    .update(t)
    .set({ status: 'publishing', claimToken, claimedAt: now, updatedAt: now })
    .where(and(sql`rowid in (${due})`, eq(t.status, 'scheduled'), lte(t.dueAt, now)))
    .returning({ postId: t.postId, platform: t.platform });
  if (claimed.length === 0) return { published: 0 };
  const byPost = new Map<string, Claim[]>();
  for (const c of claimed) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), { platform: c.platform, claimToken }]);
  const posts = await ctx.db
    .select()
    .from(socialPosts)
    .where(inArray(socialPosts.id, [...byPost.keys()]));
  await Promise.all(posts.map((post) => publishClaimed(ctx, post, byPost.get(post.id)!)));
  await tellAdminsOfFailures(ctx, [...byPost.keys()]);
  return { published: claimed.length };
}

/** Posts whose last platform just finished with at least one failure: one notice to the admins each. */
async function tellAdminsOfFailures(ctx: ServiceCtx, postIds: string[]) {
  const targets = await ctx.db.select().from(t).where(inArray(t.postId, postIds));
  for (const id of postIds) {
    const mine = targets.filter((x) => x.postId === id);
    const failed = mine.filter((x) => x.status === 'failed');
    if (!failed.length || mine.some((x) => x.status === 'scheduled' || x.status === 'publishing')) continue;
    const url = `/admin/social/posts/${id}`;
    const names = failed.map((x) => PLATFORM_LABELS[x.platform]).join(', ');
    await notify(
      ctx,
      { roles: ADMIN_CAPABLE },
      {
        title: 'A scheduled social post failed',
        body: `${names}: ${failed[0]!.error ?? 'failed'}`.slice(0, 2000),
        type: 'error',
        eventType: 'social_post_failed',
        priority: 'high',
        entityType: 'social_post',
        entityId: id,
        data: { postId: id, url },
        actions: [{ action: 'open', title: 'Open the post', url }],
      },
    );
  }
}

/** Claims held past 10 minutes become failed 'interrupted': we cannot know whether the platform got the post. */
export async function recoverStaleClaims(ctx: Pick<ServiceCtx, 'db'>, now = new Date()) {
  const rows = await ctx.db
    .update(t)
    .set({ status: 'failed', errorKind: 'interrupted', error: INTERRUPTED, claimToken: null, claimedAt: null, updatedAt: now })
    .where(and(eq(t.status, 'publishing'), lt(t.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))))
    .returning({ postId: t.postId, platform: t.platform });
  return { recovered: rows.length };
}

/** This feature's scheduled work (worker/scheduled.ts runs it every minute; each job idempotent). */
export const JOBS: { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> }[] = [
  { name: 'recover interrupted social posts', run: recoverStaleClaims },
  { name: 'publish due social posts', run: publishDuePosts },
];
