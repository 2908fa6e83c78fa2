import { asc, desc, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { When } from '#core/catalog/query.ts';

/** Events and seminars: "upcoming" means not over yet (ongoing ones included), "past" means over. */
export function whenWhere(when: When, endsAt: SQLiteColumn, now: Date): SQL | undefined {
  if (when === 'upcoming') return gte(endsAt, now);
  if (when === 'past') return lt(endsAt, now);
  return undefined;
}

/**
 * Upcoming ones soonest first, past ones latest first; for `all`, either newest first or (upcomingFirst)
 * the upcoming ones soonest first followed by the past ones latest first. The id makes paging stable.
 */
export function datedOrder(
  when: When,
  cols: { startsAt: SQLiteColumn; endsAt: SQLiteColumn; id: SQLiteColumn },
  now: Date,
  upcomingFirst: boolean,
): SQL[] {
  const { startsAt, endsAt, id } = cols;
  if (when === 'upcoming') return [asc(startsAt), asc(id)];
  if (when === 'past' || !upcomingFirst) return [desc(startsAt), desc(id)];
  const ms = now.getTime();
  return [
    asc(sql`case when ${endsAt} >= ${ms} then 0 else 1 end`),
    asc(sql`case when ${endsAt} >= ${ms} then ${startsAt} else -${startsAt} end`),
    asc(id),
  ];
}

/** Moving only the start keeps the duration: the end moves along (SET expressions see the old row). */
export const shiftedEnd = (newStart: Date, cols: { startsAt: SQLiteColumn; endsAt: SQLiteColumn }) =>
  sql`${newStart.getTime()} + (${cols.endsAt} - ${cols.startsAt})`;
