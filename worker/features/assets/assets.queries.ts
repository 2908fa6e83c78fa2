import { count, desc } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { assets } from '#db/schema/index.ts';

/** The gallery page: featured first, then newest. Assets have no hidden state: every asset is public. */
export const galleryQuery = (db: Db, limit: number, offset: number) =>
  db.select().from(assets).orderBy(desc(assets.featured), desc(assets.createdAt), desc(assets.id)).limit(limit).offset(offset);

export const galleryCountQuery = (db: Db) => db.select({ total: count() }).from(assets);
