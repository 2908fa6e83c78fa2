import { profileName } from '#core/users/person-name.ts';
import type { NotifyInput } from '#core/notifications/notification-schemas.ts';
import type { NotificationPriority } from '#core/notifications/notification-options.ts';
import { previewText } from '#core/messages/message-view.ts';
import { panelScreenUrl, type Role } from '#core/roles.ts';
import type { SerializedMessage } from './messages.serialize.ts';

/** Notifications know low, normal and high; an urgent message is a high one. */
const priorityOf = (p: string): NotificationPriority => (p === 'urgent' ? 'high' : (p as NotificationPriority));

const senderName = (m: SerializedMessage) => profileName(m.senderId?.profile, m.senderId?.specialId || 'a user');

const base = (m: SerializedMessage, title: string, eventType: string, url: string): NotifyInput => ({
  title,
  body: previewText(m.content),
  type: 'message',
  eventType,
  priority: priorityOf(m.priority),
  entityType: 'message',
  entityId: m._id,
  data: { messageId: m._id, conversationId: m.conversationId, url },
  actions: [{ action: 'open', title: 'Open messages', url }],
});

const messagesUrl = (role: Role) => panelScreenUrl(role, 'messages');

/** For the school: a user wrote; the link opens that user's conversation in the inbox. */
export const newMessageNotice = (m: SerializedMessage): NotifyInput =>
  base(m, `New message from ${senderName(m)}`, 'new_message', `/admin/messages/${m.conversationId}`);

/** For the user the school answered, linking to their own panel's messages. */
export const replyNotice = (m: SerializedMessage, role: Role): NotifyInput =>
  base(m, 'New reply from the school', 'new_reply', messagesUrl(role));

/** For each recipient of a broadcast; the link is per panel, so recipients are grouped by role. */
export const broadcastNotice = (m: SerializedMessage, role: Role): NotifyInput =>
  base(m, 'Announcement from the school', 'new_broadcast', messagesUrl(role));
