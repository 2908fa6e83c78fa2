import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#core/notifications/notification-options.ts';
import { NotifyInputSchema, type NotifyData, type NotifyInput } from '#core/notifications/notification-schemas.ts';
import type { NotificationView } from '#core/notifications/notification-view.ts';
import type { Role } from '#core/roles.ts';
import {
  notificationPreferences,
  notifications,
  pushSubscriptions,
  users,
  type NewNotificationRow,
  type NotificationRow,
} from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { parseInput } from '#worker/lib/validate.ts';
import type { MailMessage } from '#worker/lib/mailer.ts';
import { pushSenderFor, sendPush, vapidIdentity, type PushPayload } from '#worker/lib/push.ts';

/** Where a notification's browser push goes. */
export interface PushSender {
  /** Answers true when at least one of the user's devices accepted the push. */
  send(userId: string, notification: NotificationView): Promise<boolean>;
}

export const noPush: PushSender = { send: async () => false };
let override: PushSender | null = null;

/** Replaces the push sender (tests); null goes back to web push. Answers the previous override. */
export function usePushSender(sender: PushSender | null): PushSender | null {
  const previous = override;
  override = sender;
  return previous;
}

/** Web push (worker/lib/push.ts) with the VAPID keys; without them the would-be push is only recorded. */
const webPush = (ctx: ServiceCtx): PushSender => ({
  async send(userId, view) {
    const payload: PushPayload = {
      title: view.title,
      body: view.body,
      data: { ...view.data, notificationId: view.id },
      priority: view.priority,
      tag: view.id,
    };
    if (!vapidIdentity(ctx.config)) {
      await pushSenderFor(ctx.config).send(ctx, [userId], payload);
      return false;
    }
    return (await sendPush(ctx, [userId], payload)).delivered > 0;
  },
});

export type Recipients = readonly string[] | { roles: readonly Role[] };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function serializeNotification(row: NotificationRow): NotificationView {
  return {
    _id: row.id,
    id: row.id,
    userId: row.userId,
    title: row.title,
    body: row.body,
    type: row.type,
    eventType: row.eventType,
    priority: row.priority,
    entityType: row.entityType,
    entityId: row.entityId,
    data: row.data,
    actions: row.actions,
    read: row.read,
    readAt: iso(row.readAt),
    clicked: row.clicked,
    clickedAt: iso(row.clickedAt),
    delivered: row.delivered,
    timestamp: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Keeps each statement well under SQLite's bound-parameter limit (17 columns a row). */
const CHUNK = 500;
const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

type Audience = { userId: string; address: string; inApp: boolean; push: boolean; email: boolean; muted: readonly string[] };

/** The active accounts addressed, each with their preferences (the defaults when they never chose). */
async function audience(ctx: Pick<ServiceCtx, 'db'>, to: Recipients): Promise<Audience[]> {
  const active = and(eq(users.isActive, true), isNull(users.deactivatedAt), isNull(users.blockedAt));
  const select = (where: ReturnType<typeof and>) =>
    ctx.db
      .select({
        userId: users.id,
        address: users.email,
        inApp: notificationPreferences.inApp,
        push: notificationPreferences.push,
        email: notificationPreferences.email,
        muted: notificationPreferences.mutedTypes,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(where);
  let rows: {
    userId: string;
    address: string;
    inApp: boolean | null;
    push: boolean | null;
    email: boolean | null;
    muted: string[] | null;
  }[];
  if (Array.isArray(to)) {
    const ids = [...new Set(to as readonly string[])].filter((id) => typeof id === 'string' && id);
    rows = (await Promise.all(chunks(ids).map((part) => select(and(active, inArray(users.id, part)))))).flat();
  } else {
    const roles = (to as { roles: readonly Role[] }).roles;
    rows = roles.length ? await select(and(active, inArray(users.role, [...roles]))) : [];
  }
  const d = DEFAULT_NOTIFICATION_PREFERENCES;
  return rows.map((r) => ({
    userId: r.userId,
    address: r.address,
    inApp: r.inApp ?? d.inApp,
    push: r.push ?? d.push,
    email: r.email ?? d.email,
    muted: r.muted ?? d.mutedTypes,
  }));
}

/**
 * For notices whose content depends on the recipient's role (each panel has its own link): one
 * `notify` per role present among the recipients.
 */
export async function notifyByRole(
  ctx: ServiceCtx,
  recipients: readonly { id: string; role: Role }[],
  inputFor: (role: Role) => NotifyInput,
): Promise<void> {
  const byRole = new Map<Role, string[]>();
  for (const r of recipients) {
    const ids = byRole.get(r.role);
    if (ids) ids.push(r.id);
    else byRole.set(r.role, [r.id]);
  }
  for (const [role, ids] of byRole) await notify(ctx, ids, inputFor(role));
}

export type NotifyResult = { notifications: NotificationView[]; skipped: number };

/**
 * The one way a feature tells users something: validates the input (400 on bad input), skips users who
 * muted the type, stores one row per remaining user in one batch, then announces each row to its user's
 * room and queues a push. Users who turned in-app notifications off get no row and no socket event,
 * only the push when they allow it. With `mail`, users who chose e-mail also get it (deferred).
 * Callers that must not fail call it inside `ctx.defer`.
 */
export async function notify(
  ctx: ServiceCtx,
  to: Recipients,
  input: NotifyInput,
  mail?: Omit<MailMessage, 'to' | 'userId'>,
): Promise<NotifyResult> {
  const data: NotifyData = parseInput(NotifyInputSchema, input);
  const everyone = await audience(ctx, to);
  const wanted = everyone.filter((a) => !a.muted.includes(data.type));
  const stored = wanted.filter((a) => a.inApp);
  const now = new Date();
  const values: NewNotificationRow[] = stored.map((a) => rowOf(newId(now.getTime()), a.userId, data, now));
  const [first, ...rest] = chunks(values).map((part) => ctx.db.insert(notifications).values(part).returning());
  const inserted: NotificationRow[] = first ? (await ctx.db.batch([first, ...rest])).flat() : [];
  const views = inserted.map(serializeNotification);
  const byUser = new Map(views.map((v) => [v.userId, v]));
  // One publish for all recipients, each with their own row: the rooms ask presence once, not once a recipient.
  ctx.publish([...byUser.keys()], (userId) => ({ type: 'notification', data: byUser.get(userId)! }));

  const pushTo = wanted.filter((a) => a.push).map((a) => byUser.get(a.userId) ?? unsaved(a.userId, data, now));
  if (pushTo.length) {
    const sender = override ?? webPush(ctx);
    ctx.defer('push notification', async () => {
      // Web push needs a subscribed browser: one lookup instead of a query per recipient.
      const targets = override ? pushTo : await subscribed(ctx, pushTo);
      const sent = await Promise.allSettled(targets.map(async (view) => ((await sender.send(view.userId, view)) ? view.id : null)));
      const delivered = sent.flatMap((r) => (r.status === 'fulfilled' && r.value && !r.value.startsWith(UNSAVED) ? [r.value] : []));
      for (const part of chunks(delivered))
        await ctx.db.update(notifications).set({ delivered: true }).where(inArray(notifications.id, part));
    });
  }
  const mailTo = mail ? wanted.filter((a) => a.email) : [];
  if (mail && mailTo.length)
    ctx.defer('notification e-mail', async () => {
      await Promise.allSettled(mailTo.map((a) => ctx.mailer.send({ ...mail, to: a.address, userId: a.userId })));
    });
  return { notifications: views, skipped: everyone.length - stored.length };
}

const UNSAVED = 'push_';

async function subscribed(ctx: ServiceCtx, views: NotificationView[]): Promise<NotificationView[]> {
  const ids = [...new Set(views.map((v) => v.userId))];
  const withBrowser = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await ctx.db
      .selectDistinct({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, part));
    for (const r of rows) withBrowser.add(r.userId);
  }
  return views.filter((v) => withBrowser.has(v.userId));
}

/** The row of one recipient's notification. */
const rowOf = (id: string, userId: string, data: NotifyData, at: Date): NewNotificationRow => ({
  id,
  userId,
  title: data.title,
  body: data.body,
  type: data.type,
  eventType: data.eventType,
  priority: data.priority,
  entityType: data.entityType ?? null,
  entityId: data.entityId ?? null,
  data: data.data,
  actions: data.actions,
  createdAt: at,
});

/** The push payload for a user who keeps no in-app copy: the same shape, never stored. */
function unsaved(userId: string, data: NotifyData, at: Date): NotificationView {
  const row = rowOf(`${UNSAVED}${newId(at.getTime())}`, userId, data, at);
  return serializeNotification({ ...row, read: false, readAt: null, clicked: false, clickedAt: null, delivered: false } as NotificationRow);
}

/** A user's unread notifications, counted (never a counter, so never below 0); one statement for a batch. */
export const unreadCountQuery = (ctx: Pick<ServiceCtx, 'db'>, userId: string) =>
  ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));

/**
 * Marks read this user's notifications about these entities (the messages they have just read, say),
 * in one UPDATE, and answers their unread count after it, in the same batch.
 */
export async function markEntityNotificationsRead(
  ctx: Pick<ServiceCtx, 'db'>,
  userId: string,
  entityType: string,
  entityIds: readonly string[],
) {
  if (!entityIds.length) return (await unreadCountQuery(ctx, userId))[0]?.n ?? 0;
  const [, [row]] = await ctx.db.batch([
    ctx.db
      .update(notifications)
      .set({ read: true, readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.entityType, entityType),
          inArray(notifications.entityId, [...entityIds]),
          eq(notifications.read, false),
        ),
      ),
    unreadCountQuery(ctx, userId),
  ]);
  return row?.n ?? 0;
}
