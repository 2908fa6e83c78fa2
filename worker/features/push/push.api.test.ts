import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '#core/push/push-schemas.ts';
import { pushSubscriptions } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx, uniq } from '#test/helpers.ts';
import { browserKeys } from '#test/push-helpers.ts';
import { vapidKey } from './push.subscriptions.ts';

const TEST_VAPID_PUBLIC_KEY = 'BJOoSN9ke6WZbTCnNPNjUavKIqdsEAL40D_zxuUDEwrrRl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y';
const INVALID = 'Failed to create valid subscription';

async function subscriptionBody(endpoint = `https://fcm.googleapis.com/fcm/send/${uniq()}`) {
  const { p256dh, auth } = await browserKeys();
  return {
    subscription: { endpoint, keys: { p256dh, auth }, expirationTime: null },
    deviceInfo: { userAgent: 'Mozilla/5.0 (test)', platform: 'Linux', browser: 'Chrome', deviceName: 'Desktop' as const },
  };
}

const subscribe = async (token: string, body?: unknown) =>
  api('/api/notifications/push/subscribe', { method: 'POST', token, body: body ?? (await subscriptionBody()) });
const mine = (token: string) => api('/api/notifications/push/my-subscriptions', { token });
const rowsOf = (userId: string) => testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/notifications/vapid-key', () => {
  it('answers the public key browsers subscribe with, to anyone', async () => {
    const res = await api('/api/notifications/vapid-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, publicKey: TEST_VAPID_PUBLIC_KEY });
  });

  it('says push is not configured (503) when the deployment has no VAPID pair', () => {
    const ctx = testServiceCtx();
    const config = { ...ctx.config, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined };
    expect(() => vapidKey({ config })).toThrow(expect.objectContaining({ status: 503, message: 'Push notifications are not configured' }));
  });
});

describe('POST /api/notifications/push/subscribe', () => {
  it('stores the subscription with its device (201) and lists it for its owner without the keys', async () => {
    const user = await createUser();
    const body = await subscriptionBody();
    const res = await subscribe(user.token, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Push notifications enabled',
      data: { endpoint: body.subscription.endpoint, deviceInfo: body.deviceInfo, failureCount: 0, lastSuccessAt: null },
    });
    const list = await mine(user.token);
    expect(list.body.count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ _id: res.body.data._id, endpoint: body.subscription.endpoint });
    expect(JSON.stringify(list.body)).not.toContain(body.subscription.keys.auth);
  });

  it('upserts by endpoint: subscribing the same browser again updates its keys, not a second row', async () => {
    const user = await createUser();
    const first = await subscriptionBody();
    await subscribe(user.token, first);
    const again = await subscriptionBody(first.subscription.endpoint);
    again.deviceInfo.deviceName = 'Mobile' as never;
    const res = await subscribe(user.token, again);
    expect(res.status).toBe(201);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: again.subscription.keys.p256dh, auth: again.subscription.keys.auth, deviceName: 'Mobile' });
  });

  it("refuses with 409 to move another account's subscription to the caller, and keeps it with its owner", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const body = await subscriptionBody();
    expect((await subscribe(a.token, body)).status).toBe(201);
    const stolen = await subscriptionBody(body.subscription.endpoint);
    const res = await subscribe(b.token, stolen);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'This browser already receives notifications for another account; that account must turn them off first',
    });
    expect(await rowsOf(b.id)).toHaveLength(0);
    const [kept] = await rowsOf(a.id);
    expect(kept).toMatchObject({
      endpoint: body.subscription.endpoint,
      p256dh: body.subscription.keys.p256dh,
      auth: body.subscription.keys.auth,
    });
  });

  it('lets the next account subscribe on a browser once its owner unsubscribed it', async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const body = await subscriptionBody();
    await subscribe(a.token, body);
    const off = await api('/api/notifications/push/unsubscribe', {
      method: 'DELETE',
      token: a.token,
      body: { endpoint: body.subscription.endpoint },
    });
    expect(off.status).toBe(200);
    expect((await subscribe(b.token, body)).status).toBe(201);
    expect(await rowsOf(b.id)).toHaveLength(1);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} browsers per user, replacing the least recently subscribed`, async () => {
    const user = await createUser();
    const bodies = [];
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2; i++) {
      const body = await subscriptionBody();
      bodies.push(body);
      expect((await subscribe(user.token, body)).status).toBe(201);
    }
    const endpoints = (await rowsOf(user.id)).map((r) => r.endpoint).sort();
    expect(endpoints).toEqual(
      bodies
        .slice(2)
        .map((b) => b.subscription.endpoint)
        .sort(),
    );
  });

  it.each([
    ['no subscription', {}],
    ['an endpoint over 1000 characters', { endpoint: `https://fcm.googleapis.com/${'a'.repeat(1000)}` }],
    ['no keys', { keys: undefined }],
    ['a p256dh key of the wrong length', { keys: { p256dh: 'BAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    ['a compressed p256dh point', { keys: { p256dh: `Ag${'A'.repeat(85)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }],
    ['an auth secret of the wrong length', { keys: { auth: 'AAAA' } }],
    ['keys that are not base64url', { keys: { auth: '!!!!!!!!!!!!!!!!!!!!!!' } }],
  ])('refuses %s with 400 "Failed to create valid subscription"', async (_name, change) => {
    const user = await createUser();
    const body = await subscriptionBody();
    const keys =
      'keys' in change && change.keys
        ? { ...body.subscription.keys, ...change.keys }
        : 'keys' in change
          ? undefined
          : body.subscription.keys;
    const subscription = Object.keys(change).length ? { ...body.subscription, ...change, keys } : undefined;
    const res = await subscribe(user.token, { ...body, subscription });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: INVALID });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it.each([
    ['an http endpoint', 'http://fcm.googleapis.com/x'],
    ['an endpoint that is not a URL', 'not a url'],
    ['a loopback endpoint', 'https://127.0.0.1:8787/api/users'],
    ['an IPv6 literal endpoint', 'https://[::1]/x'],
    ['a localhost endpoint', 'https://localhost/x'],
    ['localhost with a trailing dot', 'https://localhost./x'],
    ['a single-label host', 'https://intranet/x'],
    ['an internal host name with a trailing dot', 'https://metadata.google.internal./x'],
    ['a push host with a trailing dot', 'https://fcm.googleapis.com./x'],
    ['a nip.io-style name', 'https://fcm.googleapis.com.127.0.0.1.nip.io/x'],
    ['a push host on another port', 'https://fcm.googleapis.com:8443/x'],
    ['an endpoint with credentials', 'https://user:pw@fcm.googleapis.com/x'],
    ['a host that is no push service', 'https://push.example.test/x'],
  ])('refuses %s with 400 naming the known push services, and stores nothing', async (_name, endpoint) => {
    const user = await createUser();
    const body = await subscriptionBody(endpoint);
    const res = await subscribe(user.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The push endpoint must be an https address of a known push service: Google (FCM), Mozilla, Apple or Windows',
    });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it.each([
    'https://android.googleapis.com/gcm/send/x',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QG',
    'https://wns2-by3p.notify.windows.com/w/?token=x',
  ])('accepts %s', async (endpoint) => {
    const user = await createUser();
    expect((await subscribe(user.token, await subscriptionBody(`${endpoint}${uniq()}`))).status).toBe(201);
  });

  it('refuses a device name other than Mobile or Desktop', async () => {
    const user = await createUser();
    const body = await subscriptionBody();
    const res = await subscribe(user.token, { ...body, deviceInfo: { ...body.deviceInfo, deviceName: 'Toaster' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid device information');
  });

  it('refuses a caller without a token', async () => {
    const res = await api('/api/notifications/push/subscribe', { method: 'POST', body: await subscriptionBody() });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/notifications/push/unsubscribe', () => {
  it("removes the caller's own subscription", async () => {
    const user = await createUser();
    const body = await subscriptionBody();
    await subscribe(user.token, body);
    const res = await api('/api/notifications/push/unsubscribe', {
      method: 'DELETE',
      token: user.token,
      body: { endpoint: body.subscription.endpoint },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { endpoint: body.subscription.endpoint } });
    expect((await mine(user.token)).body.count).toBe(0);
  });

  it("cannot remove another user's subscription (404, and it stays)", async () => {
    const [owner, other] = await Promise.all([createUser(), createUser()]);
    const body = await subscriptionBody();
    await subscribe(owner.token, body);
    const res = await api('/api/notifications/push/unsubscribe', {
      method: 'DELETE',
      token: other.token,
      body: { endpoint: body.subscription.endpoint },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Push subscription not found');
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it('needs an endpoint', async () => {
    const user = await createUser();
    const res = await api('/api/notifications/push/unsubscribe', { method: 'DELETE', token: user.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Endpoint is required');
  });
});

describe('GET /api/notifications/push/my-subscriptions', () => {
  it("lists only the caller's subscriptions, most recent first", async () => {
    const [user, other] = await Promise.all([createUser(), createUser()]);
    const first = await subscriptionBody();
    const second = await subscriptionBody();
    await subscribe(user.token, first);
    await subscribe(user.token, second);
    await subscribe(other.token);
    const res = await mine(user.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { endpoint: string }) => s.endpoint)).toEqual([second.subscription.endpoint, first.subscription.endpoint]);
  });
});

describe('the service worker file', () => {
  it('is served at /sw.js as JavaScript, so browsers can register it with scope /', async () => {
    const res = await api<string>('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    // The built worker is minified: the listener's name may sit in any quotes.
    expect(res.body).toMatch(/addEventListener\(["'`]push["'`]/);
    expect(res.body).toMatch(/addEventListener\(["'`]notificationclick["'`]/);
  });
});
