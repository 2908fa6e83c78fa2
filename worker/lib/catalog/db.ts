import { count, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Summary } from '#core/catalog/summary.ts';
import { offsetOf, pagination, type Pagination } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { causes } from '#worker/lib/db-errors.ts';
import { AppError, badRequest, conflict } from '#worker/lib/errors.ts';

type PageArgs<T extends SQLiteTable> = {
  table: T;
  where: SQL | undefined;
  orderBy: (SQLiteColumn | SQL)[];
  page: number;
  limit: number;
  isActive: SQLiteColumn;
  featured?: SQLiteColumn | undefined;
};

/** One statement: the filtered total and the whole table's counts (total, active, featured). */
export function statsQuery(db: Db, args: Pick<PageArgs<SQLiteTable>, 'table' | 'where' | 'isActive' | 'featured'>) {
  const { table, where, isActive, featured } = args;
  return db
    .select({
      filtered: sql<number>`coalesce(sum(case when ${where ?? sql`1`} then 1 else 0 end), 0)`.mapWith(Number),
      total: count(),
      active: sql<number>`coalesce(sum(${isActive}), 0)`.mapWith(Number),
      featured: featured ? sql<number>`coalesce(sum(${featured}), 0)`.mapWith(Number) : sql<number>`0`.mapWith(Number),
    })
    .from(table);
}

type Stats = { filtered: number; total: number; active: number; featured: number };

export function statsToPage(stats: Stats[], page: number, limit: number): { pagination: Pagination; summary: Summary } {
  const s = stats[0] ?? { filtered: 0, total: 0, active: 0, featured: 0 };
  return {
    pagination: pagination(page, limit, s.filtered),
    summary: { total: s.total, active: s.active, inactive: s.total - s.active, featured: s.featured },
  };
}

/** The page of rows (no count) a list shows. */
export const pageQuery = <T extends SQLiteTable>(
  db: Db,
  { table, where, orderBy, page, limit }: Pick<PageArgs<T>, 'table' | 'where' | 'orderBy' | 'page' | 'limit'>,
) =>
  db
    .select()
    .from(table as SQLiteTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offsetOf(page, limit));

/**
 * A page of rows plus, in ONE second statement, the filtered total and the whole table's summary
 * (total, active, inactive, featured) for the admin screens: two statements, one round trip.
 */
export async function pageWithSummary<T extends SQLiteTable>(
  db: Db,
  args: PageArgs<T>,
): Promise<{ rows: T['$inferSelect'][]; pagination: Pagination; summary: Summary }> {
  const [rows, stats] = await db.batch([pageQuery(db, args), statsQuery(db, args)]);
  return { rows: rows as T['$inferSelect'][], ...statsToPage(stats, args.page, args.limit) };
}

const messagesOf = (err: unknown) => causes(err).map((e) => String((e as Error)?.message ?? ''));

/**
 * Maps a database refusal to what the admin screen can show: a CHECK constraint (by name) → 400,
 * a UNIQUE column or index (by name) → 409, a foreign key → 409.
 */
export function catalogDbError(
  err: unknown,
  map: { checks?: Record<string, string>; unique?: Record<string, string>; foreignKey?: string },
): AppError | undefined {
  if (err instanceof AppError) return err;
  for (const message of messagesOf(err)) {
    for (const [name, text] of Object.entries(map.checks ?? {}))
      if (message.includes(`CHECK constraint failed: ${name}`)) return badRequest(text);
    if (/UNIQUE constraint failed/.test(message)) {
      for (const [name, text] of Object.entries(map.unique ?? {})) if (message.includes(name)) return conflict(text);
    }
    if (map.foreignKey && /FOREIGN KEY constraint failed/.test(message)) return conflict(map.foreignKey);
  }
  return undefined;
}

/** Runs a write and rethrows its database refusal as the mapped AppError (else the original error). */
export async function mapDbErrors<T>(write: () => Promise<T>, map: Parameters<typeof catalogDbError>[1]): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw catalogDbError(err, map) ?? err;
  }
}

export const nowDate = () => new Date();
