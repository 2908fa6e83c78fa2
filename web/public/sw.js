/* The service worker (registered by web/lib/push-client.ts at /sw.js, scope /): shows Web Push
   notifications and opens the page they point to. Plain JavaScript: served as is, never bundled. */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The server sends JSON ({ title, body, data, icon, badge, tag, actions }); anything else still shows. */
function readPayload(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Dojo';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    data: payload.data && typeof payload.data === 'object' ? payload.data : {},
    icon: payload.icon || '/favicon.svg',
    badge: payload.badge,
    tag: payload.tag,
    actions: Array.isArray(payload.actions) ? payload.actions.slice(0, 2) : undefined,
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Only pages of this site are opened: a URL from the payload pointing elsewhere falls back to the home page. */
function targetUrl(data) {
  try {
    const url = new URL(data && typeof data.url === 'string' ? data.url : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // A tab already on that page is brought forward rather than opening a second one.
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
