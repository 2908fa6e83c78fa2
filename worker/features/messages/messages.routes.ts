import { Hono } from 'hono';
import {
  BroadcastSchema,
  ConversationQuery,
  ListMessagesQuery,
  MESSAGE_MESSAGES,
  MessageIdsSchema,
  MessageUsersQuery,
  MyMessagesQuery,
  ReplySchema,
  SendMessageSchema,
} from '#core/messages/message-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { markRead } from './messages.mark.ts';
import { conversation, getMessage, listMessages, messageStats, myMessages, unreadCount } from './messages.read.ts';
import { messageUsers } from './messages.users.ts';
import { broadcastMessage, deleteMessages, replyToUser, sendMessage } from './messages.write.ts';

const plural = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

/** Spec 7 Messages. Fixed paths come before /:id. */
export const messagesRoutes = new Hono<AppEnv>()
  .post('/send', validate('json', SendMessageSchema), async (c) => {
    const message = await sendMessage(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: message, message: MESSAGE_MESSAGES.sent }, 201);
  })
  .post('/admin/reply', validate('json', ReplySchema), async (c) => {
    const message = await replyToUser(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: message, message: MESSAGE_MESSAGES.replied }, 201);
  })
  .post('/admin/broadcast', validate('json', BroadcastSchema), async (c) => {
    const { message, recipientCount } = await broadcastMessage(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: message, recipientCount, message: MESSAGE_MESSAGES.broadcast }, 201);
  })
  .patch('/mark-read', validate('json', MessageIdsSchema), async (c) => {
    const result = await markRead(c.var.ctx, c.req.valid('json').messageIds);
    return c.json({ success: true, data: result, count: result.count, message: `${plural(result.count)} marked as read` });
  })
  .patch('/bulk-read', validate('json', MessageIdsSchema), async (c) => {
    const result = await markRead(c.var.ctx, c.req.valid('json').messageIds);
    return c.json({ success: true, data: result, count: result.count, message: `${plural(result.count)} marked as read` });
  })
  .delete('/bulk', validate('json', MessageIdsSchema), async (c) => {
    const result = await deleteMessages(c.var.ctx, c.req.valid('json').messageIds);
    return c.json({
      success: true,
      data: result,
      count: result.deletedCount,
      message: `${plural(result.deletedCount)} deleted successfully`,
    });
  })
  .get('/conversation', validate('query', ConversationQuery), async (c) => {
    const { messages, pagination, conversationId } = await conversation(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: messages, messages, conversationId, pagination });
  })
  .get('/my-messages', validate('query', MyMessagesQuery), async (c) => {
    const { messages, pagination } = await myMessages(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: messages, messages, pagination });
  })
  .get('/unread-count', async (c) => {
    const n = await unreadCount(c.var.ctx);
    return c.json({ success: true, data: { unreadCount: n }, unreadCount: n });
  })
  .get('/users', validate('query', MessageUsersQuery), async (c) => {
    const { users, pagination } = await messageUsers(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: users, users, pagination });
  })
  .get('/stats', async (c) => {
    const stats = await messageStats(c.var.ctx);
    return c.json({ success: true, data: stats, stats });
  })
  .get('/', validate('query', ListMessagesQuery), async (c) => {
    const { messages, pagination } = await listMessages(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: messages, messages, pagination });
  })
  .get('/:id', async (c) => {
    const message = await getMessage(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: message });
  });
