import { eq, sql, type SQL } from 'drizzle-orm';
import { previewText, type MessageView as MessageData } from '#core/messages/message-view.ts';
import type { FrameOf } from '#core/realtime/frames.ts';
import type { Db } from '#db/client.ts';
import { messages, users } from '#db/schema/index.ts';
import { readAtFor, specialIdOf, type Viewer } from './messages.queries.ts';

/** The columns a message is shown with: its row, its sender (left joined: a deleted sender leaves null) and the viewer's read state. */
export const messageFields = (v: Viewer) => ({
  id: messages.id,
  senderId: messages.senderId,
  recipientId: messages.recipientId,
  conversationUserId: messages.conversationUserId,
  kind: messages.kind,
  content: messages.content,
  priority: messages.priority,
  targetRoles: messages.targetRoles,
  parentId: messages.parentId,
  createdAt: messages.createdAt,
  senderRole: users.role,
  senderProfile: users.profile,
  senderSpecialId: sql<string | null>`case when ${users.id} is null then null else ${specialIdOf} end`,
  readAt: readAtFor(v),
});

/** A query for messages as `v` sees them, filtered by `where`. */
export const selectMessages = (db: Db, v: Viewer, where: SQL | undefined) =>
  db.select(messageFields(v)).from(messages).leftJoin(users, eq(users.id, messages.senderId)).where(where);

export type MessageView = Awaited<ReturnType<typeof selectMessages>>[number];

const iso = (v: Date | number | null) => (v === null ? null : new Date(v).toISOString());

/** Spec 3 Message: `senderId` carries the sender (the client reads `senderId.profile.firstName`). */
export function serializeMessage(row: MessageView): MessageData {
  return {
    _id: row.id,
    content: row.content,
    priority: row.priority,
    kind: row.kind,
    isBroadcast: row.kind === 'broadcast',
    senderId: row.senderId
      ? {
          _id: row.senderId,
          role: row.senderRole,
          specialId: row.senderSpecialId,
          profile: { firstName: row.senderProfile?.firstName ?? '', lastName: row.senderProfile?.lastName ?? '' },
        }
      : null,
    senderRole: row.senderRole ?? null,
    recipientId: row.recipientId,
    conversationId: row.kind === 'broadcast' ? `broadcast:${row.id}` : row.conversationUserId,
    targetRoles: row.targetRoles ?? null,
    parentId: row.parentId,
    isRead: row.readAt !== null,
    readAt: iso(row.readAt),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
export type SerializedMessage = MessageData;

/** What a socket event carries: the message and the spec's 100-character preview. */
export const eventData = (message: SerializedMessage): FrameOf<'new_message'>['data'] => ({
  message,
  preview: previewText(message.content),
});
