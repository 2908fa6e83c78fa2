/** Fixtures shared by the content tests (assets, media, charts, testimonials, alliances, posts). */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { Role } from '#core/roles.ts';
import { makePng, multipartForm } from '#test/fixtures/uploads.ts';
import { api, createUser, testDb, uniq, type ApiResult, type TestUser } from '#test/helpers.ts';
import { fixtureBytes, pngClaiming } from '#worker/lib/image-size.fixtures.ts';
import { IMAGE_TOO_MANY_PIXELS } from '#worker/lib/image-size.ts';

export const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

/** Every key under a prefix (the whole listing, not just the first page). */
export async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket().list({ prefix, ...(cursor ? { cursor } : {}) });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

export const keyOf = (url: string) => url.replace(/^\/api\/files\//, '');

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** A real RGBA PNG of the given size (one colour). */
export const png = (width = 3, height = 2) => makePng(width, height);

/** Real JPEG (640×480) and WebP (5×4) files from the image-size fixtures. */
export const jpeg = () => fixtureBytes('jpegBaseline640x480');
export const webp = () => fixtureBytes('webpLossy5x4');

export const mp4 = (padding = 64): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(32 + padding);
  out.set([0, 0, 0, 0x20, ...ascii('ftyp'), ...ascii('isom'), 0, 0, 2, 0, ...ascii('isomiso2avc1mp41')]);
  return out;
};

export const webm = (): Uint8Array<ArrayBuffer> =>
  new Uint8Array([
    0x1a,
    0x45,
    0xdf,
    0xa3,
    0x9f,
    0x42,
    0x86,
    0x81,
    0x01,
    0x42,
    0xf7,
    0x81,
    0x01,
    0x42,
    0x82,
    0x84,
    ...ascii('webm'),
    0x42,
    0x87,
    0x81,
    0x04,
    0,
    0,
    0,
    0,
  ]);

export const GIF = new Uint8Array([...ascii('GIF89a'), 1, 0, 1, 0, 0, 0, 0]);
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

/** An oversized file that still starts with valid PNG bytes, so only its size is wrong. */
export async function bigPng(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const big = new Uint8Array(bytes);
  big.set(await png());
  return big;
}

/** Multipart body: text fields (arrays become repeated fields) and files. */
export const formOf = multipartForm;

export const sendForm = (path: string, form: FormData, opts: { method?: string; token?: string } = {}) =>
  api(path, { method: opts.method ?? 'POST', raw: form, ...(opts.token ? { token: opts.token } : {}) });

const users = new Map<Role, Promise<TestUser>>();
/** One user per role for a test file (tests only read them). */
export const userFor = (role: Role) => {
  if (!users.has(role)) users.set(role, createUser({ role }));
  return users.get(role)!;
};
export const tokenOf = async (role: Role) => (await userFor(role)).token;

export const ADMIN_ROLES = ['admin', 'grandmaster', 'super-admin'] as const satisfies readonly Role[];
export const NON_ADMIN_ROLES = ['student', 'member', 'instructor'] as const satisfies readonly Role[];

/**
 * The write role matrix: no token 401, each non-admin role 403 (and nothing happened), each
 * admin-capable role let through. `call` makes a fresh request (fresh data) for the given token.
 */
export async function expectAdminOnly(call: (token: string | undefined) => Promise<ApiResult>, allowedStatus = [200, 201]) {
  const anonymous = await call(undefined);
  expect(anonymous.status).toBe(401);
  expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  for (const role of NON_ADMIN_ROLES) {
    const res = await call(await tokenOf(role));
    expect(res.status, role).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  }
  for (const role of ADMIN_ROLES) {
    const res = await call(await tokenOf(role));
    expect(allowedStatus, `${role} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
    expect(res.body.success).toBe(true);
  }
}

/** Random and hostile JSON bodies (raw text, so `__proto__` keys reach the server as sent): none may give a 5xx. */
export const HOSTILE_BODIES: string[] = [
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  JSON.stringify({ title: { $gt: '' }, alt: ['a', 'b'], featured: 'maybe', tags: { a: 1 }, rating: [5] }),
  JSON.stringify({ title: 'x'.repeat(100_000), description: 'y'.repeat(50_000), name: 'n'.repeat(5000) }),
  JSON.stringify({ assets: [null, 1, 'a', { externalUrlLink: 5, mediaType: [] }] }),
  JSON.stringify({ assetIds: [1, null, {}], chartIds: 'x', testimonialIds: {}, postIds: [''], allienceIds: [[]] }),
  JSON.stringify({ rating: '1e309', publishedAt: 'not a date', status: 'live', slug: '../../etc', website: 'javascript:alert(1)' }),
  JSON.stringify({ name: '\u0000\u202e', quote: '\ud800', externalUrlLink: 'https://\u0000', mediaType: 'image', title: '\u0000' }),
  JSON.stringify({ publishedAt: -8.64e15, rating: 1.5, featured: 2, isActive: null, tags: ['a'.repeat(500)] }),
];

export const sendRaw = (path: string, method: string, raw: string, token?: string) =>
  api(path, { method, raw, headers: { 'content-type': 'application/json' }, ...(token ? { token } : {}) });

/** Objects under a prefix that were stored for a file of this (unique) name. */
export async function objectsNamed(prefix: string, fileName: string): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket().list({ prefix, include: ['customMetadata'], ...(cursor ? { cursor } : {}) });
    for (const o of page.objects) if (o.customMetadata?.filename === fileName) found.push(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return found;
}

/**
 * A value that the database refuses to write into `table.column` (a trigger matching only values that
 * start with FAIL-WRITE), to prove that a failed row write leaves no object behind.
 */
export async function failingValue(table: string, column: string): Promise<string> {
  const db = testDb().$libsql;
  for (const op of ['insert', 'update']) {
    await db.execute(
      `CREATE TRIGGER IF NOT EXISTS test_fail_${table}_${column}_${op} BEFORE ${op.toUpperCase()} ON ${table} WHEN NEW.${column} LIKE 'FAIL-WRITE%' BEGIN SELECT RAISE(ABORT, 'forced failure for a test'); END`,
    );
  }
  return `FAIL-WRITE ${uniq()}`;
}

/**
 * Sends a PNG whose header claims 100,000 × 100,000 pixels (a decompression bomb) through `send` and
 * expects checkImageDimensions' 400, with no object stored under `prefix` for it.
 */
export async function expectPixelBombRefused(
  send: (file: { bytes: Uint8Array<ArrayBuffer>; name: string }) => Promise<ApiResult>,
  prefix: string,
) {
  const name = `bomb-${uniq()}.png`;
  const res = await send({ bytes: pngClaiming(100_000, 100_000), name });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: IMAGE_TOO_MANY_PIXELS });
  expect(await objectsNamed(prefix, name)).toEqual([]);
}
