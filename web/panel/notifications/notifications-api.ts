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
