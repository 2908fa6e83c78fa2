import { getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { HotReader } from './hot-read.ts';

/**
 * Drizzle's query builder costs more CPU per request than the database round trip it prepares (profiled
 * in workerd: a select of every column spent most of its time naming the columns). The hot reads compile
 * that part once per isolate from the Drizzle table itself (column names, `mapFromDriverValue`), so they
 * return exactly what `db.select().from(table)` returns.
 */
export type TableReader<T extends SQLiteTable> = {
  /** `"a", "b", …` — every column, in the order `map` reads them (unqualified: every read is of one table). */
  columnList: string;
  /** A row as an array from `json_array(<columnList>)`. */
  map: (raw: readonly unknown[]) => InferSelectModel<T>;
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const readers = new WeakMap<SQLiteTable, TableReader<SQLiteTable>>();

export function tableReader<T extends SQLiteTable>(table: T): TableReader<T> {
  const known = readers.get(table);
  if (known) return known as TableReader<T>;
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  // Rows travel as JSON built by SQLite, which cannot carry a blob: such a table is read with Drizzle.
  const blob = columns.find(([, c]) => c.getSQLType() === 'blob');
  if (blob) throw new TypeError(`${getTableName(table)}.${blob[1].name} is a blob: compiled reads carry rows as JSON`);
  const reader: TableReader<T> = {
    columnList: columns.map(([, c]) => quote(c.name)).join(', '),
    map: (raw) => {
      const row: Record<string, unknown> = {};
      columns.forEach(([field, column], i) => {
        const value = raw[i];
        row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      });
      return row as InferSelectModel<T>;
    },
  };
  readers.set(table, reader as TableReader<SQLiteTable>);
  return reader;
}

/**
 * A primary-key read: `db.select().from(table).where(eq(key, id)).get()`, compiled and sent through the
 * lean reader (`db.$read`, ./hot-read.ts). The row travels as one JSON array: one value to encode and
 * decode instead of a tagged object per column.
 */
export function compileFindById<T extends SQLiteTable>(table: T, key: SQLiteColumn) {
  const reader = tableReader(table);
  // Aliased: the database names an unaliased column by its whole expression, sent back on every reply.
  const text = `select json_array(${reader.columnList}) as "row" from ${quote(getTableName(table))} where ${quote(key.name)} = ? limit 1`;
  return async (db: HotReader, id: string | number): Promise<InferSelectModel<T> | undefined> => {
    const raw = (await db.execute(text, [id]))[0];
    if (!raw) return undefined;
    return reader.map(JSON.parse(String(raw[0])) as unknown[]);
  };
}
