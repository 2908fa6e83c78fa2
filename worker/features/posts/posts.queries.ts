import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { posts } from '#db/schema/index.ts';
import { visibleToPublic } from '#worker/lib/post-visibility.ts';

/** Visitors read published posts, newest publication first (the API's public list and the pages). */
export const PUBLIC_POSTS_ORDER = [desc(posts.publishedAt), desc(posts.id)];

export const publicPostsQuery = (db: Db, now: Date, limit: number, offset = 0) =>
  db
    .select()
    .from(posts)
    .where(visibleToPublic(now))
    .orderBy(...PUBLIC_POSTS_ORDER)
    .limit(limit)
    .offset(offset);

export const publicPostsCountQuery = (db: Db, now: Date) => db.select({ total: count() }).from(posts).where(visibleToPublic(now));

const isIdOrSlug = (idOrSlug: string) => or(eq(posts.id, idOrSlug), eq(posts.slug, idOrSlug.toLowerCase()));

/** A post by id or slug, whatever its state: callers decide who may see a hidden one. */
export const postByIdOrSlug = (db: Db, idOrSlug: string) => db.select().from(posts).where(isIdOrSlug(idOrSlug)).limit(1);

/** A published post by slug (or id), for the post page. */
export const publicPostQuery = (db: Db, idOrSlug: string, now: Date) =>
  db
    .select()
    .from(posts)
    .where(and(visibleToPublic(now), isIdOrSlug(idOrSlug)))
    .limit(1);
