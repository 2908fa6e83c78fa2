import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { fromBase64Url } from '#core/push/base64url.ts';
import { pushSubscriptions } from '#db/schema/index.ts';
import { createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { browserKeys, decryptPushBody, importBrowserPrivateKey, verifyVapidHeader, type BrowserKeys } from '#test/push-helpers.ts';
import { MAX_CONSECUTIVE_FAILURES, sendPush } from './push.ts';
import { MAX_PAYLOAD_BYTES } from './web-push.ts';

/** RFC 8291 §5 and Appendix A. */
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const TEST_VAPID_PUBLIC_KEY = 'BJOoSN9ke6WZbTCnNPNjUavKIqdsEAL40D_zxuUDEwrrRl2ye7_3GjbSc-uFO2YxrIJYfgGlYBaYwQt_PNxjh7Y';

const b = (s: string) => fromBase64Url(s)!;

describe("the test's own RFC 8291 decryption", () => {
  it('reads the RFC example (so it can be trusted on real deliveries)', async () => {
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth, privateKey: await importBrowserPrivateKey(RFC.uaPrivate, RFC.uaPublic) };
    expect(await decryptPushBody(b(RFC.body), keys)).toEqual({ text: RFC.plaintext, recordSize: 4096 });
  });
});

type Delivered = { url: string; headers: Headers; body: Uint8Array };

/** A push service that records each request and answers with the given status. */
function pushService(status: number | ((url: string) => number) = 201) {
  const delivered: Delivered[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    delivered.push({ url, headers: new Headers(init?.headers), body: new Uint8Array(init?.body as Uint8Array) });
    return new Response(null, { status: typeof status === 'number' ? status : status(url) });
  }) as typeof fetch;
  return { delivered, fetcher };
}

async function subscribe(userId: string, keys?: BrowserKeys, extra: Partial<typeof pushSubscriptions.$inferInsert> = {}) {
  const k = keys ?? (await browserKeys());
  const endpoint = extra.endpoint ?? `https://fcm.googleapis.com/send/${newId()}`;
  await testDb()
    .insert(pushSubscriptions)
    .values({ id: newId(), userId, endpoint, p256dh: k.p256dh, auth: k.auth, ...extra });
  return { endpoint, keys: k };
}

const rowOf = (endpoint: string) => testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).get();

describe('sendPush', () => {
  it('delivers an aes128gcm body the browser decrypts to the payload, signed with the VAPID key', async () => {
    const user = await createUser();
    const { endpoint, keys } = await subscribe(user.id);
    const service = pushService(201);
    const before = Math.floor(Date.now() / 1000);
    const payload = {
      title: 'Class moved',
      body: 'Saturday 10:00 is now 11:00',
      data: { url: '/dashboard/classes' },
      priority: 'high' as const,
    };

    const report = await sendPush(testServiceCtx(), [user.id], payload, { fetcher: service.fetcher });

    expect(report).toEqual({ attempted: 1, delivered: 1, removed: 0, failed: 0 });
    const [req] = service.delivered;
    expect(req!.url).toBe(endpoint);
    expect(req!.headers.get('content-encoding')).toBe('aes128gcm');
    expect(req!.headers.get('content-type')).toBe('application/octet-stream');
    expect(req!.headers.get('ttl')).toBe('86400');
    expect(req!.headers.get('urgency')).toBe('high');
    const { text } = await decryptPushBody(req!.body, keys);
    expect(JSON.parse(text)).toEqual({ title: 'Class moved', body: 'Saturday 10:00 is now 11:00', data: { url: '/dashboard/classes' } });

    const vapid = await verifyVapidHeader(req!.headers.get('authorization')!, TEST_VAPID_PUBLIC_KEY);
    expect(vapid.valid).toBe(true);
    expect(vapid.k).toBe(TEST_VAPID_PUBLIC_KEY);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe('https://fcm.googleapis.com');
    expect(vapid.claims.sub).toBe('mailto:push-tests@dojo.test');
    expect(vapid.claims.exp).toBeGreaterThan(before);
    expect(vapid.claims.exp).toBeLessThanOrEqual(before + 24 * 60 * 60 + 5);

    const row = await rowOf(endpoint);
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
    expect(row?.failureCount).toBe(0);
  });

  it('a signature made with another key does not verify (the check above means something)', async () => {
    const user = await createUser();
    await subscribe(user.id);
    const service = pushService(201);
    await sendPush(testServiceCtx(), [user.id], { title: 'x' }, { fetcher: service.fetcher });
    const other = await browserKeys();
    const vapid = await verifyVapidHeader(service.delivered[0]!.headers.get('authorization')!, other.p256dh);
    expect(vapid.valid).toBe(false);
  });

  it('sends to every browser of the users named and to no one else, with low urgency for low priority', async () => {
    const [a, b2, other] = await Promise.all([createUser(), createUser(), createUser()]);
    const subs = await Promise.all([subscribe(a.id), subscribe(a.id), subscribe(b2.id), subscribe(other.id)]);
    const service = pushService(201);
    const report = await sendPush(testServiceCtx(), [a.id, b2.id, a.id], { title: 'Hi', priority: 'low' }, { fetcher: service.fetcher });
    expect(report.delivered).toBe(3);
    expect(service.delivered.map((d) => d.url).sort()).toEqual(
      subs
        .slice(0, 3)
        .map((s) => s.endpoint)
        .sort(),
    );
    expect(service.delivered.every((d) => d.headers.get('urgency') === 'low')).toBe(true);
  });

  it('removes a subscription the push service calls gone (410 and 404)', async () => {
    const user = await createUser();
    const gone = await subscribe(user.id);
    const missing = await subscribe(user.id);
    const service = pushService((url) => (url === gone.endpoint ? 410 : 404));
    const report = await sendPush(testServiceCtx(), [user.id], { title: 'x' }, { fetcher: service.fetcher });
    expect(report).toEqual({ attempted: 2, delivered: 0, removed: 2, failed: 0 });
    expect(await rowOf(gone.endpoint)).toBeUndefined();
    expect(await rowOf(missing.endpoint)).toBeUndefined();
  });

  it('keeps a subscription whose push service fails (500), counting the failure until a success resets it', async () => {
    const user = await createUser();
    const { endpoint } = await subscribe(user.id);
    const failing = pushService(500);
    const ctx = testServiceCtx();
    expect(await sendPush(ctx, [user.id], { title: 'x' }, { fetcher: failing.fetcher })).toMatchObject({ failed: 1, removed: 0 });
    await sendPush(ctx, [user.id], { title: 'x' }, { fetcher: failing.fetcher });
    expect((await rowOf(endpoint))?.failureCount).toBe(2);
    await sendPush(ctx, [user.id], { title: 'x' }, { fetcher: pushService(201).fetcher });
    expect((await rowOf(endpoint))?.failureCount).toBe(0);
  });

  it(`drops a subscription after ${MAX_CONSECUTIVE_FAILURES} failures in a row`, async () => {
    const user = await createUser();
    const { endpoint } = await subscribe(user.id, undefined, { failureCount: MAX_CONSECUTIVE_FAILURES - 2 });
    const failing = pushService(403);
    await sendPush(testServiceCtx(), [user.id], { title: 'x' }, { fetcher: failing.fetcher });
    expect((await rowOf(endpoint))?.failureCount).toBe(MAX_CONSECUTIVE_FAILURES - 1);
    await sendPush(testServiceCtx(), [user.id], { title: 'x' }, { fetcher: failing.fetcher });
    expect(await rowOf(endpoint)).toBeUndefined();
  });

  it('never throws: a network error, a row with broken keys and an expired subscription are handled', async () => {
    const user = await createUser();
    const broken = await subscribe(user.id, { p256dh: 'AAAA', auth: 'AAAA', privateKey: null as never });
    const expired = await subscribe(user.id, undefined, { expirationTime: new Date(Date.now() - 1000) });
    const ok = await subscribe(user.id);
    const fetcher = (async (url: RequestInfo | URL) => {
      if (String(url) === ok.endpoint) throw new TypeError('network down');
      return new Response(null, { status: 201 });
    }) as typeof fetch;
    const report = await sendPush(testServiceCtx(), [user.id], { title: 'x' }, { fetcher });
    expect(report).toEqual({ attempted: 2, delivered: 0, removed: 1, failed: 2 });
    expect(await rowOf(expired.endpoint)).toBeUndefined();
    expect((await rowOf(broken.endpoint))?.failureCount).toBe(1);
  });

  it('never reaches a stored endpoint outside the push services, and drops its row', async () => {
    const user = await createUser();
    const inside = await subscribe(user.id, undefined, { endpoint: `https://metadata.google.internal./x/${newId()}` });
    const ok = await subscribe(user.id);
    const service = pushService(201);
    const report = await sendPush(testServiceCtx(), [user.id], { title: 'x' }, { fetcher: service.fetcher });
    expect(service.delivered.map((d) => d.url)).toEqual([ok.endpoint]);
    expect(report).toEqual({ attempted: 1, delivered: 1, removed: 1, failed: 0 });
    expect(await rowOf(inside.endpoint)).toBeUndefined();
  });

  it(`delivers a payload of exactly ${MAX_PAYLOAD_BYTES} bytes, and pads every body to one 4096-byte record`, async () => {
    const user = await createUser();
    const { keys } = await subscribe(user.id);
    const service = pushService(201);
    const envelope = JSON.stringify({ title: 'x', body: '' }).length;
    const fullest = { title: 'x', body: 'y'.repeat(MAX_PAYLOAD_BYTES - envelope) };
    const ctx = testServiceCtx();
    expect(await sendPush(ctx, [user.id], fullest, { fetcher: service.fetcher })).toMatchObject({ delivered: 1 });
    expect(await sendPush(ctx, [user.id], { title: 'x' }, { fetcher: service.fetcher })).toMatchObject({ delivered: 1 });
    const [full, small] = service.delivered;
    expect(JSON.parse((await decryptPushBody(full!.body, keys)).text)).toEqual(fullest);
    expect(JSON.parse((await decryptPushBody(small!.body, keys)).text)).toEqual({ title: 'x' });
    // The same length whatever the text: the push service cannot tell a short notification from a long one.
    expect([full!.body.length, small!.body.length]).toEqual([4096, 4096]);
    const over = { ...fullest, body: `${fullest.body}y` };
    expect(await sendPush(ctx, [user.id], over, { fetcher: service.fetcher })).toMatchObject({ attempted: 0 });
    expect(service.delivered).toHaveLength(2);
  });

  it('refuses a payload too big for one record once, without counting it against the browsers', async () => {
    const user = await createUser();
    const { endpoint } = await subscribe(user.id);
    const service = pushService(201);
    const report = await sendPush(testServiceCtx(), [user.id], { title: 'x', body: 'y'.repeat(5000) }, { fetcher: service.fetcher });
    expect(report).toEqual({ attempted: 0, delivered: 0, removed: 0, failed: 0 });
    expect(service.delivered).toEqual([]);
    expect((await rowOf(endpoint))?.failureCount).toBe(0);
  });

  it('sends nothing when push is not configured', async () => {
    const user = await createUser();
    await subscribe(user.id);
    const service = pushService(201);
    const ctx = testServiceCtx();
    const unconfigured = { ...ctx, config: { ...ctx.config, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined } };
    expect(await sendPush(unconfigured, [user.id], { title: 'x' }, { fetcher: service.fetcher })).toMatchObject({ attempted: 0 });
    expect(service.delivered).toEqual([]);
  });
});
