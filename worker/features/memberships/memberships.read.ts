import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  ListMembershipsQuery,
  MEMBERSHIP_MESSAGES,
  type ListMembershipsQueryInput,
  type MembershipSortField,
} from '#core/catalog/membership-schemas.ts';
import type { Sort } from '#core/catalog/query.ts';
import { offsetOf } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { membershipPlans, memberships, type MembershipPlanRow, type MembershipRow } from '#db/schema/index.ts';
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

function whereOf(q: Partial<ListMembershipsQueryInput>, hidden: boolean): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(memberships.isActive, q.isActive) : undefined) : eq(memberships.isActive, true),
    q.featured !== undefined ? eq(memberships.featured, q.featured) : undefined,
    q.search ? likeAny(q.search, [memberships.name, memberships.description]) : undefined,
  );
}

/** Visitors see only active plans. */
const planFilter = (hidden: boolean) => (hidden ? undefined : eq(membershipPlans.isActive, true));

type ListArgs = Pick<ListMembershipsQueryInput, 'page' | 'limit' | 'sort'> &
  Partial<Pick<ListMembershipsQueryInput, 'isActive' | 'featured' | 'search'>>;

/**
 * A page of memberships, its total with the catalog summary, and the plans of exactly that page (a
 * subquery of the same page): never one statement per membership. The caller batches what it needs.
 */
export function membershipListQueries(db: Db, query: ListArgs, hidden: boolean) {
  const args = { table: memberships, where: whereOf(query, hidden), orderBy: orderOf(query.sort), page: query.page, limit: query.limit };
  const pageIds = db
    .select({ id: memberships.id })
    .from(memberships)
    .where(args.where)
    .orderBy(...args.orderBy)
    .limit(args.limit)
    .offset(offsetOf(args.page, args.limit));
  return {
    rows: pageQuery(db, args),
    stats: statsQuery(db, { ...args, isActive: memberships.isActive, featured: memberships.featured }),
    plans: db
      .select()
      .from(membershipPlans)
      .where(and(inArray(membershipPlans.membershipId, pageIds), planFilter(hidden)))
      .orderBy(asc(membershipPlans.position), asc(membershipPlans.id)),
  };
}

const DEFAULT_SORT = ListMembershipsQuery.parse({}).sort;

/** The public memberships page: the first `limit` active memberships in the list's default order, with their active plans. */
export const activeMembershipsQueries = (db: Db, limit: number) => membershipListQueries(db, { page: 1, limit, sort: DEFAULT_SORT }, false);

/** Memberships with their plans, as the API and the pages show them. */
export function membershipsWithPlans(rows: readonly MembershipRow[], plans: readonly MembershipPlanRow[]) {
  const byMembership = plansByMembership(plans);
  return rows.map((row) => serializeMembership(row, byMembership.get(row.id) ?? []));
}

/** GET /api/memberships and /admin: page, total (with the summary) and the page's plans as 3 statements in one batch. */
export async function listMemberships(ctx: ServiceCtx, query: ListMembershipsQueryInput, admin: boolean) {
  const { rows, stats, plans } = membershipListQueries(ctx.db, query, admin || seesHidden(ctx));
  const [page, totals, pagePlans] = await ctx.db.batch([rows, stats, plans]);
  return { memberships: membershipsWithPlans(page as MembershipRow[], pagePlans), ...statsToPage(totals, query.page, query.limit) };
}

/** GET /api/memberships/:id: the membership and its plans in one round trip; hidden ones are 404 for visitors. */
export async function getMembership(ctx: ServiceCtx, id: string) {
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
