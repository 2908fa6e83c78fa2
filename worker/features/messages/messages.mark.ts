import { and, inArray, sql } from 'drizzle-orm';
import { messageReads, messages } from '#db/schema/index.ts';
import { markEntityNotificationsRead } from '#worker/lib/notify.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { addressedTo, isSchool, schoolUserIds, unreadFor, type Viewer } from './messages.queries.ts';

/** Groups message ids by the user to tell. */
function byUser(pairs: [string | null, string][]) {
  const out = new Map<string, string[]>();
  for (const [userId, id] of pairs) if (userId) out.set(userId, [...(out.get(userId) ?? []), id]);
  return out;
}

/**
 * PATCH /mark-read and /bulk-read: marks read, in one INSERT … SELECT, only the listed messages that are
 * addressed to the caller and still unread for them; answers how many changed (so a count never goes
 * below zero, and a repeat counts 0). Then tells the other side who read what, and answers the caller's
 * unread notification count (`notificationsUnread`) after clearing those about these messages.
 */
export async function markRead(ctx: ServiceCtx, ids: string[]) {
  const me: Viewer = signedIn(ctx);
  const readAt = new Date();
  const inserted = await ctx.db
    .insert(messageReads)
    .select(
      ctx.db
        .select({ messageId: messages.id, userId: sql`${me.id}`.as('user_id'), readAt: sql`${readAt.getTime()}`.as('read_at') })
        .from(messages)
        .where(and(inArray(messages.id, ids), addressedTo(me), unreadFor(me))),
    )
    .onConflictDoNothing()
    .returning({ messageId: messageReads.messageId });
  const messageIds = inserted.map((r) => r.messageId);
  if (messageIds.length) await announce(ctx, me, messageIds, readAt);
  // What the caller has read needs no bell any more: their notifications about these messages go read
  // too (all the ids asked for: in the school's shared inbox another admin may have read them first).
  const notificationsUnread = await markEntityNotificationsRead(ctx, me.id, 'message', ids);
  return { count: messageIds.length, messageIds, readAt: readAt.toISOString(), notificationsUnread };
}

/**
 * The caller's other tabs get messages_marked_read. The other side gets messages_read_by_user: the
 * authors of direct messages and broadcasts, or the school for replies. When the school reads a
 * user's messages, the other admins get messages_read_status_update (their shared inbox changed).
 */
async function announce(ctx: ServiceCtx, me: Viewer, messageIds: string[], readAt: Date) {
  const rows = await ctx.db
    .select({ id: messages.id, kind: messages.kind, senderId: messages.senderId })
    .from(messages)
    .where(inArray(messages.id, messageIds));
  const readBy = { _id: me.id, role: me.role };
  const at = readAt.toISOString();
  ctx.publish([me.id], { type: 'messages_marked_read', data: { messageIds, count: messageIds.length, readAt: at } });
  const replies = rows.filter((r) => r.kind === 'reply').map((r) => r.id);
  const toAuthors = rows.filter((r) => r.kind !== 'reply').map((r): [string | null, string] => [r.senderId, r.id]);
  for (const [userId, ids] of byUser(toAuthors))
    ctx.publish([userId], { type: 'messages_read_by_user', data: { messageIds: ids, readBy, readAt: at } });
  const direct = rows.filter((r) => r.kind === 'direct').map((r) => r.id);
  if (!replies.length && !(isSchool(me) && direct.length)) return;
  const school = await schoolUserIds(ctx.db, me.id);
  if (replies.length) ctx.publish(school, { type: 'messages_read_by_user', data: { messageIds: replies, readBy, readAt: at } });
  if (isSchool(me) && direct.length)
    ctx.publish(school, { type: 'messages_read_status_update', data: { messageIds: direct, isRead: true, readBy, readAt: at } });
}
