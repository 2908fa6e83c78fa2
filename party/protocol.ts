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

/**
 * Why a room closes a socket (the WebSocket close code; an auth_error frame with the same message goes
 * first for the first three). authFailed: no, a bad or a stale token, or none within AUTH_WINDOW_MS;
 * sessionEnded: the account's token version, block or role changed (logout, password change, block,
 * deactivation, demotion, deletion); notYourRoom: another user's room; tooManyFrames: a sustained flood.
 */
export const ROOM_CLOSE = { authFailed: 4001, sessionEnded: 4002, notYourRoom: 4003, tooManyFrames: 4008 } as const;

/** A socket must send its authenticate frame this soon after it opens; the room sends nothing before. */
export const AUTH_WINDOW_MS = 5_000;

/** A socket notification previews at most 100 characters of the message (spec 7). */
export const previewText = (content: string, max = 100) => (content.length > max ? content.slice(0, max) : content);
