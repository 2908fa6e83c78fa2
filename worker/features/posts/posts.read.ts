import { and, desc, eq } from 'drizzle-orm';
import { POST_MESSAGES, type ListPostsQueryInput } from '#core/media/post-schemas.ts';
import { posts } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { isVisibleToPublic, visibleToPublic } from '#worker/lib/post-visibility.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { jsonArrayHas, likeAny } from '#worker/lib/sql.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { postByIdOrSlug, PUBLIC_POSTS_ORDER } from './posts.queries.ts';
import { serializePost, serializePostSummary, withAuthor } from './posts.serialize.ts';

// The sitemap reads it from here; the rule itself lives in worker/lib (media attachments follow it too).

/** GET /api/posts: visitors get published posts newest first; admins also drafts (filter by status). */
export async function listPosts(ctx: ServiceCtx, query: ListPostsQueryInput) {
  const admin = seesHidden(ctx);
  const { rows, pagination } = await listPage(ctx.db, {
    table: posts,
    where: and(
      admin ? (query.status ? eq(posts.status, query.status) : undefined) : visibleToPublic(),
      query.tag ? jsonArrayHas(posts.tags, query.tag) : undefined,
      query.search ? likeAny(query.search, [posts.title, posts.excerpt]) : undefined,
    ),
    orderBy: admin ? [desc(posts.createdAt), desc(posts.id)] : PUBLIC_POSTS_ORDER,
    page: query.page,
    limit: query.limit,
  });
  return { posts: rows.map((row) => (admin ? withAuthor(serializePostSummary(row), row) : serializePostSummary(row))), pagination };
}

/** GET /api/posts/:id — by id or by slug; a draft or a scheduled post is 404 for visitors. */
export async function getPost(ctx: ServiceCtx, idOrSlug: string) {
  const row = await postByIdOrSlug(ctx.db, idOrSlug).get();
  const admin = seesHidden(ctx);
  if (!row || (!isVisibleToPublic(row) && !admin)) throw notFound(POST_MESSAGES.notFound);
  return admin ? withAuthor(serializePost(row), row) : serializePost(row);
}
