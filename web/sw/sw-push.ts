import { sw } from './sw-scope.ts';

/** The server sends JSON ({ title, body, data, icon, badge, tag, actions }); anything else still shows. */
function readPayload(data: { json(): unknown; text(): string } | null): Record<string, unknown> {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only pages of this site are opened: a URL from the payload pointing elsewhere falls back to the home page. */
export function targetUrl(data: unknown, origin: string): string {
  try {
    const raw = data && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : '/';
    const url = new URL(raw, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Web Push (spec 7 notifications, worker/lib/push.ts): shows the notification and opens the page it points to. */
export function listenForPush() {
  sw.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Dojo';
    const options: NotificationOptions & { actions?: unknown[] } = {
      body: typeof payload.body === 'string' ? payload.body : '',
      data: payload.data && typeof payload.data === 'object' ? payload.data : {},
      icon: typeof payload.icon === 'string' && payload.icon ? payload.icon : '/icons/icon-192.png',
      badge: typeof payload.badge === 'string' ? payload.badge : undefined,
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      actions: Array.isArray(payload.actions) ? payload.actions.slice(0, 2) : undefined,
    };
    event.waitUntil(sw.registration.showNotification(title, options));
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = targetUrl(event.notification.data, sw.location.origin);
    event.waitUntil(
      sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        // A tab already on that page is brought forward rather than opening a second one.
        const open = windows.find((w) => w.url === url);
        return open ? open.focus() : sw.clients.openWindow(url);
      }),
    );
  });
}
