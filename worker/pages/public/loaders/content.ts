import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { alliances, assets, organizationalCharts, posts, testimonials } from '#db/schema/index.ts';
import { visibleToPublic } from '#worker/features/posts/posts.read.ts';

/** The statements the public pages are made of; each loader sends the ones a page needs as ONE batch. */

export const testimonialsQuery = (db: Db, limit: number, offset = 0) =>
  db
    .select()
    .from(testimonials)
    .where(eq(testimonials.isActive, true))
    .orderBy(desc(testimonials.featured), desc(testimonials.createdAt), desc(testimonials.id))
    .limit(limit)
    .offset(offset);
export const testimonialsCountQuery = (db: Db) => db.select({ total: count() }).from(testimonials).where(eq(testimonials.isActive, true));

export const alliancesQuery = (db: Db, limit: number) =>
  db
    .select()
    .from(alliances)
    .where(eq(alliances.isActive, true))
    .orderBy(asc(sql`${alliances.name} collate nocase`), asc(alliances.id))
    .limit(limit);

export const latestPostsQuery = (db: Db, now: Date, limit: number, offset = 0) =>
  db.select().from(posts).where(visibleToPublic(now)).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(limit).offset(offset);
export const postsCountQuery = (db: Db, now: Date) => db.select({ total: count() }).from(posts).where(visibleToPublic(now));

export const postBySlugQuery = (db: Db, slug: string, now: Date) =>
  db
    .select()
    .from(posts)
    .where(and(visibleToPublic(now), or(eq(posts.slug, slug.toLowerCase()), eq(posts.id, slug))))
    .limit(1);

/** The gallery: featured first, then newest. Assets have no hidden state: every asset is public. */
export const galleryQuery = (db: Db, limit: number, offset: number) =>
  db.select().from(assets).orderBy(desc(assets.featured), desc(assets.createdAt), desc(assets.id)).limit(limit).offset(offset);
export const galleryCountQuery = (db: Db) => db.select({ total: count() }).from(assets);

export const chartsQuery = (db: Db) =>
  db
    .select()
    .from(organizationalCharts)
    .orderBy(desc(organizationalCharts.featured), desc(organizationalCharts.createdAt), desc(organizationalCharts.id))
    .limit(20);

export const totalOf = (rows: readonly { total: number }[]) => rows[0]?.total ?? 0;
