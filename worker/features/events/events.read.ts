import { and, desc, eq, type SQL } from 'drizzle-orm';
import { EVENT_MESSAGES, type ListEventsQueryInput } from '#core/catalog/event-schemas.ts';
import type { Db } from '#db/client.ts';
import { events } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { datedOrder, whenWhere } from '#worker/lib/catalog/dated.ts';
import { serializeEvent } from './events.serialize.ts';

function whereOf(q: Pick<ListEventsQueryInput, 'when'> & Partial<ListEventsQueryInput>, hidden: boolean, now: Date): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(events.isActive, q.isActive) : undefined) : eq(events.isActive, true),
    whenWhere(q.when, events.endsAt, now),
    q.category ? eq(events.category, q.category) : undefined,
    q.search ? likeAny(q.search, [events.title, events.description, events.location]) : undefined,
  );
}

/** GET /api/events: upcoming by default (2 statements). */
export async function listEvents(ctx: ServiceCtx, query: ListEventsQueryInput) {
  const now = new Date();
  const { rows, pagination } = await listPage(ctx.db, {
    table: events,
    where: whereOf(query, seesHidden(ctx), now),
    orderBy: datedOrder(query.when, events, now, false),
    page: query.page,
    limit: query.limit,
  });
  return { events: rows.map((r) => serializeEvent(r, now.getTime())), pagination };
}

/** Active events that are still to come (soonest first) or over (latest first), for the public pages. */
export const eventsWhenQuery = (db: Db, when: 'upcoming' | 'past', now: Date, limit: number) =>
  db
    .select()
    .from(events)
    .where(whereOf({ when }, false, now))
    .orderBy(...datedOrder(when, events, now, false))
    .limit(limit);

/** One event by id; an inactive one only for callers who see hidden items. */
export const eventByIdQuery = (db: Db, id: string, hidden: boolean) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.id, id), hidden ? undefined : eq(events.isActive, true)));

/** Id and last change of every active event, most recently changed first (the sitemap). */
export const eventSitemapQuery = (db: Db, limit: number) =>
  db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .where(eq(events.isActive, true))
    .orderBy(desc(events.updatedAt))
    .limit(limit);

/** GET /api/events/:id; an inactive event does not exist for visitors. */
export async function getEvent(ctx: ServiceCtx, id: string) {
  const [row] = await eventByIdQuery(ctx.db, id, seesHidden(ctx));
  if (!row) throw notFound(EVENT_MESSAGES.notFound);
  return serializeEvent(row);
}
