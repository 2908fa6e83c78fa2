import { platformProblem } from '#core/social/platform-limits.ts';
import { CreatePostSchema } from '#core/social/social-schemas.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { newId } from '#core/ids.ts';
import { socialPostTargets, socialPosts } from '#db/schema/index.ts';
import type { RequestBody } from '#worker/lib/body.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { chosenAssets, limitsMedia } from './social-posts.media.ts';
import { freshClaim, publishClaimed } from './social-posts.publish.ts';
import { getPost } from './social-posts.read.ts';
import type { PostJson } from './social-posts.serialize.ts';

/** The create body: JSON or a form (text fields only; media come from the library by id). */
export const CREATE_BODY = { maxBytes: 512 * 1024, tooLargeMessage: 'The post is too large' };

/**
 * Spec 4 "create": checked whole before anything is written (the schedule, the media, every chosen
 * platform's limits), then the post and its targets in ONE batch. Without a schedule the targets are
 * inserted already claimed by this request and published in it.
 */
export async function createPost(ctx: ServiceCtx, body: RequestBody, now = new Date()): Promise<{ post: PostJson; message: string }> {
  const input = parseInput(CreatePostSchema, body.fields);
  if (input.scheduleTime && input.scheduleTime.getTime() <= now.getTime())
    throw badRequest(SOCIAL_MESSAGES.scheduleInPast, [{ path: 'scheduleTime', message: SOCIAL_MESSAGES.scheduleInPast }]);
  const chosen = await chosenAssets(ctx, input.mediaIds);
  const media = limitsMedia(chosen);
  const problems = input.platforms.flatMap((p) => {
    const problem = platformProblem(p, input.content, media);
    return problem ? [{ path: `platforms.${p}`, message: problem }] : [];
  });
  if (problems.length) throw badRequest(problems[0]!.message, problems);

  const id = newId(now.getTime());
  const scheduled = input.scheduleTime ?? null;
  const claims = input.platforms.map((platform) => ({ platform, claimToken: freshClaim() }));
  const [[post]] = await ctx.db.batch([
    ctx.db
      .insert(socialPosts)
      .values({
        id,
        content: input.content,
        mediaIds: chosen.map((a) => a.id),
        scheduleTime: scheduled,
        createdBy: signedIn(ctx).id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    ctx.db
      .insert(socialPostTargets)
      .values(
        claims.map(({ platform, claimToken }) =>
          scheduled
            ? { postId: id, platform, status: 'scheduled' as const, dueAt: scheduled, updatedAt: now }
            : { postId: id, platform, status: 'publishing' as const, dueAt: now, claimToken, claimedAt: now, updatedAt: now },
        ),
      ),
  ]);
  if (scheduled) return { post: await getPost(ctx, id), message: SOCIAL_MESSAGES.scheduledFor(scheduled) };
  await publishClaimed(ctx, post!, claims);
  const stored = await getPost(ctx, id);
  const ok = stored.platforms.filter((p) => p.status === 'success').length;
  return { post: stored, message: SOCIAL_MESSAGES.published(ok, stored.platforms.length) };
}
