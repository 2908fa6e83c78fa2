import { MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES } from '#core/messages/message-schemas.ts';
import { MessageViewSchema, type MessageView } from '#core/messages/message-view.ts';
import { ApiError, INVALID_JSON, REQUEST_FAILED } from './api.ts';

/** A message as the API and the socket carry it (core/messages/message-view.ts), or its optimistic copy. */
export type ChatMessage = MessageView & {
  /** Client-only: the optimistic copy is on its way. */
  pending?: boolean;
  /** Client-only: written offline, waiting in the outbox (web/lib/offline-outbox.ts) for the network. */
  queued?: boolean;
};

/** Spec 8 messages of the messages screens. */
export const THREAD_MESSAGES = {
  sendFailed: 'Failed to send message',
  sendFailedTitle: 'Send Failed',
  replyFailedTitle: 'Reply Failed',
  broadcastFailedTitle: 'Broadcast Failed',
  alreadySending: 'Already sending',
  queuedOffline: 'Saved offline: it is sent when you are back online.',
  queuedSent: 'The messages written offline were sent.',
  invalidResponse: 'Invalid response structure',
  successFalse: 'Server returned success: false',
  markReadFailed: 'Failed to mark messages as read',
  loadFailed: (reason: string) => `Unable to load conversation: ${reason}`,
  noData: 'No conversation data received',
} as const;

export const TEMP_PREFIX = 'temp_';
export const isTempId = (id: string) => id.startsWith(TEMP_PREFIX);

let counter = 0;
export const tempId = (now = Date.now()) => `${TEMP_PREFIX}${now.toString(36)}_${(counter++).toString(36)}`;

const time = (m: Pick<ChatMessage, 'createdAt'>) => {
  const t = Date.parse(m.createdAt);
  return Number.isNaN(t) ? 0 : t;
};

/**
 * Merges `incoming` into `list`: one row per _id (the later copy wins, but a read state is never lost),
 * `replaceId` (an optimistic temp_ row) dropped, and oldest first — so the socket's echo and the POST
 * answer can land in either order and still leave one message.
 */
export function mergeMessages(list: readonly ChatMessage[], incoming: readonly ChatMessage[], replaceId?: string): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of list) if (m._id !== replaceId) byId.set(m._id, m);
  for (const m of incoming) {
    const had = byId.get(m._id);
    byId.set(m._id, had ? { ...had, ...m, isRead: had.isRead || m.isRead, readAt: m.readAt ?? had.readAt } : m);
  }
  return [...byId.values()].sort((a, b) => time(a) - time(b) || Number(isTempId(a._id)) - Number(isTempId(b._id)));
}

/** Sets the read flag on the listed ids (after a mark-read, or when the other side read them). */
export function markReadLocally(list: readonly ChatMessage[], ids: readonly string[], readAt: string | null): ChatMessage[] {
  const set = new Set(ids);
  return list.map((m) => (set.has(m._id) && !m.isRead ? { ...m, isRead: true, readAt: readAt ?? m.readAt } : m));
}

/** What the viewer should mark read: unread, saved (never temp_), and not their own. */
export const unreadFromOthers = (list: readonly ChatMessage[], meId: string) =>
  list.filter((m) => !m.isRead && !m.pending && !isTempId(m._id) && m.senderId?._id !== meId).map((m) => m._id);

/** The composer's check, with the schema's words, before anything is sent. */
export function contentError(content: string): string {
  const text = content.trim();
  if (!text) return MESSAGE_MESSAGES.contentRequired;
  if (text.length > MESSAGE_MAX_LENGTH) return MESSAGE_MESSAGES.contentTooLong;
  return '';
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The saved message of a send/reply answer, parsed, or 'Invalid response structure'. */
export function sentMessage(body: unknown): ChatMessage {
  const parsed = MessageViewSchema.safeParse(isObject(body) ? body.data : undefined);
  if (!parsed.success) throw new Error(THREAD_MESSAGES.invalidResponse);
  return parsed.data;
}

/** The messages of a conversation answer, each parsed (one that is not a message is left out), or 'No conversation data received'. */
export function conversationMessages(body: unknown): ChatMessage[] {
  const data = isObject(body) ? (body.data ?? body.messages) : undefined;
  if (!Array.isArray(data)) throw new Error(THREAD_MESSAGES.noData);
  return data.flatMap((m) => {
    const parsed = MessageViewSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Why a send failed, for the line under 'Failed to send message': a 2xx answer saying success false
 * without a reason is 'Server returned success: false'; otherwise the server's or api.ts's words.
 */
export function sendFailureReason(err: unknown): string {
  if (err instanceof ApiError && err.status >= 200 && err.status <= 299 && err.message !== INVALID_JSON) {
    return err.message === REQUEST_FAILED ? THREAD_MESSAGES.successFalse : err.message;
  }
  return err instanceof Error && err.message ? err.message : REQUEST_FAILED;
}

/** A typing indicator goes away this long after the last `typing` frame, even without isTyping false. */
export const TYPING_TIMEOUT_MS = 5_000;
/** At most one "typing: true" per this many ms while the person keeps typing. */
export const TYPING_THROTTLE_MS = 2_000;

/** Decides when to tell the other side about typing: true at most every 2 s, false once when it stops. */
export function typingThrottle(send: (isTyping: boolean) => void, now: () => number = Date.now) {
  let last = 0;
  let typing = false;
  return {
    input(hasText: boolean) {
      if (!hasText) return this.stop();
      const t = now();
      if (!typing || t - last >= TYPING_THROTTLE_MS) {
        typing = true;
        last = t;
        send(true);
      }
    },
    stop() {
      if (!typing) return;
      typing = false;
      last = 0;
      send(false);
    },
  };
}

type Sender = { _id: string; role: string; profile?: { firstName?: string; lastName?: string } | undefined };
type Draft = Pick<ChatMessage, 'content' | 'priority' | 'kind' | 'conversationId'> & { recipientId?: string | null };

/** The optimistic copy of what the signed-in person just sent: a temp_ id until the server's answer replaces it. */
export function optimisticMessage(sender: Sender, draft: Draft, now = new Date()): ChatMessage {
  return {
    _id: tempId(now.getTime()),
    content: draft.content,
    priority: draft.priority,
    kind: draft.kind,
    isBroadcast: false,
    senderId: {
      _id: sender._id,
      role: sender.role,
      specialId: null,
      profile: { firstName: sender.profile?.firstName ?? '', lastName: sender.profile?.lastName ?? '' },
    },
    senderRole: sender.role,
    recipientId: draft.recipientId ?? null,
    conversationId: draft.conversationId,
    targetRoles: null,
    parentId: null,
    isRead: false,
    readAt: null,
    createdAt: now.toISOString(),
    pending: true,
  };
}

/** The first pending copy with this content: the socket's echo may come before the POST answer. */
export const pendingTwin = (list: readonly ChatMessage[], m: ChatMessage) =>
  list.find((x) => x.pending && x.content === m.content && x.kind === m.kind)?._id;
