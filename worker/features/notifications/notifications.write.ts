import { and, eq, sql } from 'drizzle-orm';
import { isClientOnlyId } from '#core/notifications/notification-options.ts';
import { NOTIFICATION_MESSAGES } from '#core/notifications/notification-schemas.ts';
import { notifications } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { serializeNotification, unreadCountQuery } from '#worker/lib/notify.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';

/** A client-only id (spec 3) is a browser bug worth naming, not a missing row. */
function checkId(id: string) {
  if (isClientOnlyId(id)) throw badRequest(NOTIFICATION_MESSAGES.clientOnlyId);
}

const mine = (userId: string, id: string) => and(eq(notifications.id, id), eq(notifications.userId, userId));
const nowMs = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The change is one conditional UPDATE (only an unread row becomes read), batched with a read of the
 * row and the caller's unread count, so parallel calls change it once and the count never goes below 0.
 * Someone else's id and an unknown id answer the same 404.
 */
async function move(ctx: ServiceCtx, id: string, target: 'read' | 'clicked') {
  checkId(id);
  const me = signedIn(ctx);
  const update =
    target === 'read'
      ? ctx.db
          .update(notifications)
          .set({ read: true, readAt: nowMs })
          .where(and(mine(me.id, id), eq(notifications.read, false)))
      : ctx.db
          .update(notifications)
          .set({ read: true, readAt: sql`coalesce(${notifications.readAt}, ${nowMs})`, clicked: true, clickedAt: nowMs })
          .where(and(mine(me.id, id), eq(notifications.clicked, false)));
  const [changed, found, count] = await ctx.db.batch([
    update.returning({ id: notifications.id }),
    ctx.db.select().from(notifications).where(mine(me.id, id)),
    unreadCountQuery(ctx, me.id),
  ]);
  if (!found[0]) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return { notification: serializeNotification(found[0]), changed: changed.length > 0, unreadCount: count[0]?.n ?? 0 };
}

export const markRead = (ctx: ServiceCtx, id: string) => move(ctx, id, 'read');
export const markClicked = (ctx: ServiceCtx, id: string) => move(ctx, id, 'clicked');

/** PATCH /mark-all-read: one statement over the caller's unread rows; answers how many it changed. */
export async function markAllRead(ctx: ServiceCtx) {
  const me = signedIn(ctx);
  const changed = await ctx.db
    .update(notifications)
    .set({ read: true, readAt: nowMs })
    .where(and(eq(notifications.userId, me.id), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return { count: changed.length };
}

export async function deleteNotification(ctx: ServiceCtx, id: string) {
  checkId(id);
  const me = signedIn(ctx);
  const gone = await ctx.db.delete(notifications).where(mine(me.id, id)).returning({ id: notifications.id });
  if (!gone[0]) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return { _id: gone[0].id };
}
