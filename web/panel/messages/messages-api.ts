import type { BroadcastTarget, MessagePriority } from '#core/messages/message-schemas.ts';
import type { Role } from '#core/roles.ts';
import { api, errorMessage, type Pagination } from '#web/lib/api.ts';
import { conversationMessages, sentMessage, THREAD_MESSAGES, type ChatMessage } from '#web/lib/messages-thread.ts';
import { announceUnread } from '#web/panel/notifications/notifications-api.ts';

export type Conversation = { messages: ChatMessage[]; pagination: Pagination | null; conversationId: string };

/** GET /messages/conversation: the latest 50, oldest first; `targetSpecialId` for the school. */
export async function readConversation(
  opts: { page?: number; targetSpecialId?: string; signal?: AbortSignal } = {},
): Promise<Conversation> {
  let body;
  try {
    body = await api('/messages/conversation', {
      query: { page: opts.page ?? 1, targetSpecialId: opts.targetSpecialId },
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new Error(THREAD_MESSAGES.loadFailed(errorMessage(err)));
  }
  const messages = conversationMessages(body);
  return {
    messages,
    pagination: body.pagination ?? null,
    conversationId: typeof body.conversationId === 'string' ? body.conversationId : '',
  };
}

export const sendMessage = async (content: string, priority: MessagePriority) =>
  sentMessage(await api('/messages/send', { body: { content, priority } }));

export const REPLY_PATH = '/messages/admin/reply';
export const replyTo = async (targetSpecialId: string, content: string, priority: MessagePriority) =>
  sentMessage(await api(REPLY_PATH, { body: { content, targetSpecialId, priority } }));

export async function broadcast(content: string, targetRoles: BroadcastTarget[], priority: MessagePriority) {
  const body = await api('/messages/admin/broadcast', { body: { content, targetRoles, priority } });
  return { message: sentMessage(body), recipientCount: Number(body.recipientCount ?? 0) };
}

/** PATCH /mark-read (a user) or /bulk-read (the school): never with temp_ ids (the caller filters). */
export async function markRead(messageIds: string[], bulk = false) {
  const body = await api<{ readAt?: string; notificationsUnread?: number }>(bulk ? '/messages/bulk-read' : '/messages/mark-read', {
    method: 'PATCH',
    body: { messageIds },
    fallback: THREAD_MESSAGES.markReadFailed,
  });
  // The server cleared the bell's notifications about these messages: the bell shows what is left.
  if (typeof body.data?.notificationsUnread === 'number') announceUnread(body.data.notificationsUnread);
  return { readAt: body.data?.readAt ?? new Date().toISOString() };
}

export const deleteMessages = (messageIds: string[]) =>
  api('/messages/bulk', { method: 'DELETE', body: { messageIds }, fallback: 'Failed to delete messages' });

export type InboxUser = {
  _id: string;
  email: string;
  role: Role;
  isActive: boolean;
  specialId: string;
  profile: { firstName: string; lastName: string };
  unreadCount: number;
  lastMessageAt: string | null;
  /** The conversation's latest message, its first 100 characters. */
  lastMessage: { _id: string; content: string; kind: string; senderId: string | null } | null;
};

/** GET /messages/users: everyone one can talk to, those with a conversation first, with the school's unread count. */
export async function readInboxUsers(search: string, signal?: AbortSignal) {
  const body = await api<InboxUser[]>('/messages/users', {
    query: { limit: 100, search },
    fallback: 'Failed to fetch users',
    ...(signal ? { signal } : {}),
  });
  return { users: Array.isArray(body.data) ? body.data : [], pagination: body.pagination ?? null };
}

export type MessageStats = {
  total: number;
  direct: number;
  replies: number;
  broadcasts: number;
  unread: number;
  today: number;
  conversations: number;
};

export async function readStats(signal?: AbortSignal) {
  const body = await api<MessageStats>('/messages/stats', { fallback: 'Failed to fetch stats', ...(signal ? { signal } : {}) });
  return body.data ?? null;
}
