import { and, eq, type SQL } from 'drizzle-orm';
import { type ListSeminarsQueryInput, SEMINAR_MESSAGES } from '#core/catalog/seminar-schemas.ts';
import { seminars } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { datedOrder, whenWhere } from '#worker/lib/catalog/dated.ts';
import { serializeSeminar } from './seminars.serialize.ts';

function whereOf(q: ListSeminarsQueryInput, hidden: boolean, now: Date): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(seminars.isActive, q.isActive) : undefined) : eq(seminars.isActive, true),
    whenWhere(q.when, seminars.endsAt, now),
    q.search ? likeAny(q.search, [seminars.title, seminars.instructor, seminars.location]) : undefined,
  );
}

/** GET /api/seminars: upcoming first, then past ones (2 statements). */
export async function listSeminars({ ctx, query }: { ctx: ServiceCtx; query: ListSeminarsQueryInput }) {
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

export async function getSeminar({ ctx, id }: { ctx: ServiceCtx; id: string }) {
  const row = await ctx.db
    .select()
    .from(seminars)
    .where(and(eq(seminars.id, id), seesHidden(ctx) ? undefined : eq(seminars.isActive, true)))
    .get();
  if (!row) throw notFound(SEMINAR_MESSAGES.notFound);
  return serializeSeminar(row);
}
