import type { NotificationAction, NotificationPriority, NotificationType } from './notification-options.ts';

/** A notification as the API and the socket's `notification` event send it (spec 3; dates as ISO strings). */
export type NotificationView = {
  _id: string;
  id: string;
  userId: string;
  title: string;
  body: string;
  type: NotificationType;
  eventType: string;
  priority: NotificationPriority;
  entityType: string | null;
  entityId: string | null;
  data: Record<string, unknown>;
  actions: NotificationAction[];
  read: boolean;
  readAt: string | null;
  clicked: boolean;
  clickedAt: string | null;
  delivered: boolean;
  timestamp: string;
  createdAt: string;
};
