import type { PostRow } from '#db/schema/index.ts';
import { objectUrl } from '#worker/lib/public-files.ts';

export const serializePost = (row: PostRow) => ({
  _id: row.id,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  body: row.body,
  coverImage: objectUrl(row.coverImageKey),
  coverWidth: row.coverWidth,
  coverHeight: row.coverHeight,
  tags: row.tags,
  status: row.status,
  publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  authorId: row.authorId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** List items leave the body out (pages show the excerpt; GET /posts/:id has the whole post). */
export const serializePostSummary = (row: PostRow) => {
  const { body: _body, ...rest } = serializePost(row);
  return rest;
};
