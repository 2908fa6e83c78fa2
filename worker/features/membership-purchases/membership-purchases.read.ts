import { documentDownload } from '#worker/lib/enrollment-documents.ts';
import { paymentMethods } from '#worker/lib/payments/methods.ts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { MEMBERSHIP_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { AdminMembershipsQueryInput, MyMembershipsQueryInput } from '#core/enrollments/membership-schemas.ts';
import type { EnrollmentStats, PublicMembershipView } from '#core/enrollments/views.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import {
  membershipEnrollments,
  membershipPlans,
  memberships,
  users,
  type MembershipPlanRow,
  type MembershipRow,
} from '#db/schema/index.ts';
import { priceFields } from '#worker/lib/catalog/money.ts';
import { fileUrl } from '#worker/lib/public-files.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { ownerColumns } from '#worker/lib/enrollment-views.ts';
import { chargingColumn, visibleEnrollment } from './membership-purchases.queries.ts';
import { serializeMembershipEnrollment } from './membership-purchases.serialize.ts';

const me = membershipEnrollments;
const PUBLIC_LIMIT = 100;

/** GET /public-members: active memberships (in the catalog's order) with their active plans, nothing internal; one round trip. */
export async function publicMembers(ctx: ServiceCtx): Promise<PublicMembershipView[]> {
  const [rows, plans] = await ctx.db.batch([
    ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.isActive, true))
      .orderBy(asc(memberships.sortOrder), asc(sql`${memberships.name} collate nocase`), asc(memberships.id))
      .limit(PUBLIC_LIMIT),
    ctx.db
      .select()
      .from(membershipPlans)
      .innerJoin(memberships, eq(memberships.id, membershipPlans.membershipId))
      .where(and(eq(membershipPlans.isActive, true), eq(memberships.isActive, true)))
      .orderBy(asc(membershipPlans.position), asc(membershipPlans.id)),
  ]);
  const byMembership = new Map<string, MembershipPlanRow[]>();
  for (const { membership_plans: p } of plans) byMembership.set(p.membershipId, [...(byMembership.get(p.membershipId) ?? []), p]);
  return (rows as MembershipRow[]).map((m) => ({
    _id: m.id,
    name: m.name,
    description: m.description,
    benefits: m.benefits,
    image: fileUrl(m.image),
    featured: m.featured,
    plans: (byMembership.get(m.id) ?? []).map((p) => {
      const { price, discountPrice } = priceFields(p);
      return { _id: p.id, name: p.name, durationMonths: p.durationMonths, price, discountPrice, gstRate: p.gstRate };
    }),
  }));
}

/** A page of enrolments with their owners, its total and the stats, as one batch (one round trip). */
async function pageOf(ctx: ServiceCtx, where: SQL | undefined, page: number, limit: number, statsWhere: SQL | undefined) {
  const [rows, total, byStatus, zoneRows] = await ctx.db.batch([
    ctx.db
      .select({ row: me, owner: ownerColumns, charging: chargingColumn })
      .from(me)
      .innerJoin(users, eq(users.id, me.userId))
      .where(where)
      .orderBy(desc(me.createdAt), desc(me.id))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(me)
      .innerJoin(users, eq(users.id, me.userId))
      .where(where),
    ctx.db
      .select({ status: me.status, n: sql<number>`count(*)` })
      .from(me)
      .where(statsWhere)
      .groupBy(me.status),
    schoolTimeZoneQuery(ctx.db),
  ]);
  const stats: EnrollmentStats = { total: 0 };
  for (const s of MEMBERSHIP_ENROLLMENT_STATUSES) stats[s] = 0;
  for (const r of byStatus) {
    stats[r.status] = Number(r.n);
    stats.total += Number(r.n);
  }
  return {
    data: rows.map((r) => serializeMembershipEnrollment(r.row, r.owner, { zone: zoneOf(zoneRows), charging: !!r.charging })),
    pagination: pagination(page, limit, Number(total[0]?.n ?? 0)),
    stats,
  };
}

/** GET /my-enrollments?for=: the caller's own (or their child's), newest first. */
export async function myMemberships(ctx: ServiceCtx, q: MyMembershipsQueryInput) {
  const { userId } = await actingFor(ctx, q.for);
  const mine = eq(me.userId, userId);
  return pageOf(ctx, and(mine, q.status ? eq(me.status, q.status) : undefined), q.page, q.limit, mine);
}

/** GET /admin/all (school): filters by status, payment, membership and a search over the member and the membership. */
export async function allMemberships(ctx: ServiceCtx, q: AdminMembershipsQueryInput) {
  const where = and(
    q.status ? eq(me.status, q.status) : undefined,
    q.paymentStatus ? eq(me.paymentStatus, q.paymentStatus) : undefined,
    q.membershipId ? eq(me.membershipId, q.membershipId) : undefined,
    q.search
      ? likeAny(q.search, [
          users.email,
          sql`json_extract(${users.profile}, '$.firstName')`,
          sql`json_extract(${users.profile}, '$.lastName')`,
          me.membershipName,
          me.planName,
        ])
      : undefined,
  );
  return pageOf(ctx, where, q.page, q.limit, undefined);
}

export async function getMembershipEnrollment(ctx: ServiceCtx, id: string) {
  const { row, owner, zone, charging } = await visibleEnrollment(ctx, id);
  return serializeMembershipEnrollment(row, owner, { zone, charging });
}

/** GET /:id/documents/:index: the owner's or the school's download, never rendered by the browser. */
export async function documentResponse(ctx: ServiceCtx, id: string, index: string): Promise<Response> {
  const { row } = await visibleEnrollment(ctx, id);
  return documentDownload(ctx, { kind: 'membership', id: row.id }, row.documents, index);
}

/** GET /payment-methods: spec 3's shape, the currency C$ enforced on the membership side (spec 9). */
export const membershipPaymentMethods = (ctx: ServiceCtx) => paymentMethods(ctx, MEMBERSHIP_CURRENCY);
