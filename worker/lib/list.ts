import { count, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { offsetOf, pagination, type Pagination } from '#core/paging.ts';
import type { Db } from '#db/client.ts';

type ListArgs<T extends SQLiteTable> = {
  table: T;
  where?: SQL | undefined;
  orderBy: (SQLiteColumn | SQL)[];
  page: number;
  limit: number;
};

/** One page of a table plus its total, sent together as one batch: two statements, one round trip. */
export async function listPage<T extends SQLiteTable>(
  db: Db,
  { table, where, orderBy, page, limit }: ListArgs<T>,
): Promise<{ rows: T['$inferSelect'][]; pagination: Pagination }> {
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offsetOf(page, limit)),
    db
      .select({ total: count() })
      .from(table as SQLiteTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], pagination: pagination(page, limit, totals[0]?.total ?? 0) };
}
