import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { normalizeGrade } from '#core/syllabus/grades.ts';
import { classes, courseEnrollments, membershipEnrollments, orderItems, orders, syllabusItems, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { daysLeft } from '#core/time-zone.ts';
import { nextSessions } from './dashboard.queries.ts';

/** The outer order's id, qualified by hand: Drizzle writes a one-table select's columns bare, ambiguous in a subquery. */
const ORDER_ID = sql.raw('"orders"."id"');

/**
 * GET /api/dashboard/student: the caller's own week at the dojo in one round trip — the timetable's next
 * classes, their courses and membership with days left, their grade's syllabus size and latest orders.
 * Every query is keyed by the caller's id; nobody else's rows can reach it.
 */
export async function studentHome(ctx: ServiceCtx, now = Date.now()) {
  const me = signedIn(ctx);
  const { db } = ctx;
  const [timetable, courseRows, membershipRows, profileRows, syllabusByGrade, orderRows, zoneRows] = await batch(db, [
    db.select().from(classes).where(eq(classes.isActive, true)),
    db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, me.id), ne(courseEnrollments.status, 'cancelled')))
      .orderBy(desc(courseEnrollments.createdAt))
      .limit(5),
    db
      .select()
      .from(membershipEnrollments)
      .where(
        and(eq(membershipEnrollments.userId, me.id), inArray(membershipEnrollments.status, ['active', 'approved', 'pending_approval'])),
      )
      .orderBy(desc(membershipEnrollments.createdAt))
      .limit(5),
    db
      .select({ grade: sql<unknown>`json_extract(${users.profile}, '$.grade')` })
      .from(users)
      .where(eq(users.id, me.id)),
    db
      .select({ grade: syllabusItems.grade, n: sql<number>`count(*)`.mapWith(Number) })
      .from(syllabusItems)
      .where(eq(syllabusItems.isActive, true))
      .groupBy(syllabusItems.grade),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        items:
          sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${ORDER_ID})`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(eq(orders.userId, me.id))
      .orderBy(desc(orders.createdAt))
      .limit(3),
    schoolTimeZoneQuery(db),
  ]);
  const zone = zoneOf(zoneRows);
  const grade = normalizeGrade(profileRows[0]?.grade) || null;
  // The membership that matters most: the active one ending last, else the newest waiting one.
  const membership =
    membershipRows.filter((m) => m.status === 'active').sort((a, b) => (b.endsAt?.getTime() ?? 0) - (a.endsAt?.getTime() ?? 0))[0] ??
    membershipRows[0];
  return {
    grade,
    nextClasses: nextSessions(timetable, now, 3, zone),
    courses: courseRows.map((c) => ({
      _id: c.id,
      courseId: c.courseId,
      title: c.courseTitle,
      status: c.status,
      paymentStatus: c.paymentStatus,
      termEndsAt: c.termEndsAt?.toISOString() ?? null,
      daysLeft: daysLeft(c.termEndsAt, now, zone),
    })),
    membership: membership
      ? {
          _id: membership.id,
          name: membership.membershipName,
          planName: membership.planName,
          status: membership.status,
          paymentStatus: membership.paymentStatus,
          endsAt: membership.endsAt?.toISOString() ?? null,
          daysLeft: daysLeft(membership.endsAt, now, zone),
          autopay: membership.autopay,
        }
      : null,
    syllabus: { grade, count: grade ? (syllabusByGrade.find((s) => s.grade === grade)?.n ?? 0) : 0 },
    orders: orderRows.map((o) => ({
      _id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      total: fromCents(o.totalCents),
      items: o.items,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}
