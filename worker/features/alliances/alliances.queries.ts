import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { alliances } from '#db/schema/index.ts';

/** What visitors see (GET /api/allience and the pages): active alliances by name, whatever its case. */
export const PUBLIC_ALLIANCES = eq(alliances.isActive, true);
export const PUBLIC_ALLIANCES_ORDER = [asc(sql`${alliances.name} collate nocase`), asc(alliances.id)];

export const publicAlliancesQuery = (db: Db, limit: number, offset = 0) =>
  db
    .select()
    .from(alliances)
    .where(PUBLIC_ALLIANCES)
    .orderBy(...PUBLIC_ALLIANCES_ORDER)
    .limit(limit)
    .offset(offset);
