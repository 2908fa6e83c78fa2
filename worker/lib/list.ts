import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { InArgs, InStatement } from '@libsql/client/web';
import { offsetOf, pagination, type Pagination } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { tableReader } from '#db/compiled-select.ts';

type ListArgs<T extends SQLiteTable> = {
  table: T;
  where?: SQL | undefined;
  orderBy: (SQLiteColumn | SQL)[];
  page: number;
  limit: number;
};

const dialect = new SQLiteSyncDialect();
const statement = (query: SQL): InStatement => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, args: params as InArgs };
};

/**
 * One page of a table plus its total, sent together as one batch: two statements, one round trip.
 * The column list and row mapping are compiled once per table (#db/compiled-select.ts); only the
 * filter and order, which change per request, go through Drizzle's SQL builder.
 */
export async function listPage<T extends SQLiteTable>(
  db: Db,
  { table, where, orderBy, page, limit }: ListArgs<T>,
): Promise<{ rows: T['$inferSelect'][]; pagination: Pagination }> {
  const reader = tableReader(table);
  const filter = where ? sql` where ${where}` : sql``;
  const [rows, totals] = await db.$libsql.batch(
    [
      statement(
        sql`select ${sql.raw(reader.columnList)} from ${table}${filter} order by ${sql.join(orderBy, sql`, `)} limit ${limit} offset ${offsetOf(page, limit)}`,
      ),
      statement(sql`select count(*) from ${table}${filter}`),
    ],
    'deferred',
  );
  const total = Number(totals?.rows[0]?.[0] ?? 0);
  return { rows: (rows?.rows ?? []).map(reader.map), pagination: pagination(page, limit, total) };
}
