import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '#core/notifications/notification-options.ts';
import type { ListNotificationsQueryInput } from '#core/notifications/notification-schemas.ts';
import { notifications } from '#db/schema/index.ts';
import { listPage } from '#worker/lib/list.ts';
import { serializeNotification, unreadCountQuery } from '#worker/lib/notify.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';

const NEWEST_FIRST = [desc(notifications.createdAt), desc(notifications.id)];

/** GET /my: the caller's notifications, newest first, filtered; search only when given (the schema drops blanks). */
export async function listMyNotifications(ctx: ServiceCtx, q: ListNotificationsQueryInput) {
  const me = signedIn(ctx);
  const where = and(
    eq(notifications.userId, me.id),
    q.type ? eq(notifications.type, q.type) : undefined,
    q.priority ? eq(notifications.priority, q.priority) : undefined,
    q.read === undefined ? undefined : eq(notifications.read, q.read),
    q.search ? likeAny(q.search, [notifications.title, notifications.body]) : undefined,
  );
  const { rows, pagination } = await listPage(ctx.db, { table: notifications, where, orderBy: NEWEST_FIRST, page: q.page, limit: q.limit });
  return { notifications: rows.map(serializeNotification), pagination };
}

/** The caller's unread count as a statement, so a write can batch it with its own change. */

export async function unreadCount(ctx: ServiceCtx): Promise<number> {
  const [row] = await unreadCountQuery(ctx, signedIn(ctx).id);
  return row?.n ?? 0;
}

const n = (cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`.mapWith(Number);

/** GET /my-stats: every count in one statement over the caller's rows. */
export async function myNotificationStats(ctx: ServiceCtx) {
  const me = signedIn(ctx);
  const byType = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, n(sql`${notifications.type} = ${t}`)]));
  const byPriority = Object.fromEntries(NOTIFICATION_PRIORITIES.map((p) => [`p_${p}`, n(sql`${notifications.priority} = ${p}`)]));
  const row = await ctx.db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      unread: n(sql`${notifications.read} = 0`),
      clicked: n(sql`${notifications.clicked} = 1`),
      highUnread: n(sql`${notifications.read} = 0 and ${notifications.priority} = 'high'`),
      ...byType,
      ...byPriority,
    })
    .from(notifications)
    .where(eq(notifications.userId, me.id))
    .get();
  const r = (row ?? {}) as Record<string, number>;
  const total = r.total ?? 0;
  const unread = r.unread ?? 0;
  return {
    total,
    unread,
    read: total - unread,
    clicked: r.clicked ?? 0,
    highPriorityUnread: r.highUnread ?? 0,
    byType: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, r[t] ?? 0])),
    byPriority: Object.fromEntries(NOTIFICATION_PRIORITIES.map((p) => [p, r[`p_${p}`] ?? 0])),
  };
}
