import { desc } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { organizationalCharts as charts } from '#db/schema/index.ts';

/** Featured first, then newest: the API's list and the about page. */
export const CHARTS_ORDER = [desc(charts.featured), desc(charts.createdAt), desc(charts.id)];

export const chartsQuery = (db: Db, limit: number) =>
  db
    .select()
    .from(charts)
    .orderBy(...CHARTS_ORDER)
    .limit(limit);
