import { fromBase64Url } from '#core/push/base64url.ts';
import { PUSH_MESSAGES, PushSubscriptionSchema, type DeviceInfo } from '#core/push/push-schemas.ts';
import { api, ApiError } from './api.ts';

/** Spec 4 push status. */
export type PushStatus = 'disabled' | 'enabling' | 'enabled' | 'error';

/** What the notification context shows for a failure (spec 8: a high-priority 'Push Notification Error'). */
export type PushError = { title: typeof PUSH_MESSAGES.errorTitle; message: string; priority: 'high' };
export type PushResult = { status: PushStatus; error?: PushError };

/** The browser APIs the flow uses; tests hand in fakes, islands use the real ones. */
export type PushBrowser = {
  navigator: Pick<Navigator, 'userAgent' | 'platform'> & { serviceWorker?: ServiceWorkerContainer };
  Notification?: Pick<typeof Notification, 'permission' | 'requestPermission'>;
  PushManager?: unknown;
};

const realBrowser = (): PushBrowser => globalThis as unknown as PushBrowser & typeof globalThis;

export const SERVICE_WORKER_URL = '/sw.js';

const failed = (message: string): PushResult => ({
  status: 'error',
  error: { title: PUSH_MESSAGES.errorTitle, message, priority: 'high' },
});

/** Spec 5: push needs service workers, the push manager and notifications. */
export function pushSupported(browser: PushBrowser = realBrowser()): boolean {
  return Boolean(browser.navigator?.serviceWorker && browser.PushManager && browser.Notification);
}

/** The spec's deviceInfo, read from the user agent: enough for a person to tell their devices apart. */
export function deviceInfoOf(userAgent: string, platform = ''): DeviceInfo {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Unknown';
  const deviceName = /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'Mobile' : 'Desktop';
  return { userAgent: userAgent.slice(0, 500), platform: platform.slice(0, 100), browser, deviceName };
}

/** pushManager.subscribe wants the VAPID key as bytes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const key = fromBase64Url(publicKey);
  if (key?.length !== 65) throw new Error('VAPID public key is not a P-256 point');
  return key;
}

async function registration(browser: PushBrowser) {
  const sw = browser.navigator.serviceWorker!;
  return (await sw.getRegistration(SERVICE_WORKER_URL)) ?? null;
}

/** Enabled when this browser already holds a subscription (the server keeps it by endpoint). */
export async function currentPushStatus(browser: PushBrowser = realBrowser()): Promise<PushStatus> {
  if (!pushSupported(browser) || browser.Notification!.permission !== 'granted') return 'disabled';
  const reg = await registration(browser);
  return (await reg?.pushManager.getSubscription()) ? 'enabled' : 'disabled';
}

/**
 * The permission flow: support, permission (asked only when not yet decided), the service worker,
 * the server's VAPID key, the browser's subscription, then the server. Resolves with the status to
 * show; never throws.
 */
export async function enablePush(browser: PushBrowser = realBrowser()): Promise<PushResult> {
  if (!pushSupported(browser)) return failed(PUSH_MESSAGES.notSupported);
  const notification = browser.Notification!;
  const permission = notification.permission === 'default' ? await notification.requestPermission() : notification.permission;
  if (permission !== 'granted') return failed(PUSH_MESSAGES.permissionDenied);
  try {
    const sw = browser.navigator.serviceWorker!;
    await sw.register(SERVICE_WORKER_URL, { scope: '/' });
    const reg = await sw.ready;
    const { publicKey } = (await api('/notifications/vapid-key')) as { publicKey?: string };
    const key = applicationServerKey(publicKey ?? '');
    const fresh = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const send = async (subscription: PushSubscription) => {
      const parsed = PushSubscriptionSchema.safeParse(subscription.toJSON());
      if (!parsed.success) return failed(PUSH_MESSAGES.invalidSubscription);
      await api('/notifications/push/subscribe', {
        body: { subscription: parsed.data, deviceInfo: deviceInfoOf(browser.navigator.userAgent, browser.navigator.platform) },
      });
      return { status: 'enabled' } as const;
    };
    const subscription = (await reg.pushManager.getSubscription()) ?? (await fresh());
    try {
      return await send(subscription);
    } catch (err) {
      // 409: this browser's subscription is another account's (signed in here before); the server never
      // hands it over, so this browser drops it and subscribes anew for the one signed in now.
      if (!(err instanceof ApiError && err.status === 409)) throw err;
      await subscription.unsubscribe();
      return await send(await fresh());
    }
  } catch (err) {
    // The server's own words when it gave some (an invalid subscription, push not configured).
    if (err instanceof ApiError && [400, 409, 503].includes(err.status)) return failed(err.message);
    return failed(PUSH_MESSAGES.enableFailed);
  }
}

/** Forgets this browser on the server first (so no push is sent to a dead endpoint), then in the browser. */
export async function disablePush(browser: PushBrowser = realBrowser()): Promise<PushResult> {
  if (!pushSupported(browser)) return { status: 'disabled' };
  try {
    const subscription = await (await registration(browser))?.pushManager.getSubscription();
    if (!subscription) return { status: 'disabled' };
    await api('/notifications/push/unsubscribe', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
    await subscription.unsubscribe();
    return { status: 'disabled' };
  } catch {
    return failed(PUSH_MESSAGES.disableFailed);
  }
}
