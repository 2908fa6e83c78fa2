import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { MEMBERSHIP_MESSAGES, type ListMembershipsQueryInput, type MembershipSortField } from '#core/catalog/membership-schemas.ts';
import type { Sort } from '#core/catalog/query.ts';
import { membershipPlans, memberships } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { pageQuery, statsQuery, statsToPage } from '#worker/lib/catalog/db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { plansByMembership, serializeMembership } from './memberships.serialize.ts';

const SORT_EXPR: Record<MembershipSortField, SQLiteColumn | SQL> = {
  sortOrder: memberships.sortOrder,
  name: sql`${memberships.name} collate nocase`,
  createdAt: memberships.createdAt,
  updatedAt: memberships.updatedAt,
};

const orderOf = (s: Sort<MembershipSortField>) => {
  const dir = s.direction === 'asc' ? asc : desc;
  return [dir(SORT_EXPR[s.field]), asc(sql`${memberships.name} collate nocase`), asc(memberships.id)];
};

function whereOf(q: ListMembershipsQueryInput, hidden: boolean): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(memberships.isActive, q.isActive) : undefined) : eq(memberships.isActive, true),
    q.featured !== undefined ? eq(memberships.featured, q.featured) : undefined,
    q.search ? likeAny(q.search, [memberships.name, memberships.description]) : undefined,
  );
}

/** Visitors see only active plans. */
const planFilter = (hidden: boolean) => (hidden ? undefined : eq(membershipPlans.isActive, true));

/**
 * GET /api/memberships and /admin: the page, its total (with the catalog summary) and the plans of
 * exactly that page (a subquery of the same page), as 3 statements in one batch — never one per row.
 */
export async function listMemberships({ ctx, query, admin }: { ctx: ServiceCtx; query: ListMembershipsQueryInput; admin: boolean }) {
  const hidden = admin || seesHidden(ctx);
  const where = whereOf(query, hidden);
  const args = { table: memberships, where, orderBy: orderOf(query.sort), page: query.page, limit: query.limit };
  const pageIds = ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(where)
    .orderBy(...args.orderBy)
    .limit(args.limit)
    .offset((args.page - 1) * args.limit);
  const [rows, stats, plans] = await ctx.db.batch([
    pageQuery(ctx.db, args),
    statsQuery(ctx.db, { ...args, isActive: memberships.isActive, featured: memberships.featured }),
    ctx.db
      .select()
      .from(membershipPlans)
      .where(and(inArray(membershipPlans.membershipId, pageIds), planFilter(hidden)))
      .orderBy(asc(membershipPlans.position), asc(membershipPlans.id)),
  ]);
  const byMembership = plansByMembership(plans);
  const list = (rows as (typeof memberships.$inferSelect)[]).map((row) => serializeMembership(row, byMembership.get(row.id) ?? []));
  return { memberships: list, ...statsToPage(stats, query.page, query.limit) };
}

/** GET /api/memberships/:id: the membership and its plans in one round trip; hidden ones are 404 for visitors. */
export async function getMembership({ ctx, id }: { ctx: ServiceCtx; id: string }) {
  const hidden = seesHidden(ctx);
  const [rows, plans] = await ctx.db.batch([
    ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, id), hidden ? undefined : eq(memberships.isActive, true))),
    ctx.db
      .select()
      .from(membershipPlans)
      .where(and(eq(membershipPlans.membershipId, id), planFilter(hidden)))
      .orderBy(asc(membershipPlans.position), asc(membershipPlans.id)),
  ]);
  const row = rows[0];
  if (!row) throw notFound(MEMBERSHIP_MESSAGES.notFound);
  return serializeMembership(row, plans);
}
