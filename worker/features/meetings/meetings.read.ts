import { and, asc, desc, eq, inArray, lte, gt, or, sql } from 'drizzle-orm';
import type { ListMeetingsQueryInput } from '#core/meetings/meeting-schemas.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { meetings } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { endMs, hostNameMap, hostNamesOf, visibleMeeting, visibleTo } from './meetings.queries.ts';
import { serializeMeeting } from './meetings.serialize.ts';

/** How many meetings the `upcoming` and `past` lists carry. */
export const SIDE_LIST_LIMIT = 50;

/**
 * GET /api/zoom-meetings: a page of the meetings the caller may see (latest start first) and the
 * spec's `upcoming` (not over, soonest first) and `past` (ended, cancelled or past their end,
 * latest first) lists, in one batch.
 */
export async function listMeetings(ctx: ServiceCtx, q: ListMeetingsQueryInput) {
  const user = signedIn(ctx);
  const now = Date.now();
  const visible = visibleTo(user);
  const where = and(visible, q.status ? eq(meetings.status, q.status) : undefined);
  const upcoming = and(visible, inArray(meetings.status, ['scheduled', 'started']), gt(endMs, now));
  const past = and(visible, or(inArray(meetings.status, ['ended', 'cancelled']), lte(endMs, now)));
  const [page, [total], soon, gone, hosts] = await ctx.db.batch([
    ctx.db
      .select()
      .from(meetings)
      .where(where)
      .orderBy(desc(meetings.startTime), desc(meetings.id))
      .limit(q.limit)
      .offset(offsetOf(q.page, q.limit)),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(meetings)
      .where(where),
    ctx.db.select().from(meetings).where(upcoming).orderBy(asc(meetings.startTime), asc(meetings.id)).limit(SIDE_LIST_LIMIT),
    ctx.db.select().from(meetings).where(past).orderBy(desc(meetings.startTime), desc(meetings.id)).limit(SIDE_LIST_LIMIT),
    // The hosts' names for every meeting the caller may see (a handful of staff accounts).
    hostNamesOf(ctx, visible),
  ]);
  const names = hostNameMap(hosts);
  const view = (rows: typeof page) => rows.map((r) => serializeMeeting(r, user, now, names.get(r.hostId ?? '')));
  return {
    meetings: view(page),
    upcoming: view(soon),
    past: view(gone),
    pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)),
  };
}

export async function getMeeting(ctx: ServiceCtx, id: string) {
  const user = signedIn(ctx);
  const [row, hosts] = await Promise.all([visibleMeeting(ctx, user, id), hostNamesOf(ctx, eq(meetings.id, id))]);
  return serializeMeeting(row, user, Date.now(), hostNameMap(hosts).get(row.hostId ?? ''));
}
