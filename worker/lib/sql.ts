import { eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db/client.ts';

/** `column = key`, or `column IS NULL` for a null key: the compare half of a compare-and-set. */
export const sameKey = (column: SQLiteColumn, key: string | null): SQL => (key === null ? isNull(column) : eq(column, key));

/** A LIKE pattern matching `term` literally anywhere (%, _ and \ escaped). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Any of the columns (or expressions) contains `term` literally: the one search condition of every list. */
export const likeAny = (term: string, columns: readonly (SQLiteColumn | SQL)[]): SQL => {
  const p = containsPattern(term);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} like ${p} escape '\\'`),
    sql` or `,
  )})`;
};

/** A JSON array column (tags) holds `value`. */
export const jsonArrayHas = (column: SQLiteColumn, value: string): SQL =>
  sql`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;

/** The total a `select({ total: count() })` answered. */
export const totalOf = (rows: readonly { total: number }[]) => rows[0]?.total ?? 0;

type Statement = BatchItem<'sqlite'>;
type Results<T extends readonly Statement[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Statements run as one batch (one transaction, one round trip), each result typed as its own query's,
 * also for a list with a spread in it (`[write, ...follow]`); an empty list runs nothing. Drizzle's
 * `db.batch` wants a non-empty tuple, which a built list is not.
 */
export async function batch<const T extends readonly Statement[]>(db: Db, statements: T): Promise<Results<T>> {
  if (!statements.length) return [] as unknown as Results<T>;
  return (await db.batch(statements as unknown as [Statement, ...Statement[]])) as unknown as Results<T>;
}

/**
 * `INSERT … SELECT <values> WHERE <condition> RETURNING id`: the check and the write as one statement, so
 * a row is written only while the condition holds (answers no row otherwise); `ignoreConflict` adds ON CONFLICT DO NOTHING.
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, values: T['$inferInsert'], condition: SQL, ignoreConflict = false) {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const entries = Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const names = sql.join(
    entries.map(([k]) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const params = sql.join(
    entries.map(([k, v]) => sql.param(v, columns[k])),
    sql`, `,
  );
  const conflict = ignoreConflict ? sql` on conflict do nothing` : sql``;
  return db.all<{ id: string }>(
    sql`insert into ${table} (${names}) select ${params} where ${condition}${conflict} returning ${sql.identifier('id')}`,
  );
}
