import { z } from 'zod';
import { MessageViewSchema } from '#core/messages/message-view.ts';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '#core/notifications/notification-options.ts';
import type { NotificationView } from '#core/notifications/notification-view.ts';
import type { Pagination } from '#core/paging.ts';
import { ROLES } from '#core/roles.ts';
import { SESSION_END_REASONS } from '#core/users/session-end.ts';

/**
 * The frames of spec 7's realtime socket, both ways: one zod schema per frame, shared by the rooms
 * (party/), the publisher (worker/lib/publish.ts) and the browser (web/lib/realtime.ts), which parses
 * every frame it receives instead of trusting it. docs/decisions/014-realtime.md.
 */

/** The typing target that means "the school": every admin-capable account online. */
export const SCHOOL_TARGET = 'school';

/** What a socket may send; the room safeParses every frame against it. */
export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), userId: z.string().min(1), userRole: z.string().min(1), token: z.string().min(1) }),
  z.object({ type: z.literal('typing'), targetId: z.string().min(1).max(64), isTyping: z.boolean() }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** Spec 3 Notification, checked against the API's type (core/notifications/notification-view.ts). */
export const NotificationViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  body: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  eventType: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  actions: z.array(z.object({ action: z.string(), title: z.string(), url: z.string().optional() })),
  read: z.boolean(),
  readAt: z.string().nullable(),
  clicked: z.boolean(),
  clickedAt: z.string().nullable(),
  delivered: z.boolean(),
  timestamp: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<NotificationView>;

const PaginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
  hasMore: z.boolean(),
}) satisfies z.ZodType<Pagination>;

/** A message event: the message and its 100-character preview (previewText). */
const messageEvent = z.object({ message: MessageViewSchema, preview: z.string() });
const readBy = z.object({ _id: z.string(), role: z.enum(ROLES) });
const ids = z.array(z.string());
const frame = <T extends string, D extends z.ZodType>(type: T, data: D) => z.object({ type: z.literal(type), data });

/** Why the room answered an authenticated socket's frame with `error`. */
export const ROOM_ERRORS = {
  badFrame: 'This frame is not part of the protocol',
  unavailable: 'The service is temporarily unavailable, please try again shortly',
} as const;

/** Every frame a room sends a socket. */
export const ServerFrame = z.discriminatedUnion('type', [
  frame('authenticated', z.object({ userId: z.string(), role: z.enum(ROLES) })),
  z.object({ type: z.literal('auth_error'), message: z.string() }),
  frame('notification', NotificationViewSchema),
  frame('new_message', messageEvent),
  frame('new_broadcast', messageEvent),
  frame('new_reply', messageEvent),
  frame('message_sent', messageEvent),
  frame('reply_sent', messageEvent),
  frame('broadcast_sent', messageEvent.extend({ recipientCount: z.number() })),
  /** The socket's own conversation, page 1, as GET /api/messages/conversation answers it; sent after `authenticated`. */
  frame(
    'conversation_history',
    z.object({ messages: z.array(MessageViewSchema), conversationId: z.string(), pagination: PaginationSchema }),
  ),
  frame('messages_read_status_update', z.object({ messageIds: ids, isRead: z.literal(true), readBy, readAt: z.string() })),
  frame('messages_read_by_user', z.object({ messageIds: ids, readBy, readAt: z.string() })),
  frame('messages_marked_read', z.object({ messageIds: ids, count: z.number(), readAt: z.string() })),
  frame('typing', z.object({ userId: z.string(), isTyping: z.boolean() })),
  /** Sent just before the room closes a socket whose session ended (4002): why, in words the page shows. */
  frame('session_ended', z.object({ reason: z.enum(SESSION_END_REASONS), message: z.string() })),
  z.object({ type: z.literal('error'), code: z.enum(['BAD_REQUEST', 'UNAVAILABLE']), message: z.string() }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type ServerFrameType = ServerFrame['type'];
export type FrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;

/** The frames a service announces through `ctx.publish` after a write; the room sends the others itself. */
export type PublishedFrame = FrameOf<
  | 'notification'
  | 'new_message'
  | 'new_broadcast'
  | 'new_reply'
  | 'message_sent'
  | 'reply_sent'
  | 'broadcast_sent'
  | 'messages_read_status_update'
  | 'messages_read_by_user'
  | 'messages_marked_read'
>;

function parseWith<S extends z.ZodType>(schema: S, text: string): z.infer<S> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A frame's text as the browser receives it, parsed; null for anything that is not a ServerFrame. */
export const parseServerFrame = (text: string): ServerFrame | null => parseWith(ServerFrame, text);

/** A socket's frame as the room receives it, parsed; null for anything that is not a ClientFrame. */
export const parseClientFrame = (text: string): ClientFrame | null => parseWith(ClientFrame, text);
