import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { InArgs } from '@libsql/client/web';
import { offsetOf, pagination, type Pagination } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { tableReader } from '#db/compiled-select.ts';
import type { HotValue } from '#db/hot-read.ts';

type ListArgs<T extends SQLiteTable> = {
  table: T;
  where?: SQL | undefined;
  orderBy: (SQLiteColumn | SQL)[];
  page: number;
  limit: number;
};

const dialect = new SQLiteSyncDialect();
const statement = (query: SQL): { sql: string; args: InArgs } => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, args: params as InArgs };
};

/**
 * The page and its total as ONE statement (one snapshot, one round trip through the lean reader,
 * #db/hot-read.ts), the page as one JSON text built by SQLite: `[[col, col, …], …]` in the page's order.
 * Decoding a tagged value per column of every row was the largest CPU cost of a 20-row list in the
 * Worker; one string and `JSON.parse` cost a fraction of it. Numbers come back as they would with
 * `intMode: 'number'`; reals keep 15 significant digits (SQLite's JSON), which no column here needs more of.
 */
function jsonPageWithTotal(reader: { columnList: string }, table: SQLiteTable, filter: SQL, order: SQL, limit: number, offset: number) {
  return sql`select coalesce('[' || group_concat(r, ',' order by n) || ']', '[]') as page, (select count(*) from ${table}${filter}) as total from (select json_array(${sql.raw(reader.columnList)}) as r, row_number() over (order by ${order}) as n from ${table}${filter} order by ${order} limit ${limit} offset ${offset})`;
}

/**
 * One page of a table plus its total. The column list and row mapping are compiled once per table
 * (#db/compiled-select.ts); only the filter and order, which change per request, go through Drizzle's
 * SQL builder.
 */
export async function listPage<T extends SQLiteTable>(
  db: Db,
  { table, where, orderBy, page, limit }: ListArgs<T>,
): Promise<{ rows: T['$inferSelect'][]; pagination: Pagination }> {
  const reader = tableReader(table);
  const filter = where ? sql` where ${where}` : sql``;
  const order = sql.join(orderBy, sql`, `);
  const offset = offsetOf(page, limit);
  const { sql: text, args } = statement(jsonPageWithTotal(reader, table, filter, order, limit, offset));
  const [row] = await db.$read.execute(text, args as HotValue[]);
  const raws = JSON.parse(String(row?.[0] ?? '[]')) as unknown[][];
  return { rows: raws.map(reader.map), pagination: pagination(page, limit, Number(row?.[1] ?? 0)) };
}
