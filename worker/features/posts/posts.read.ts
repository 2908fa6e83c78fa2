import { and, desc, eq, lte, or, type SQL } from 'drizzle-orm';
import { POST_MESSAGES, type ListPostsQueryInput } from '#core/media/post-schemas.ts';
import { posts, type PostRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { jsonArrayHas, likeLiteral } from '#worker/lib/sql.ts';
import { serializePost, serializePostSummary } from './posts.serialize.ts';

/** What a visitor may read: published, with a publication time that has come. */
export const visibleToPublic = (now = new Date()): SQL => and(eq(posts.status, 'published'), lte(posts.publishedAt, now))!;

const isVisible = (row: PostRow, now = new Date()) => row.status === 'published' && !!row.publishedAt && row.publishedAt <= now;

/** GET /api/posts: visitors get published posts newest first; admins also drafts (filter by status). */
export async function listPosts({ ctx, query }: { ctx: ServiceCtx; query: ListPostsQueryInput }) {
  const admin = seesHidden(ctx);
  const { rows, pagination } = await listPage(ctx.db, {
    table: posts,
    where: and(
      admin ? (query.status ? eq(posts.status, query.status) : undefined) : visibleToPublic(),
      query.tag ? jsonArrayHas(posts.tags, query.tag) : undefined,
      query.search ? or(likeLiteral(posts.title, query.search), likeLiteral(posts.excerpt, query.search)) : undefined,
    ),
    orderBy: admin ? [desc(posts.createdAt), desc(posts.id)] : [desc(posts.publishedAt), desc(posts.id)],
    page: query.page,
    limit: query.limit,
  });
  return { posts: rows.map(serializePostSummary), pagination };
}

/** GET /api/posts/:id — by id or by slug; a draft or a scheduled post is 404 for visitors. */
export async function getPost({ ctx, idOrSlug }: { ctx: ServiceCtx; idOrSlug: string }) {
  const row = await ctx.db
    .select()
    .from(posts)
    .where(or(eq(posts.id, idOrSlug), eq(posts.slug, idOrSlug.toLowerCase())))
    .get();
  if (!row || (!isVisible(row) && !seesHidden(ctx))) throw notFound(POST_MESSAGES.notFound);
  return serializePost(row);
}
