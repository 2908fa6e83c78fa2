/** Spec 3 Notification: the values a notification's fields take, shared by the schema, the API and the islands. */
export const NOTIFICATION_TYPES = ['system', 'success', 'info', 'error', 'message'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const DEFAULT_NOTIFICATION_TYPE: NotificationType = 'system';
export const DEFAULT_NOTIFICATION_PRIORITY: NotificationPriority = 'normal';
export const DEFAULT_EVENT_TYPE = 'custom';

/** Spec 9: page size 20; the API allows up to 100 (the browser's local list is capped at 100 too). */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_MAX_PAGE = 100;

/** Ids the browser makes for notifications that never were rows (spec 3). */
export const CLIENT_ONLY_ID = /^(local_|socket_)/;
export const isClientOnlyId = (id: string) => CLIENT_ONLY_ID.test(id);

export const NOTIFICATION_LIMITS = {
  title: 200,
  body: 2000,
  eventType: 60,
  entityType: 60,
  entityId: 100,
  actions: 5,
  actionLabel: 60,
  actionValue: 500,
  /** The JSON text of `data`, in characters. */
  data: 8_000,
  search: 200,
} as const;

/** A button the browser may show on a notification (spec 3 `actions`). */
export type NotificationAction = { action: string; title: string; url?: string };

/** What a user chose to receive; no row means these defaults. */
export type NotificationPreferences = { inApp: boolean; push: boolean; email: boolean; mutedTypes: NotificationType[] };
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { inApp: true, push: true, email: false, mutedTypes: [] };
