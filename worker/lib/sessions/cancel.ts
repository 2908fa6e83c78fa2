import { and, eq, type SQL } from 'drizzle-orm';
import { classSessions, type ClassSessionRow } from '#db/schema/index.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { holdersQuery, noticeTime, tellHolders } from './notice.ts';

/**
 * Cancels the scheduled sessions `where` selects, in one batch with the reading of who holds a place in
 * them (booked or waitlisted), and tells those people (in-app, push, e-mail, after the response) about each
 * session that has not ended yet. Bookings stay as they were, so each person's list shows the cancelled
 * session and the reports can leave it out. Answers the sessions it cancelled (none when all already were).
 */
export async function cancelSessionsWithNotice(ctx: ServiceCtx, where: SQL, reason: string, now: Date): Promise<ClassSessionRow[]> {
  const scheduled = and(where, eq(classSessions.status, 'scheduled'));
  const [holders, cancelled] = await batch(ctx.db, [
    holdersQuery(ctx.db, scheduled),
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
      for (const s of toTell) {
        const title = `Class cancelled: ${s.title}`;
        const body = `${s.title} on ${noticeTime(s.startsAt, zone)} is cancelled. Reason: ${reason}`;
        await tellHolders(ctx, holders, { sessionId: s.id, startsAt: s.startsAt, title, body, eventType: 'session_cancelled' });
      }
    });
  return cancelled;
}
