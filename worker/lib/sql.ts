import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** `column = key`, or `column IS NULL` for a null key: the compare half of a compare-and-set. */
export const sameKey = (column: SQLiteColumn, key: string | null): SQL => (key === null ? isNull(column) : eq(column, key));

/** A LIKE pattern matching `term` literally anywhere (%, _ and \ escaped). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
export const likeLiteral = (column: SQLiteColumn, term: string): SQL => sql`${column} like ${containsPattern(term)} escape '\\'`;

/** Any of the columns contains `term` literally. */
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
