import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { panelScreenUrl, type Role } from '#core/roles.ts';
import { classSessions, sessionBookings, users, type ClassSessionRow } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';

/**
 * Cancels the scheduled sessions `where` selects, in one batch with the reading of who holds a place in
 * them (booked or waitlisted), and tells those people (in-app, push, e-mail, after the response) about each
 * session that has not ended yet. Bookings stay as they were, so each person's list shows the cancelled
 * session and the reports can leave it out. Answers the sessions it cancelled (none when all already were).
 */
export async function cancelSessionsWithNotice(ctx: ServiceCtx, where: SQL, reason: string, now: Date): Promise<ClassSessionRow[]> {
  const scheduled = and(where, eq(classSessions.status, 'scheduled'));
  const [holders, cancelled] = await batch(ctx.db, [
    ctx.db
      .select({ sessionId: sessionBookings.sessionId, userId: sessionBookings.userId, role: users.role })
      .from(sessionBookings)
      .innerJoin(classSessions, eq(classSessions.id, sessionBookings.sessionId))
      .innerJoin(users, eq(users.id, sessionBookings.userId))
      .where(and(scheduled, inArray(sessionBookings.status, ['booked', 'waitlisted']))),
    ctx.db
      .update(classSessions)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now })
      .where(scheduled)
      .returning(),
  ]);
  const toTell = cancelled.filter((s) => s.endsAt.getTime() > now.getTime());
  if (toTell.length && holders.length)
    ctx.defer('session cancelled notice', async () => {
      const zone = await schoolTimeZone(ctx.db);
      for (const session of toTell) {
        const people = holders.filter((h) => h.sessionId === session.id).map((h) => ({ id: h.userId, role: h.role as Role }));
        if (people.length) await tellCancelled(ctx, session, people, reason, zone);
      }
    });
  return cancelled;
}

async function tellCancelled(
  ctx: ServiceCtx,
  session: ClassSessionRow,
  people: { id: string; role: Role }[],
  reason: string,
  zone: string,
) {
  const when = session.startsAt.toLocaleString('en-CA', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const title = `Class cancelled: ${session.title}`;
  const body = `${session.title} on ${when} is cancelled. Reason: ${reason}`;
  const byRole = new Map<Role, { id: string }[]>();
  for (const p of people) byRole.set(p.role, [...(byRole.get(p.role) ?? []), p]);
  // One notice per role present: each links to the "My classes" screen of its own panel.
  for (const [role, group] of byRole) {
    const url = panelScreenUrl(role, 'classes');
    await notify(
      ctx,
      group.map((p) => p.id),
      {
        title,
        body,
        type: 'info',
        eventType: 'session_cancelled',
        priority: 'high',
        entityType: 'class_session',
        entityId: session.id,
        data: { sessionId: session.id, startsAt: session.startsAt.toISOString(), url },
        actions: [{ action: 'open', title: 'My classes', url }],
      },
      { subject: title, text: `${body}\n\nYour classes: ${ctx.origin}${url}`, kind: 'session-cancelled' },
    );
  }
}
