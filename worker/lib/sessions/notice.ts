import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { panelScreenUrl, type Role } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { classSessions, sessionBookings, users } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type Holder = { sessionId: string; userId: string; role: string };

/** Who holds a place (booked or waitlisted) in the sessions `where` selects, with their role (for their panel's link); one statement for a batch. */
export const holdersQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ sessionId: sessionBookings.sessionId, userId: sessionBookings.userId, role: users.role })
    .from(sessionBookings)
    .innerJoin(classSessions, eq(classSessions.id, sessionBookings.sessionId))
    .innerJoin(users, eq(users.id, sessionBookings.userId))
    .where(and(where, inArray(sessionBookings.status, ['booked', 'waitlisted'])));

/** "Tue, Dec 1, 6:00 p.m." on the school's clock, for a notice. */
export const noticeTime = (at: Date, zone: string) =>
  at.toLocaleString('en-CA', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

type Notice = { sessionId: string; startsAt: Date; title: string; body: string; eventType: string };

/**
 * Tells the people holding a place in a session something about it, through `notify`: in-app, push, and
 * e-mail for those who chose it; one notice per role present, each linking to its own panel's "My classes".
 */
export async function tellHolders(ctx: ServiceCtx, holders: readonly Holder[], n: Notice) {
  const byRole = new Map<Role, string[]>();
  for (const h of holders) if (h.sessionId === n.sessionId) byRole.set(h.role as Role, [...(byRole.get(h.role as Role) ?? []), h.userId]);
  for (const [role, ids] of byRole) {
    const url = panelScreenUrl(role, 'classes');
    await notify(
      ctx,
      ids,
      {
        title: n.title,
        body: n.body,
        type: 'info',
        eventType: n.eventType,
        priority: 'high',
        entityType: 'class_session',
        entityId: n.sessionId,
        data: { sessionId: n.sessionId, startsAt: n.startsAt.toISOString(), url },
        actions: [{ action: 'open', title: 'My classes', url }],
      },
      { subject: n.title, text: `${n.body}\n\nYour classes: ${ctx.origin}${url}`, kind: n.eventType.replace(/_/g, '-') },
    );
  }
}
