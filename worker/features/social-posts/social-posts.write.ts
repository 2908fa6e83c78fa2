import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SocialPlatform } from '#core/social/platforms.ts';
import { postStatus } from '#core/social/post-status.ts';
import { RetryPostSchema } from '#core/social/social-schemas.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { socialPostTargets, socialPosts } from '#db/schema/index.ts';
import { AppError, conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { z } from 'zod';
import { freshClaim, publishClaimed } from './social-posts.publish.ts';
import { getPost, postIdOf } from './social-posts.read.ts';
import type { PostJson } from './social-posts.serialize.ts';

const t = socialPostTargets;

async function postWithTargets(ctx: ServiceCtx, id: string) {
  const [posts, targets] = await ctx.db.batch([
    ctx.db.select().from(socialPosts).where(eq(socialPosts.id, id)).limit(1),
    ctx.db.select().from(t).where(eq(t.postId, id)),
  ]);
  if (!posts[0]) throw notFound(SOCIAL_MESSAGES.postNotFound);
  return { post: posts[0], targets };
}

/** 409 naming the state of each platform asked for (so the screen can say why). */
const notFailed = (states: { platform: string; status: string }[]) =>
  new AppError('CONFLICT', SOCIAL_MESSAGES.nothingToRetry, {
    errors: states.map((s) => ({ path: `platforms.${s.platform}`, message: `${s.platform} is ${s.status}` })),
  });

/**
 * Spec 4 "retry": the failed platforms (all, or the chosen ones) are claimed by ONE conditional UPDATE
 * and only the rows it returns are published, so racing retries publish each platform once.
 */
export async function retryPost(
  ctx: ServiceCtx,
  rawId: string | undefined,
  choice: z.output<typeof RetryPostSchema>,
): Promise<{ post: PostJson; message: string }> {
  const id = postIdOf(rawId);
  const { post, targets } = await postWithTargets(ctx, id);
  if (postStatus(targets) === 'scheduled') throw conflict(SOCIAL_MESSAGES.notYetPublished);
  const state = (p: SocialPlatform) => targets.find((x) => x.platform === p)?.status ?? 'not part of this post';
  const wanted = choice === 'all' ? targets.filter((x) => x.status === 'failed').map((x) => x.platform) : choice;
  if (wanted.length === 0) throw notFailed(targets.map((x) => ({ platform: x.platform, status: x.status })));
  const refused = wanted.filter((p) => state(p) !== 'failed');
  if (refused.length) throw notFailed(wanted.map((p) => ({ platform: p, status: state(p) })));

  const now = new Date();
  const claimToken = freshClaim();
  const claimed = await ctx.db
    .update(t)
    .set({ status: 'publishing', claimToken, claimedAt: now, updatedAt: now })
    .where(and(eq(t.postId, id), inArray(t.platform, wanted), eq(t.status, 'failed')))
    .returning({ platform: t.platform });
  // Another retry took them between our read and our claim: say what they are now.
  if (claimed.length === 0) throw notFailed(wanted.map((p) => ({ platform: p, status: 'publishing' })));
  await publishClaimed(
    ctx,
    post,
    claimed.map((c) => ({ platform: c.platform, claimToken })),
  );
  const after = await getPost(ctx, id);
  const retried = new Set(claimed.map((c) => c.platform));
  const ok = after.platforms.filter((p) => retried.has(p.platform) && p.status === 'success').length;
  return { post: after, message: SOCIAL_MESSAGES.retried(ok, retried.size) };
}

/** Removes the post here only (never at the platforms); not while one of its platforms is being published. */
export async function deletePost(ctx: ServiceCtx, rawId: string | undefined): Promise<{ _id: string }> {
  const id = postIdOf(rawId);
  const publishing = sql`exists (select 1 from ${t} where ${t.postId} = ${id} and ${t.status} = 'publishing')`;
  const [deleted] = await ctx.db.batch([
    ctx.db
      .delete(socialPosts)
      .where(and(eq(socialPosts.id, id), sql`not ${publishing}`))
      .returning({ id: socialPosts.id }),
    // The targets go with their post (also where foreign keys are not enforced).
    ctx.db.delete(t).where(and(eq(t.postId, id), sql`not exists (select 1 from ${socialPosts} where ${socialPosts.id} = ${id})`)),
  ]);
  if (deleted.length) return { _id: id };
  await postWithTargets(ctx, id); // 404 when it is not there at all
  throw conflict(SOCIAL_MESSAGES.publishingNow);
}
