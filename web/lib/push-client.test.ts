import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toBase64Url } from '#core/push/base64url.ts';
import {
  applicationServerKey,
  currentPushStatus,
  deviceInfoOf,
  disablePush,
  enablePush,
  pushSupported,
  type PushBrowser,
} from './push-client.ts';
import { fakeBrowser } from './browser.test-helpers.ts';

const VAPID_KEY = 'BJOoSN9ke6WZbTCnNPNjUavKIqdsEAL40D_zxuUDEwrrRl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y';
const point = () => toBase64Url(Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)));
const UA_CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

let http: ReturnType<typeof fakeBrowser>;
/** Answers per path, like the server would. */
let answers: Record<string, () => Response>;
beforeEach(() => {
  http = fakeBrowser();
  answers = {
    '/api/notifications/vapid-key': () => Response.json({ success: true, publicKey: VAPID_KEY }),
    '/api/notifications/push/subscribe': () => Response.json({ success: true, data: {} }, { status: 201 }),
    '/api/notifications/push/unsubscribe': () => Response.json({ success: true }),
  };
  http.respond(() => answers[http.calls.at(-1)!.url]!());
});
afterEach(() => vi.unstubAllGlobals());

function pushBrowser(
  opts: { permission?: NotificationPermission; grant?: NotificationPermission; keys?: { p256dh: string; auth: string } } = {},
) {
  let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const keys = opts.keys ?? { p256dh: point(), auth: toBase64Url(new Uint8Array(16)) };
  let made = 0;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_o: PushSubscriptionOptionsInit) => {
      const endpoint = `https://fcm.googleapis.com/abc${made++ || ''}`;
      current = {
        endpoint,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: vi.fn(async () => {
          current = null;
          return true;
        }),
      };
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission: opts.permission ?? 'default',
    requestPermission: vi.fn(async () => opts.grant ?? 'granted'),
  };
  const browser = {
    navigator: {
      userAgent: UA_CHROME_DESKTOP,
      platform: 'Linux x86_64',
      serviceWorker: {
        register: vi.fn(async () => registration),
        ready: Promise.resolve(registration),
        getRegistration: async () => registration,
      },
    },
    Notification: notification,
    PushManager: function PushManager() {},
  } as unknown as PushBrowser;
  return { browser, pushManager, notification, current: () => current };
}

describe('pure parts', () => {
  it('tells the browser and whether it is a phone from the user agent', () => {
    expect(deviceInfoOf(UA_CHROME_DESKTOP, 'Linux')).toEqual({
      userAgent: UA_CHROME_DESKTOP,
      platform: 'Linux',
      browser: 'Chrome',
      deviceName: 'Desktop',
    });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(deviceInfoOf(iphone)).toMatchObject({ browser: 'Safari', deviceName: 'Mobile' });
    expect(deviceInfoOf('Mozilla/5.0 (Windows NT 10.0) Chrome/142.0 Safari/537.36 Edg/142.0')).toMatchObject({ browser: 'Edge' });
    expect(deviceInfoOf('Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0')).toMatchObject({
      browser: 'Firefox',
      deviceName: 'Mobile',
    });
    expect(deviceInfoOf('x'.repeat(900)).userAgent).toHaveLength(500);
  });

  it('turns the VAPID key into the 65 bytes pushManager.subscribe wants', () => {
    const key = applicationServerKey(VAPID_KEY);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(() => applicationServerKey('AAAA')).toThrow();
  });

  it('needs service workers, the push manager and notifications', () => {
    expect(pushSupported(pushBrowser().browser)).toBe(true);
    expect(pushSupported({ navigator: { userAgent: '', platform: '' } } as PushBrowser)).toBe(false);
    expect(pushSupported({ ...pushBrowser().browser, PushManager: undefined })).toBe(false);
  });
});

describe('enablePush', () => {
  it('asks permission, subscribes with the server key and sends the subscription with the device', async () => {
    const { browser, pushManager, notification } = pushBrowser();
    expect(await enablePush(browser)).toEqual({ status: 'enabled' });
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(toBase64Url(options.applicationServerKey as Uint8Array)).toBe(VAPID_KEY);
    const sent = http.calls.find((c) => c.url === '/api/notifications/push/subscribe')!;
    expect(sent.init.method).toBe('POST');
    expect(JSON.parse(String(sent.init.body))).toMatchObject({
      subscription: { endpoint: 'https://fcm.googleapis.com/abc', keys: { p256dh: point() } },
      deviceInfo: { browser: 'Chrome', deviceName: 'Desktop', platform: 'Linux x86_64' },
    });
  });

  it("drops this browser's subscription held by another account (409) and subscribes anew for the one signed in", async () => {
    const { browser, pushManager, current } = pushBrowser({ permission: 'granted' });
    await pushManager.subscribe({});
    const held = current()!;
    let refused = false;
    answers['/api/notifications/push/subscribe'] = () => {
      if (refused) return Response.json({ success: true, data: {} }, { status: 201 });
      refused = true;
      return Response.json({ success: false, code: 'CONFLICT', message: 'held by another account' }, { status: 409 });
    };
    expect(await enablePush(browser)).toEqual({ status: 'enabled' });
    expect(held.unsubscribe).toHaveBeenCalledOnce();
    const sent = http.calls.filter((c) => c.url === '/api/notifications/push/subscribe').map((c) => JSON.parse(String(c.init.body)));
    expect(sent.map((b) => b.subscription.endpoint)).toEqual(['https://fcm.googleapis.com/abc', 'https://fcm.googleapis.com/abc1']);
  });

  it("shows the server's words when it refuses the new subscription too", async () => {
    const { browser } = pushBrowser({ permission: 'granted' });
    answers['/api/notifications/push/subscribe'] = () =>
      Response.json({ success: false, code: 'CONFLICT', message: 'held by another account' }, { status: 409 });
    expect(await enablePush(browser)).toMatchObject({ status: 'error', error: { message: 'held by another account' } });
  });

  it("says the browser cannot do it: 'Push notifications are not supported in this browser'", async () => {
    const result = await enablePush({ navigator: { userAgent: '', platform: '' } } as PushBrowser);
    expect(result).toEqual({
      status: 'error',
      error: { title: 'Push Notification Error', message: 'Push notifications are not supported in this browser', priority: 'high' },
    });
  });

  it('asks for permission to be allowed when refused, now or before, without subscribing', async () => {
    const refused = pushBrowser({ grant: 'denied' });
    expect((await enablePush(refused.browser)).error?.message).toBe('Please allow notifications in your browser settings');
    const blocked = pushBrowser({ permission: 'denied' });
    expect((await enablePush(blocked.browser)).error?.message).toBe('Please allow notifications in your browser settings');
    expect(blocked.notification.requestPermission).not.toHaveBeenCalled();
    expect(blocked.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("refuses a subscription without usable keys: 'Failed to create valid subscription'", async () => {
    const { browser } = pushBrowser({ permission: 'granted', keys: { p256dh: 'short', auth: 'x' } });
    expect((await enablePush(browser)).error?.message).toBe('Failed to create valid subscription');
    expect(http.calls.some((c) => c.url.endsWith('/subscribe'))).toBe(false);
  });

  it("shows the server's reason when it refuses, and 'Failed to enable push notifications' otherwise", async () => {
    answers['/api/notifications/vapid-key'] = () =>
      Response.json({ success: false, message: 'Push notifications are not configured', code: 'UNAVAILABLE' }, { status: 503 });
    expect((await enablePush(pushBrowser({ permission: 'granted' }).browser)).error?.message).toBe('Push notifications are not configured');
    answers['/api/notifications/vapid-key'] = () => Response.json({ success: true, publicKey: VAPID_KEY });
    answers['/api/notifications/push/subscribe'] = () => new Response('boom', { status: 500 });
    expect((await enablePush(pushBrowser({ permission: 'granted' }).browser)).error?.message).toBe('Failed to enable push notifications');
  });
});

describe('disablePush', () => {
  it('removes the subscription on the server, then in the browser', async () => {
    const fake = pushBrowser({ permission: 'granted' });
    await enablePush(fake.browser);
    expect(await currentPushStatus(fake.browser)).toBe('enabled');
    expect(await disablePush(fake.browser)).toEqual({ status: 'disabled' });
    const sent = http.calls.find((c) => c.url === '/api/notifications/push/unsubscribe')!;
    expect(sent.init.method).toBe('DELETE');
    expect(JSON.parse(String(sent.init.body))).toEqual({ endpoint: 'https://fcm.googleapis.com/abc' });
    expect(fake.current()).toBeNull();
    expect(await currentPushStatus(fake.browser)).toBe('disabled');
  });

  it('still unsubscribes the browser when the server no longer knows it (404)', async () => {
    const fake = pushBrowser({ permission: 'granted' });
    await enablePush(fake.browser);
    answers['/api/notifications/push/unsubscribe'] = () =>
      Response.json({ success: false, message: 'Push subscription not found' }, { status: 404 });
    expect(await disablePush(fake.browser)).toEqual({ status: 'disabled' });
    expect(fake.current()).toBeNull();
  });
});
