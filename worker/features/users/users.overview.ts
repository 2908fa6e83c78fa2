import { count, desc, eq, max } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import type { UserOverviewView } from '#core/users/user-overview.ts';
import { courseEnrollments, instructorEnrollments, membershipEnrollments, messages, orders, payments } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { findUserRow } from './users.queries.ts';
import { serializeUserForAdmin } from './users.serialize.ts';

/** How many of each kind the user page shows (the newest); the totals say how many there are in all. */
export const OVERVIEW_ROWS = 10;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET /api/users/:id/overview: the user and what they have with the school, newest first — course and
 * membership enrolments, instructor applications, orders, payments and their conversation — in one batch.
 * The school's lists have no user filter, and the page needs a few rows of each, not a list screen.
 */
export async function userOverview(ctx: ServiceCtx, id: string): Promise<UserOverviewView<ReturnType<typeof serializeUserForAdmin>>> {
  const row = await findUserRow(ctx.db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  const db = ctx.db;
  const n = OVERVIEW_ROWS;
  const [courses, courseTotal, memberships, membershipTotal, applications, orderRows, orderTotal, paymentRows, paymentTotal, talk] =
    await db.batch([
      db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, id)).orderBy(desc(courseEnrollments.createdAt)).limit(n),
      db.select({ n: count() }).from(courseEnrollments).where(eq(courseEnrollments.userId, id)),
      db
        .select()
        .from(membershipEnrollments)
        .where(eq(membershipEnrollments.userId, id))
        .orderBy(desc(membershipEnrollments.createdAt))
        .limit(n),
      db.select({ n: count() }).from(membershipEnrollments).where(eq(membershipEnrollments.userId, id)),
      db
        .select()
        .from(instructorEnrollments)
        .where(eq(instructorEnrollments.userId, id))
        .orderBy(desc(instructorEnrollments.createdAt))
        .limit(n),
      db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt)).limit(n),
      db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
      db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt)).limit(n),
      db.select({ n: count() }).from(payments).where(eq(payments.userId, id)),
      db
        .select({ n: count(), last: max(messages.createdAt) })
        .from(messages)
        .where(eq(messages.conversationUserId, id)),
    ]);
  return {
    user: serializeUserForAdmin(row),
    courseEnrollments: {
      total: courseTotal[0]?.n ?? 0,
      items: courses.map((e) => ({
        _id: e.id,
        courseTitle: e.courseTitle,
        status: e.status,
        paymentStatus: e.paymentStatus,
        total: fromCents(e.totalCents),
        currency: e.currency,
        createdAt: e.createdAt.toISOString(),
      })),
    },
    membershipEnrollments: {
      total: membershipTotal[0]?.n ?? 0,
      items: memberships.map((e) => ({
        _id: e.id,
        membershipName: e.membershipName,
        planName: e.planName,
        status: e.status,
        paymentStatus: e.paymentStatus,
        startsAt: iso(e.startsAt),
        endsAt: iso(e.endsAt),
        createdAt: e.createdAt.toISOString(),
      })),
    },
    instructorApplications: applications.map((e) => ({
      _id: e.id,
      status: e.status,
      instructorStatus: e.instructorStatus,
      createdAt: e.createdAt.toISOString(),
    })),
    orders: {
      total: orderTotal[0]?.n ?? 0,
      items: orderRows.map((o) => ({
        _id: o.id,
        orderNumber: o.orderNumber,
        status: o.status,
        total: fromCents(o.totalCents),
        currency: o.currency,
        createdAt: o.createdAt.toISOString(),
      })),
    },
    payments: {
      total: paymentTotal[0]?.n ?? 0,
      items: paymentRows.map((p) => ({
        _id: p.id,
        purchaseType: p.purchaseType,
        purchaseId: p.purchaseId,
        gateway: p.gateway,
        status: p.status,
        amount: fromCents(p.amountCents),
        currency: p.currency,
        createdAt: p.createdAt.toISOString(),
      })),
    },
    messages: { total: talk[0]?.n ?? 0, lastAt: talk[0]?.last ? new Date(talk[0].last as unknown as number).toISOString() : null },
  };
}
