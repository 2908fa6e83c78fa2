import { and, eq, lte, type SQL } from 'drizzle-orm';
import { posts, type PostRow } from '#db/schema/index.ts';

/**
 * What a visitor may read of a post: published, with a publication time that has come. Here rather
 * than in the posts feature because a post's attachments (media) follow the same rule.
 */
export const visibleToPublic = (now = new Date()): SQL => and(eq(posts.status, 'published'), lte(posts.publishedAt, now))!;

export const isVisibleToPublic = (row: Pick<PostRow, 'status' | 'publishedAt'>, now = new Date()) =>
  row.status === 'published' && !!row.publishedAt && row.publishedAt <= now;
