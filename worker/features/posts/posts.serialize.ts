import type { PostRow } from '#db/schema/index.ts';
import { objectUrl } from '#worker/lib/public-files.ts';

/** The public view: no `authorId` (a user id), which only admin-capable callers get (`withAuthor`). */
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
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** List items leave the body out (pages show the excerpt; GET /posts/:id has the whole post). */
export const serializePostSummary = (row: PostRow) => {
  const { body: _body, ...rest } = serializePost(row);
  return rest;
};

export const withAuthor = <T extends object>(view: T, row: PostRow) => ({ ...view, authorId: row.authorId });
