import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { courseEnrollments, enquiries, enrollmentRenewals, membershipEnrollments, orders, payments, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { DAY, monthWeeks, sumWhere } from './dashboard.queries.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { countOf, waitingStatements, waitingView } from './dashboard.staff.ts';

/** Memberships ending within this many days are the school's to chase. */
export const EXPIRING_DAYS = 14;
const FEED = 8;

const expiringWhere = (now: number) =>
  and(
    eq(membershipEnrollments.status, 'active'),
    gte(membershipEnrollments.endsAt, new Date(now)),
    lt(membershipEnrollments.endsAt, new Date(now + EXPIRING_DAYS * DAY)),
  ) as SQL;

const unpaidEnrolment = (t: typeof courseEnrollments | typeof membershipEnrollments) =>
  and(eq(t.paymentStatus, 'pending'), inArray(t.status, ['pending_approval', 'approved'])) as SQL;

const paidIn = (from: number, to: number) =>
  sql`${payments.status} in ('succeeded', 'refunded') and ${payments.paidAt} >= ${from} and ${payments.paidAt} < ${to}`;
const refundedIn = (from: number, to: number) =>
  sql`${payments.status} = 'refunded' and ${payments.refundedAt} >= ${from} and ${payments.refundedAt} < ${to}`;

/** This month's money by week in one aggregate row: payments settled in each week, less refunds made in it. */
function revenueStatement(db: Db, now: number, zone: string) {
  const { start, end, weeks } = monthWeeks(now, zone);
  const fields: Record<string, SQL<number>> = {};
  weeks.forEach((w, i) => {
    fields[`paid${i}`] = sumWhere(sql`${payments.amountCents}`, paidIn(w.from, w.to));
    fields[`refunded${i}`] = sumWhere(sql`${payments.amountCents}`, refundedIn(w.from, w.to));
  });
  return db
    .select({ ...fields, currency: sql<string | null>`max(${payments.currency})` })
    .from(payments)
    .where(or(paidIn(start, end), refundedIn(start, end)));
}

function revenueView(row: Record<string, unknown> | undefined, now: number, zone: string) {
  const { month, weeks } = monthWeeks(now, zone);
  const cents = (key: string) => Number(row?.[key] ?? 0);
  const byWeek = weeks.map((w, i) => ({
    from: new Date(w.from).toISOString(),
    to: new Date(w.to).toISOString(),
    paidCents: cents(`paid${i}`),
    refundedCents: cents(`refunded${i}`),
  }));
  const paid = byWeek.reduce((s, w) => s + w.paidCents, 0);
  const refunded = byWeek.reduce((s, w) => s + w.refundedCents, 0);
  return {
    month,
    currency: (row?.currency as string | null) ?? 'CAD',
    paid: fromCents(paid),
    refunded: fromCents(refunded),
    net: fromCents(paid - refunded),
    weeks: byWeek.map((w) => ({ from: w.from, to: w.to, net: fromCents(w.paidCents - w.refundedCents) })),
  };
}

const person = { profile: users.profile, email: users.email };
const nameOf = (r: { profile: { firstName?: string; lastName?: string } | null; email: string | null }) =>
  profileName(r.profile, r.email?.split('@')[0] ?? '');

/** The latest orders, enrolments, enquiries and payments, each from its own created-at index, newest first. */
function activityStatements(db: Db) {
  return [
    db
      .select({
        id: orders.id,
        number: orders.orderNumber,
        status: orders.status,
        cents: orders.totalCents,
        contact: orders.contact,
        at: orders.createdAt,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt))
      .limit(FEED),
    db
      .select({
        id: courseEnrollments.id,
        title: courseEnrollments.courseTitle,
        status: courseEnrollments.status,
        at: courseEnrollments.createdAt,
        ...person,
      })
      .from(courseEnrollments)
      .leftJoin(users, eq(users.id, courseEnrollments.userId))
      .orderBy(desc(courseEnrollments.createdAt))
      .limit(FEED),
    db
      .select({
        id: membershipEnrollments.id,
        title: sql<string>`${membershipEnrollments.membershipName} || ' (' || ${membershipEnrollments.planName} || ')'`,
        status: membershipEnrollments.status,
        at: membershipEnrollments.createdAt,
        ...person,
      })
      .from(membershipEnrollments)
      .leftJoin(users, eq(users.id, membershipEnrollments.userId))
      .orderBy(desc(membershipEnrollments.createdAt))
      .limit(FEED),
    db
      .select({ id: enquiries.id, subject: enquiries.subject, name: enquiries.name, status: enquiries.status, at: enquiries.createdAt })
      .from(enquiries)
      .where(eq(enquiries.isSpam, false))
      .orderBy(desc(enquiries.createdAt))
      .limit(FEED),
    db
      .select({
        id: payments.id,
        type: payments.purchaseType,
        cents: payments.amountCents,
        currency: payments.currency,
        at: payments.createdAt,
        ...person,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.status, 'succeeded'))
      .orderBy(desc(payments.createdAt))
      .limit(FEED),
  ] as const;
}

type Activity = { kind: string; _id: string; title: string; who: string; status: string; amount: number | null; at: string };

/**
 * GET /api/dashboard/admin: the school's queues (each a count from its status index), the memberships
 * ending soon, this month's revenue by week and the latest activity, in one round trip.
 */
export async function adminHome(ctx: ServiceCtx, now = Date.now()) {
  signedIn(ctx);
  const { db } = ctx;
  const zone = await schoolTimeZone(db);
  const [
    newEnquiries,
    toShip,
    expiringCount,
    expiring,
    unpaidOrders,
    unpaidCourses,
    unpaidMemberships,
    unpaidRenewals,
    revenue,
    feedOrders,
    feedCourses,
    feedMemberships,
    feedEnquiries,
    feedPayments,
    ...waiting
  ] = await batch(db, [
    countOf(db, enquiries, and(eq(enquiries.isSpam, false), eq(enquiries.status, 'New')) as SQL),
    countOf(db, orders, inArray(orders.status, ['paid', 'processing'])),
    countOf(db, membershipEnrollments, expiringWhere(now)),
    db
      .select({ id: membershipEnrollments.id, name: membershipEnrollments.membershipName, endsAt: membershipEnrollments.endsAt, ...person })
      .from(membershipEnrollments)
      .leftJoin(users, eq(users.id, membershipEnrollments.userId))
      .where(expiringWhere(now))
      .orderBy(asc(membershipEnrollments.endsAt))
      .limit(5),
    countOf(db, orders, eq(orders.status, 'pending_payment')),
    countOf(db, courseEnrollments, unpaidEnrolment(courseEnrollments)),
    countOf(db, membershipEnrollments, unpaidEnrolment(membershipEnrollments)),
    countOf(db, enrollmentRenewals, eq(enrollmentRenewals.status, 'pending_payment')),
    revenueStatement(db, now, zone),
    ...activityStatements(db),
    ...waitingStatements(db),
  ]);
  const n = (rows: readonly { n: number }[]) => rows[0]?.n ?? 0;
  const unpaid = {
    orders: n(unpaidOrders),
    courseEnrollments: n(unpaidCourses),
    membershipEnrollments: n(unpaidMemberships),
    renewals: n(unpaidRenewals),
  };
  const iso = (d: Date) => d.toISOString();
  const activity: Activity[] = [
    ...feedOrders.map((o) => ({
      kind: 'order',
      _id: o.id,
      title: `Order ${o.number}`,
      who: o.contact.name,
      status: o.status,
      amount: fromCents(o.cents),
      at: iso(o.at),
    })),
    ...feedCourses.map((e) => ({
      kind: 'course-enrollment',
      _id: e.id,
      title: e.title,
      who: nameOf(e),
      status: e.status,
      amount: null,
      at: iso(e.at),
    })),
    ...feedMemberships.map((e) => ({
      kind: 'membership-enrollment',
      _id: e.id,
      title: e.title,
      who: nameOf(e),
      status: e.status,
      amount: null,
      at: iso(e.at),
    })),
    ...feedEnquiries.map((e) => ({
      kind: 'enquiry',
      _id: e.id,
      title: e.subject,
      who: e.name,
      status: e.status,
      amount: null,
      at: iso(e.at),
    })),
    ...feedPayments.map((p) => ({
      kind: 'payment',
      _id: p.id,
      title: p.type,
      who: nameOf(p),
      status: 'succeeded',
      amount: fromCents(p.cents),
      at: iso(p.at),
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at) || a._id.localeCompare(b._id))
    .slice(0, 10);
  return {
    queues: {
      newEnquiries: n(newEnquiries),
      ...waitingView(waiting),
      ordersToShip: n(toShip),
      expiringMemberships: n(expiringCount),
      unpaid: { ...unpaid, total: unpaid.orders + unpaid.courseEnrollments + unpaid.membershipEnrollments + unpaid.renewals },
    },
    expiring: expiring.map((m) => ({ _id: m.id, name: m.name, who: nameOf(m), endsAt: m.endsAt ? iso(m.endsAt) : null })),
    revenue: revenueView(revenue[0], now, zone),
    activity,
  };
}
