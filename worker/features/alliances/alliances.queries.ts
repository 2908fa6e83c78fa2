import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { alliances } from '#db/schema/index.ts';

/** What visitors see (GET /api/allience and the pages): active alliances by name. */
export const PUBLIC_ALLIANCES = eq(alliances.isActive, true);
export const PUBLIC_ALLIANCES_ORDER = [asc(alliances.name), asc(alliances.id)];

export const publicAlliancesQuery = (db: Db, limit: number, offset = 0) =>
  db
    .select()
    .from(alliances)
    .where(PUBLIC_ALLIANCES)
    .orderBy(...PUBLIC_ALLIANCES_ORDER)
    .limit(limit)
    .offset(offset);
