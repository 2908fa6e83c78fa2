import type { NotificationView } from '#core/notifications/notification-view.ts';
import { api } from '#web/lib/api.ts';

/** Spec 9: the browser keeps at most 100, newest first, one per `_id`. */
export const LOCAL_LIMIT = 100;

export function mergeNotifications(current: readonly NotificationView[], incoming: readonly NotificationView[]): NotificationView[] {
  const seen = new Set<string>();
  const out: NotificationView[] = [];
  for (const n of [...incoming, ...current]) {
    if (seen.has(n._id)) continue;
    seen.add(n._id);
    out.push(n);
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, LOCAL_LIMIT);
}

/** Client-only ids (local_, socket_) never reach the server (spec 3). */
export const isServerId = (id: string) => !id.startsWith('local_') && !id.startsWith('socket_');

export const readUnreadCount = (signal?: AbortSignal) =>
  api<never>('/notifications/unread-count', { signal, fallback: 'Failed to fetch notifications' }).then((b) => Number(b.count ?? 0));

export const readLatest = (signal?: AbortSignal) =>
  api<NotificationView[]>('/notifications/my', { query: { page: 1, limit: 10 }, signal, fallback: 'Failed to fetch notifications' }).then(
    (b) => b.data ?? [],
  );

export const markClicked = (id: string) =>
  isServerId(id)
    ? api(`/notifications/${encodeURIComponent(id)}/clicked`, { method: 'PATCH', fallback: 'Failed to update notification' })
    : null;

export const markAllRead = () => api('/notifications/mark-all-read', { method: 'PATCH', fallback: 'Failed to update notifications' });

export type NotificationFilters = { type: string; read: string; priority: string; search: string };
export type NotificationPage = { items: NotificationView[]; hasMore: boolean; total: number };

/** One page of the caller's notifications; the search goes only when it is not blank (spec 5). */
export const readPage = (page: number, f: NotificationFilters, signal?: AbortSignal): Promise<NotificationPage> =>
  api<NotificationView[]>('/notifications/my', {
    query: { page, limit: 20, type: f.type, read: f.read, priority: f.priority, search: f.search.trim() || undefined },
    signal,
    fallback: 'Failed to fetch notifications',
  }).then((b) => ({ items: b.data ?? [], hasMore: Boolean(b.pagination?.hasMore), total: b.pagination?.total ?? 0 }));

export const markRead = (id: string) =>
  isServerId(id)
    ? api(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH', fallback: 'Failed to update notification' })
    : null;

export const deleteNotification = (id: string) =>
  isServerId(id) ? api(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: 'Failed to delete notification' }) : null;

export type NotificationPreferences = { inApp: boolean; push: boolean; email: boolean; mutedTypes: string[] };

export const readPreferences = (signal?: AbortSignal) =>
  api<NotificationPreferences>('/notifications/preferences', { signal, fallback: 'Failed to load preferences' }).then((b) => b.data!);

export const savePreferences = (prefs: Partial<NotificationPreferences>) =>
  api<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body: prefs, fallback: 'Failed to save preferences' }).then(
    (b) => b.data!,
  );

/** Where opening a notification leads: its link when it is one of the site's paths. */
export const notificationLink = (n: NotificationView): string | null => {
  const url = typeof n.data?.url === 'string' ? n.data.url : n.actions.find((a) => a.url)?.url;
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
};

const UNREAD_EVENT = 'dojo:notifications-unread';

/** The bell and the notifications screen keep one unread count: whichever changes it tells the other. */
export function announceUnread(count: number) {
  window.dispatchEvent(new CustomEvent(UNREAD_EVENT, { detail: Math.max(0, count) }));
}

export function onUnreadChange(listener: (count: number) => void): () => void {
  const handle = (e: Event) => listener(Number((e as CustomEvent<number>).detail));
  window.addEventListener(UNREAD_EVENT, handle);
  return () => window.removeEventListener(UNREAD_EVENT, handle);
}
