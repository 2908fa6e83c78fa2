/**
 * Interoperability, run in Node: what the real push adapter (sendPush over a real libSQL, the push
 * service stubbed at fetch) sends is decrypted by the `http_ece` reference implementation with the
 * browser's keys, and its VAPID JWT verifies with Node's own ES256 (docs/decisions/015-web-push.md).
 */
import { createECDH, createPublicKey, generateKeyPairSync, randomBytes, verify, type ECDH, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { createDb, type Db } from '#db/client.ts';
import { runMigrations } from '#db/migrate.ts';
import { pushSubscriptions, users } from '#db/schema/index.ts';
import { startDbServer } from '#db/server/server.ts';
import type { AppConfig } from '#worker/config.ts';
import { requestLog } from './service-context.ts';
import { sendPush, type PushCtx } from './push.ts';

/** The reference of RFC 8188 (untyped CommonJS): only the call used here. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

let dir: string;
let server: Awaited<ReturnType<typeof startDbServer>>;
let db: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-push-interop-'));
  server = await startDbServer({ file: join(dir, 'push.db'), port: 0 });
  await runMigrations(server.url);
  db = createDb({ url: server.url });
}, 60_000);

afterAll(async () => {
  db?.$libsql.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A VAPID pair made here with Node's crypto, in the form the Worker is configured with. */
function vapidPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.of(4), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey, jwk: JSON.stringify(jwk), point: point.toString('base64url') };
}

/** A browser's subscription: its ECDH key pair and auth secret, as PushManager.subscribe() makes them. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16) };
}

type Captured = { url: string; headers: Headers; body: Buffer };

async function deliverOne(payload: Parameters<typeof sendPush>[2]) {
  const vapid = vapidPair();
  const ua = browser();
  const userId = newId();
  const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/${newId()}`;
  await db.insert(users).values({ id: userId, email: `${userId}@example.test`, passwordHash: 'x', role: 'student' });
  await db.insert(pushSubscriptions).values({ id: newId(), userId, endpoint, p256dh: ua.p256dh, auth: ua.auth.toString('base64url') });
  const config = { VAPID_PUBLIC_KEY: vapid.point, VAPID_PRIVATE_KEY: vapid.jwk, VAPID_SUBJECT: 'mailto:interop@dojo.test' } as AppConfig;
  const ctx: PushCtx = { db, config, log: requestLog('interop') };
  const captured: Captured[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    captured.push({ url: String(input), headers: new Headers(init?.headers), body: Buffer.from(init?.body as Uint8Array) });
    return new Response(null, { status: 201 });
  }) as typeof fetch;
  const report = await sendPush(ctx, [userId], payload, { fetcher });
  expect(report).toMatchObject({ attempted: 1, delivered: 1 });
  expect(captured).toHaveLength(1);
  return { req: captured[0]!, ua, vapid, endpoint };
}

/** A P-256 public key from its uncompressed point (0x04 ‖ x ‖ y), as the header's `k` carries it. */
function keyOfPoint(point: string) {
  const raw = Buffer.from(point, 'base64url');
  const part = (from: number) => raw.subarray(from, from + 32).toString('base64url');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: part(1), y: part(33) }, format: 'jwk' });
}

/** Checks an ES256 JWT with Node's verify (the signature is r ‖ s, JWS's form). */
function verifyJwt(token: string, key: KeyObject) {
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { valid, header: json(head), claims: json(claims) };
}

describe('Web Push interoperability with the http_ece reference', () => {
  it('decrypts what sendPush sent with the browser keys, and verifies its VAPID JWT with the public key', async () => {
    const payload = { title: 'Class moved', body: 'Saturday 10:00 is now 11:00 — ünïcode', data: { url: '/dashboard/classes' } };
    const before = Math.floor(Date.now() / 1000);
    const { req, ua, vapid, endpoint } = await deliverOne({ ...payload, priority: 'high', ttl: 600, topic: 'class-moved' });

    expect(req.url).toBe(endpoint);
    expect(req.headers.get('content-encoding')).toBe('aes128gcm');
    expect(req.headers.get('ttl')).toBe('600');
    expect(req.headers.get('urgency')).toBe('high');
    expect(req.headers.get('topic')).toBe('class-moved');
    const plaintext = ece.decrypt(req.body, { version: 'aes128gcm', privateKey: ua.ecdh, authSecret: ua.auth });
    expect(JSON.parse(plaintext.toString('utf8'))).toEqual(payload);

    const match = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(req.headers.get('authorization') ?? '');
    expect(match?.[2]).toBe(vapid.point);
    const jwt = verifyJwt(match![1]!, keyOfPoint(match![2]!));
    expect(verifyJwt(match![1]!, vapid.publicKey).valid).toBe(true);
    expect(jwt.valid).toBe(true);
    expect(jwt.header).toMatchObject({ alg: 'ES256' });
    expect(jwt.claims).toMatchObject({ aud: 'https://updates.push.services.mozilla.com', sub: 'mailto:interop@dojo.test' });
    expect(jwt.claims.exp).toBeGreaterThan(before);
    expect(jwt.claims.exp).toBeLessThanOrEqual(before + 24 * 60 * 60);
  });

  it('fails to decrypt with another auth secret or another browser key, and the JWT fails under another key', async () => {
    const { req, ua } = await deliverOne({ title: 'x' });
    expect(() => ece.decrypt(req.body, { version: 'aes128gcm', privateKey: ua.ecdh, authSecret: randomBytes(16) })).toThrow();
    expect(() => ece.decrypt(req.body, { version: 'aes128gcm', privateKey: browser().ecdh, authSecret: ua.auth })).toThrow();
    const token = /t=([^,\s]+)/.exec(req.headers.get('authorization') ?? '')![1]!;
    expect(verifyJwt(token, vapidPair().publicKey).valid).toBe(false);
  });
});
