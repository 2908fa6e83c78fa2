/** Shared by the catalog tests (courses, memberships, classes, events, seminars); not a test file itself. */
import { env, exports } from 'cloudflare:workers';
import { vi } from 'vitest';
import type { Role } from '#core/roles.ts';
import { makePng, multipartForm } from '#test/fixtures/uploads.ts';
import { api, createUser, type TestUser, testDb, uniq } from '#test/helpers.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { outboxMailer } from '#worker/lib/mailer.ts';
import { recordingPublisher } from '#worker/lib/publish.ts';
import { serviceContext, type ServiceCtx } from '#worker/lib/service-context.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An ISO date `days` from now (negative: in the past), at a whole second. */
export const daysFromNow = (days: number, hours = 0) =>
  new Date(Math.floor((Date.now() + days * DAY + hours * 3_600_000) / 1000) * 1000).toISOString();

export const bucket = (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

/** The service context a request would build, for calling a service verb straight from a test. */
export function testServiceCtx(user: AuthUser | null = null): ServiceCtx {
  const db = testDb();
  return serviceContext({
    db,
    user,
    requestId: `test-${uniq()}`,
    config: loadConfig(env as unknown as Bindings),
    ip: '127.0.0.1',
    mailer: outboxMailer(db),
    storage: bucket,
    requestOrigin: 'http://dojo.test',
    publisher: recordingPublisher(),
  });
}

export const ADMIN_ROLES = ['grandmaster', 'admin', 'super-admin'] as const satisfies readonly Role[];
export const NON_ADMIN_ROLES = ['student', 'member', 'instructor'] as const satisfies readonly Role[];

export const asAdmin = (): Promise<TestUser> => createUser({ role: 'admin' });

/** A unique lower-case word: put it in titles so search-filtered lists only see this test's rows. */
export const tagged = () => `t${uniq()}`.toLowerCase();

export const send = (method: string, path: string, token?: string, body?: unknown) =>
  api(path, { method, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });

export const sendForm = (method: string, path: string, token: string | undefined, form: FormData) =>
  api(path, { method, ...(token ? { token } : {}), raw: form });

/** A real 1×1 PNG. */
export const tinyPng = () => makePng();

/** JPEG magic bytes (SOI + APP0 "JFIF") followed by filler: enough for the type sniffer. */
export const jpegBytes = (size = 64) => {
  const out = new Uint8Array(size);
  out.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return out;
};

/** A form with the given text fields (arrays repeat the key) and an optional file under `image`. */
export function formOf(
  fields: Record<string, string | number | boolean | readonly string[]>,
  image?: { bytes: Uint8Array<ArrayBuffer> | string; name?: string; type?: string },
) {
  const file = image && { bytes: image.bytes, name: image.name ?? 'photo.png', type: image.type ?? 'image/png' };
  return multipartForm(fields, file ? { image: file } : {});
}

/** A GET through the Worker read as bytes (served files are not text): status and headers. */
export async function fetchRaw(path: string): Promise<{ status: number; headers: Headers }> {
  const res = await exports.default.fetch(new Request(`http://dojo.test${path}`));
  await res.arrayBuffer();
  return { status: res.status, headers: res.headers };
}

export const keysUnder = async (prefix: string) => (await bucket.list({ prefix: `${prefix}/` })).objects.map((o) => o.key).sort();

/** `/api/files/courses/x.png` → `courses/x.png`. */
export const keyOf = (url: string) => url.replace(/^\/api\/files\//, '');

type Stmt = { sql?: string; sql_id?: number };
type Pipeline = { requests?: { type: string; sql?: string; sql_id?: number; stmt?: Stmt; batch?: { steps?: { stmt?: Stmt }[] } }[] };
const CONTROL = /^\s*(begin|commit|rollback|end)\b/i;

/** The SQL texts a Hrana pipeline request runs (statements may refer to SQL stored earlier by id). */
function statementsOf(body: Pipeline): string[] {
  const stored = new Map<number, string>();
  const text = (stmt: Stmt | undefined) => stmt?.sql ?? (stmt?.sql_id !== undefined ? stored.get(stmt.sql_id) : undefined);
  const out: string[] = [];
  for (const r of body.requests ?? []) {
    if (r.type === 'store_sql' && r.sql_id !== undefined && r.sql) stored.set(r.sql_id, r.sql);
    if (r.type === 'execute') out.push(text(r.stmt) ?? '?');
    if (r.type === 'batch') for (const step of r.batch?.steps ?? []) out.push(text(step.stmt) ?? '?');
  }
  return out.filter((s) => !CONTROL.test(s));
}

/**
 * Runs `fn` while watching the Worker's requests to the libSQL server (Hrana pipeline over HTTP):
 * how many round trips and which SQL statements (transaction control left out) were sent.
 */
export async function watchStatements<T>(fn: () => Promise<T>): Promise<{ result: T; roundTrips: number; statements: string[] }> {
  const original = globalThis.fetch;
  const statements: string[] = [];
  let roundTrips = 0;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (/\/v\d\/pipeline$/.test(new URL(url).pathname)) {
      const text = typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : '{}';
      const data = statementsOf(JSON.parse(text) as Pipeline);
      if (data.length) roundTrips++;
      statements.push(...data);
    }
    return original(input, init);
  });
  try {
    return { result: await fn(), roundTrips, statements };
  } finally {
    spy.mockRestore();
  }
}

export { createUser, uniq };

export type Call = { method: string; path: string; body?: unknown; form?: FormData };
export type CallFactory = (adminToken: string) => Promise<Call>;

const callWith = (call: Call, token?: string) =>
  call.form ? sendForm(call.method, call.path, token, call.form) : send(call.method, call.path, token, call.body);

/**
 * The role matrix for a feature's routes: every write refuses no token (401) and the non-admin roles
 * (403), and succeeds (2xx) for each admin-capable role; public reads answer 2xx to everybody.
 */
export function describeAccessMatrix(
  describe: typeof import('vitest').describe,
  it: typeof import('vitest').it,
  expect: typeof import('vitest').expect,
  table: Record<string, unknown>,
  routes: Record<string, CallFactory>,
) {
  it('covers exactly the routes in the access table', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(table).sort());
  });
  describe.each(Object.keys(routes))('%s', (route) => {
    const rule = table[route];
    if (rule === 'public') {
      it('answers visitors and every role', async () => {
        const admin = await asAdmin();
        const visitor = await callWith(await routes[route]!(admin.token));
        expect(visitor.status, JSON.stringify(visitor.body)).toBeLessThan(300);
        for (const role of [...NON_ADMIN_ROLES, ...ADMIN_ROLES]) {
          const user = await createUser({ role });
          const res = await callWith(await routes[route]!(admin.token), user.token);
          expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        }
      });
      return;
    }
    it('refuses a request without a token (401)', async () => {
      const admin = await asAdmin();
      const res = await callWith(await routes[route]!(admin.token));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });
    it.each(NON_ADMIN_ROLES)('refuses a %s (403)', async (role) => {
      const admin = await asAdmin();
      const user = await createUser({ role });
      const res = await callWith(await routes[route]!(admin.token), user.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });
    it.each(ADMIN_ROLES)('lets a %s through (2xx)', async (role) => {
      const admin = await asAdmin();
      const user = await createUser({ role });
      const res = await callWith(await routes[route]!(admin.token), user.token);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(res.body.success).toBe(true);
    });
  });
}

/** A small seeded generator of hostile JSON: wrong types, huge strings, deep nesting, odd keys. */
export function hostileValues(seed: number, keys: readonly string[]) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const atoms = [
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0.5,
    0.1 + 0.2,
    '',
    ' ',
    'x'.repeat(20_000),
    '\u0000',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%_%',
    '__proto__',
    '💥'.repeat(50),
    'javascript:alert(1)',
    '2026-02-30T25:61',
    '99:99',
    '1e999',
    'NaN',
    '[1,2',
    '{"a":',
  ];
  const allKeys = [...keys, '__proto__', 'constructor', 'id', '_id', 'image'];
  const value = (depth: number): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.45) return pick(atoms);
    if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(rand() * 6) }, () => [pick(allKeys), value(depth + 1)]));
  };
  /** Mostly objects with the feature's own keys, so validation goes deep. */
  return () =>
    rand() < 0.8 ? Object.fromEntries(Array.from({ length: 1 + Math.floor(rand() * 8) }, () => [pick(allKeys), value(1)])) : value(0);
}
