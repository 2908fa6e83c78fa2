import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListPostsInput } from '#core/social/social-schemas.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import type { PostStatus } from '#core/social/post-status.ts';
import { assets, socialLocalLog, socialPostTargets, socialPosts, users, type SocialPostRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { serializePost, serializePostMedia, type PostJson, type PostMediaJson } from './social-posts.serialize.ts';

type Ctx = Pick<ServiceCtx, 'db'>;

/** Blank ids are the caller's mistake (400), not a missing post. */
export function postIdOf(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (!id) throw badRequest(SOCIAL_MESSAGES.postIdRequired);
  return id;
}

const personName = sql<string>`trim(coalesce(json_extract(${users.profile}, '$.firstName'), '') || ' ' || coalesce(json_extract(${users.profile}, '$.lastName'), ''))`;

/** Posts as JSON: their targets, media and authors in ONE batch, whatever the number of posts. */
export async function postsJson(ctx: Ctx, rows: readonly SocialPostRow[]): Promise<PostJson[]> {
  if (rows.length === 0) return [];
  const mediaIds = [...new Set(rows.flatMap((r) => r.mediaIds))];
  const authors = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const [targets, media, people] = await ctx.db.batch([
    ctx.db
      .select()
      .from(socialPostTargets)
      .where(
        inArray(
          socialPostTargets.postId,
          rows.map((r) => r.id),
        ),
      ),
    ctx.db.select().from(assets).where(inArray(assets.id, mediaIds)),
    ctx.db.select({ id: users.id, name: personName, email: users.email }).from(users).where(inArray(users.id, authors)),
  ]);
  const mediaById = new Map<string, PostMediaJson>(media.map((a) => [a.id, serializePostMedia(a)]));
  const names = new Map(people.map((p) => [p.id, p.name || p.email]));
  return rows.map((r) =>
    serializePost(
      r,
      targets.filter((t) => t.postId === r.id),
      mediaById,
      r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    ),
  );
}

export async function getPost(ctx: Ctx, rawId: string | undefined): Promise<PostJson> {
  const id = postIdOf(rawId);
  const [row] = await ctx.db.select().from(socialPosts).where(eq(socialPosts.id, id)).limit(1);
  if (!row) throw notFound(SOCIAL_MESSAGES.postNotFound);
  return (await postsJson(ctx, [row]))[0]!;
}

/** Whether one of the post's targets matches `cond` (the post's status is derived from its targets, so filters are too). */
const hasTarget = (cond: SQL) =>
  sql`exists (select 1 from ${socialPostTargets} where ${socialPostTargets.postId} = ${socialPosts.id} and ${cond})`;
const none = (cond: SQL) => sql`not ${hasTarget(cond)}`;

/** postStatus() (core/social/post-status.ts) in SQL; every post has at least one target. */
export const STATUS_SQL: Record<PostStatus, SQL> = {
  publishing: hasTarget(sql`${socialPostTargets.status} = 'publishing'`),
  scheduled: none(sql`${socialPostTargets.status} <> 'scheduled'`),
  published: none(sql`${socialPostTargets.status} <> 'success'`),
  partial: and(
    hasTarget(sql`${socialPostTargets.status} = 'success'`),
    hasTarget(sql`${socialPostTargets.status} <> 'success'`),
    none(sql`${socialPostTargets.status} = 'publishing'`),
  )!,
  failed: and(
    none(sql`${socialPostTargets.status} in ('success', 'publishing')`),
    hasTarget(sql`${socialPostTargets.status} <> 'scheduled'`),
  )!,
};

/** Newest first; status, platform and words in the content narrow it. */
export async function listPosts(ctx: Ctx, q: ListPostsInput) {
  const where = and(
    q.status ? STATUS_SQL[q.status] : undefined,
    q.platform ? hasTarget(sql`${socialPostTargets.platform} = ${q.platform}`) : undefined,
    q.search ? likeAny(q.search, [socialPosts.content]) : undefined,
  );
  const { rows, pagination } = await listPage(ctx.db, {
    table: socialPosts,
    where,
    orderBy: [desc(socialPosts.createdAt), desc(socialPosts.id)],
    page: q.page,
    limit: q.limit,
  });
  return { posts: await postsJson(ctx, rows), pagination };
}

/** What the local stand-in would have posted (the last 50, or one post's). */
export async function localLog(ctx: Ctx, postId: string | undefined) {
  const id = postId?.trim();
  const rows = await ctx.db
    .select()
    .from(socialLocalLog)
    .where(id ? eq(socialLocalLog.postId, id) : undefined)
    .orderBy(desc(socialLocalLog.createdAt), desc(socialLocalLog.id))
    .limit(50);
  return rows.map((r) => ({ _id: r.id, platform: r.platform, postId: r.postId, payload: r.payload, createdAt: r.createdAt.toISOString() }));
}
