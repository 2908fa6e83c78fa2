import { z } from 'zod';

/**
 * The realtime event protocol of spec 7 ("Real-time socket"), shared by the rooms and the islands.
 * Every inbound frame is safeParse'd against ClientFrame; anything else is dropped, never echoed.
 */
/** The typing target that means "the school": every admin-capable account online. */
export const SCHOOL_TARGET = 'school';

export const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), userId: z.string().min(1), userRole: z.string().min(1), token: z.string().min(1) }),
  z.object({ type: z.literal('typing'), targetId: z.string().min(1).max(64), isTyping: z.boolean() }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

export const SERVER_EVENTS = [
  'authenticated',
  'auth_error',
  'notification',
  'new_message',
  'new_broadcast',
  'new_reply',
  'conversation_history',
  'message_sent',
  'broadcast_sent',
  'reply_sent',
  'messages_read_status_update',
  'messages_read_by_user',
  'messages_marked_read',
  'typing',
  'error',
] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

export type ServerFrame = { type: ServerEvent; data?: unknown; code?: string; message?: string };

/** A socket notification previews at most 100 characters of the message (spec 7). */
export const previewText = (content: string, max = 100) => (content.length > max ? content.slice(0, max) : content);
