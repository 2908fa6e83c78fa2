import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { classSessions, sessionBookings, users, type SessionBookingRow } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { formatRange } from '#web/components/format.ts';

const countsFromRows = {
  bookedCount: sql`(select count(*) from session_bookings b where b.session_id = ${classSessions.id} and b.status = 'booked')`,
  waitlistCount: sql`(select count(*) from session_bookings b where b.session_id = ${classSessions.id} and b.status = 'waitlisted')`,
};

/** The session's counters from its rows; the CHECK booked_count <= capacity is the last guard against over-booking. */
export const recountStatement = (db: Db, sessionId: string) =>
  db.update(classSessions).set(countsFromRows).where(eq(classSessions.id, sessionId));

/** The counters after a session edit's `promoteStatement` at `nowMs`, recounted only when it promoted someone. */
export const recountIfPromotedStatement = (db: Db, sessionId: string, nowMs: number) =>
  db
    .update(classSessions)
    .set(countsFromRows)
    .where(
      and(
        eq(classSessions.id, sessionId),
        sql`exists (select 1 from session_bookings p where p.session_id = ${sessionId} and p.status = 'booked' and p.promoted_at = ${nowMs})`,
      ),
    );

/**
 * Fills the free places of a scheduled, not yet started session from the head of its waitlist, in
 * arrival order (view.ts `waitlistPositionSql`): a cancel promotes one person, a raised capacity as many
 * as it added; a person promoted is no longer waitlisted, so two cancels racing promote two different people.
 */
export function promoteStatement(db: Db, sessionId: string, nowMs: number) {
  const at = new Date(nowMs);
  return db
    .update(sessionBookings)
    .set({ status: 'booked', promotedAt: at, updatedAt: at })
    .where(
      sql`${sessionBookings.id} in (
        select w.id from session_bookings w join class_sessions s on s.id = w.session_id
        where w.session_id = ${sessionId} and w.status = 'waitlisted' and s.status = 'scheduled' and s.starts_at > ${nowMs}
        order by w.created_at, w.rowid
        limit coalesce((select case when s2.capacity is null then -1 else max(0, s2.capacity - (
          select count(*) from session_bookings b where b.session_id = s2.id and b.status = 'booked')) end
          from class_sessions s2 where s2.id = ${sessionId}), 0)
      )`,
    )
    .returning();
}

/** Where a person follows their bookings: the student panel's "My classes", else the public timetable. */
const classesLink = (role: Role | string) => (role === 'student' || role === 'member' ? '/student/classes' : '/classes');

/**
 * Tells each person promoted from the waitlist, after the response: in-app and push (their
 * preferences), and by e-mail always — a place they now hold and would otherwise miss.
 */
export function tellPromoted(ctx: ServiceCtx, sessionId: string, promoted: readonly SessionBookingRow[]) {
  ctx.defer('booking promoted notice', async () => {
    const [session, people, zone] = await Promise.all([
      ctx.db.select().from(classSessions).where(eq(classSessions.id, sessionId)).get(),
      ctx.db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(
          inArray(
            users.id,
            promoted.map((p) => p.userId),
          ),
        ),
      schoolTimeZone(ctx.db),
    ]);
    if (!session) return;
    const when = formatRange(session.startsAt.toISOString(), session.endsAt.toISOString(), zone);
    const title = `You have a place in ${session.title}`;
    const body = `A place opened up in ${session.title} (${when}) and you are now booked. If you cannot come, please cancel so the next person can take it.`;
    for (const person of people) {
      const booking = promoted.find((p) => p.userId === person.id);
      const link = classesLink(person.role);
      await notify(ctx, [person.id], {
        title,
        body,
        type: 'success',
        eventType: 'booking_promoted',
        priority: 'high',
        entityType: 'session_booking',
        entityId: booking?.id ?? null,
        data: { sessionId, bookingId: booking?.id ?? null },
        actions: [{ action: 'view', title: 'My classes', url: link }],
      });
      const url = `${ctx.origin}${link}`;
      await ctx.mailer.send({
        to: person.email,
        subject: title,
        text: [body, '', url].join('\n'),
        html: `<p>${escapeHtml(body)}</p>\n<p><a href="${escapeHtml(url)}">My classes</a></p>`,
        kind: 'booking_promoted',
        userId: person.id,
      });
    }
  });
}
