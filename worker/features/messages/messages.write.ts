import { eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core';
import { MESSAGE_MESSAGES, type BroadcastInput, type ReplyInput, type SendMessageInput } from '#core/messages/message-schemas.ts';
import { newId } from '#core/ids.ts';
import { messages } from '#db/schema/index.ts';
import type { NotifyInput } from '#core/notifications/notification-schemas.ts';
import type { Role } from '#core/roles.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { notify, notifyByRole } from '#worker/lib/notify.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { broadcastRecipients, findBySpecialId, schoolUserIds, type Viewer } from './messages.queries.ts';
import { eventData, selectMessages, serializeMessage } from './messages.serialize.ts';
import { broadcastNotice, newMessageNotice, replyNotice } from './messages.notify.ts';

const viewer = (ctx: ServiceCtx): Viewer => signedIn(ctx);

/** Every message a user sends (to the school, a reply, a broadcast) notifies people: one counter per sender. */
const countMessage = (ctx: ServiceCtx, me: Viewer) =>
  enforceRateLimits(ctx.db, [{ key: `message:${me.id}`, limit: ctx.config.rateLimits.RATE_LIMIT_MESSAGE_USER }], MESSAGE_MESSAGES.tooMany);

/** The stored message as its sender sees it, read in the same batch as the insert (one round trip). */
async function insertAndRead(ctx: ServiceCtx, row: SQLiteInsertValue<typeof messages> & { id: string }) {
  const [, [stored]] = await ctx.db.batch([
    ctx.db.insert(messages).values(row),
    selectMessages(ctx.db, viewer(ctx), eq(messages.id, row.id)),
  ]);
  return serializeMessage(stored!);
}

/**
 * The notification is written before the message is announced, so a reader who opens the message at
 * once also clears its notification (mark-read clears both). A failure is logged, never the sender's:
 * the message itself is already stored. (Broadcasts notify after the response: hundreds of rows.)
 */
async function noticeFirst(ctx: ServiceCtx, to: readonly string[], input: NotifyInput) {
  try {
    await notify(ctx, to, input);
  } catch (err) {
    ctx.log.error('message notification failed', { error: String((err as Error)?.message ?? err) });
  }
}

/** POST /send: a user writes to the school; every admin-capable user is told, the sender's other tabs too. */
export async function sendMessage(ctx: ServiceCtx, input: SendMessageInput) {
  const me = viewer(ctx);
  await countMessage(ctx, me);
  const message = await insertAndRead(ctx, {
    id: newId(),
    senderId: me.id,
    conversationUserId: me.id,
    kind: 'direct',
    content: input.content,
    priority: input.priority,
  });
  const school = await schoolUserIds(ctx.db, me.id);
  await noticeFirst(ctx, school, newMessageNotice(message));
  ctx.publish(school, { type: 'new_message', data: eventData(message) });
  ctx.publish([me.id], { type: 'message_sent', data: eventData(message) });
  return message;
}

/** POST /admin/reply: the school answers one user; the reply points at that user's latest message. */
export async function replyToUser(ctx: ServiceCtx, input: ReplyInput) {
  const me = viewer(ctx);
  await countMessage(ctx, me);
  const target = await findBySpecialId(ctx.db, input.targetSpecialId);
  if (!target) throw notFound(MESSAGE_MESSAGES.userNotFound);
  if (target.id === me.id) throw badRequest(MESSAGE_MESSAGES.replyToSelf);
  const latest = sql`(select m.id from ${messages} m where m.conversation_user_id = ${target.id} and m.kind = 'direct' order by m.created_at desc limit 1)`;
  const message = await insertAndRead(ctx, {
    id: newId(),
    senderId: me.id,
    recipientId: target.id,
    conversationUserId: target.id,
    kind: 'reply',
    content: input.content,
    priority: input.priority,
    parentId: latest,
  });
  await noticeFirst(ctx, [target.id], replyNotice(message, target.role as Role));
  ctx.publish([target.id], { type: 'new_reply', data: eventData(message) });
  ctx.publish([me.id], { type: 'reply_sent', data: eventData(message) });
  return message;
}

/**
 * POST /admin/broadcast: stored once; its recipients (one query, same batch, same instant as the row)
 * each get new_broadcast, the sender broadcast_sent with how many it reached.
 */
export async function broadcastMessage(ctx: ServiceCtx, input: BroadcastInput) {
  const me = viewer(ctx);
  await countMessage(ctx, me);
  const at = new Date();
  const id = newId(at.getTime());
  const [, [stored], recipients] = await ctx.db.batch([
    ctx.db.insert(messages).values({
      id,
      senderId: me.id,
      kind: 'broadcast',
      content: input.content,
      priority: input.priority,
      targetRoles: input.targetRoles,
      createdAt: at,
    }),
    selectMessages(ctx.db, me, eq(messages.id, id)),
    broadcastRecipients(ctx.db, input.targetRoles, me.id, at),
  ]);
  const message = serializeMessage(stored!);
  const recipientIds = recipients.map((r) => r.id);
  ctx.publish(recipientIds, { type: 'new_broadcast', data: eventData(message) });
  ctx.publish([me.id], { type: 'broadcast_sent', data: { ...eventData(message), recipientCount: recipientIds.length } });
  // One notification per recipient, linking to their own panel's messages.
  const audience = recipients.map((r) => ({ id: r.id, role: r.role as Role }));
  ctx.defer('broadcast notifications', () => notifyByRole(ctx, audience, (role) => broadcastNotice(message, role)));
  return { message, recipientCount: recipientIds.length };
}

/** DELETE /bulk (school): one statement; read rows go with their messages (cascade). Unknown ids are skipped. */
export async function deleteMessages(ctx: ServiceCtx, ids: string[]) {
  const rows = await ctx.db.delete(messages).where(inArray(messages.id, ids)).returning({ id: messages.id });
  return { deletedCount: rows.length, deletedIds: rows.map((r) => r.id) };
}
