import { and, desc, eq, type SQL } from 'drizzle-orm';
import { type ListSeminarsQueryInput, SEMINAR_MESSAGES } from '#core/catalog/seminar-schemas.ts';
import type { Db } from '#db/client.ts';
import { seminars } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { datedOrder, whenWhere } from '#worker/lib/catalog/dated.ts';
import { serializeSeminar } from './seminars.serialize.ts';

function whereOf(q: Pick<ListSeminarsQueryInput, 'when'> & Partial<ListSeminarsQueryInput>, hidden: boolean, now: Date): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(seminars.isActive, q.isActive) : undefined) : eq(seminars.isActive, true),
    whenWhere(q.when, seminars.endsAt, now),
    q.search ? likeAny(q.search, [seminars.title, seminars.instructor, seminars.location]) : undefined,
  );
}

/** GET /api/seminars: upcoming first, then past ones (2 statements). */
export async function listSeminars(ctx: ServiceCtx, query: ListSeminarsQueryInput) {
  const now = new Date();
  const { rows, pagination } = await listPage(ctx.db, {
    table: seminars,
    where: whereOf(query, seesHidden(ctx), now),
    orderBy: datedOrder(query.when, seminars, now, true),
    page: query.page,
    limit: query.limit,
  });
  return { seminars: rows.map((r) => serializeSeminar(r, now.getTime())), pagination };
}

/** Active seminars that are still to come (soonest first) or over (latest first), for the public pages. */
export const seminarsWhenQuery = (db: Db, when: 'upcoming' | 'past', now: Date, limit: number) =>
  db
    .select()
    .from(seminars)
    .where(whereOf({ when }, false, now))
    .orderBy(...datedOrder(when, seminars, now, true))
    .limit(limit);

/** One seminar by id; an inactive one only for callers who see hidden items. */
export const seminarByIdQuery = (db: Db, id: string, hidden: boolean) =>
  db
    .select()
    .from(seminars)
    .where(and(eq(seminars.id, id), hidden ? undefined : eq(seminars.isActive, true)));

/** Id and last change of every active seminar, most recently changed first (the sitemap). */
export const seminarSitemapQuery = (db: Db, limit: number) =>
  db
    .select({ id: seminars.id, updatedAt: seminars.updatedAt })
    .from(seminars)
    .where(eq(seminars.isActive, true))
    .orderBy(desc(seminars.updatedAt))
    .limit(limit);

/** GET /api/seminars/:id; an inactive seminar does not exist for visitors. */
export async function getSeminar(ctx: ServiceCtx, id: string) {
  const [row] = await seminarByIdQuery(ctx.db, id, seesHidden(ctx));
  if (!row) throw notFound(SEMINAR_MESSAGES.notFound);
  return serializeSeminar(row);
}
