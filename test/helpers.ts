/** Helpers for API tests running inside workerd (the `worker` vitest project). */
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Role } from '#core/roles.ts';
import { createDb } from '#db/client.ts';
import { users, type NewUserRow } from '#db/schema/index.ts';
import { signToken } from '#worker/lib/jwt.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { outboxMailer } from '#worker/lib/mailer.ts';
import { recordingPublisher } from '#worker/lib/publish.ts';
import { serviceContext, type ServiceCtxParts } from '#worker/lib/service-context.ts';

type TestEnv = { LIBSQL_URL: string; JWT_SECRET: string };
const testEnv = env as unknown as TestEnv;

export const testDb = () => createDb({ url: testEnv.LIBSQL_URL });

export type ApiInit = { method?: string; body?: unknown; token?: string; headers?: Record<string, string>; raw?: BodyInit };
export type ApiResult<T = any> = { status: number; headers: Headers; body: T };

/** Calls the Worker's own fetch handler, as a browser would call /api. */
export async function api<T = any>(path: string, init: ApiInit = {}): Promise<ApiResult<T>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body: BodyInit | undefined = init.raw;
  if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.body);
  }
  const res = await exports.default.fetch(
    new Request(`http://dojo.test${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }),
  );
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** A unique suffix so tests never collide on unique columns. */
export const uniq = () => newId().slice(-10);

export const TEST_PASSWORD = 'Correct-Horse-42';
let cachedHash: Promise<string> | undefined;

export type TestUser = { id: string; email: string; role: Role; password: string; token: string; row: NewUserRow };

/** Inserts a user straight into the database (hashing once per file for speed) and signs a token for it. */
export async function createUser(overrides: Partial<NewUserRow> & { role?: Role } = {}): Promise<TestUser> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const id = newId();
  const role = overrides.role ?? 'student';
  const row: NewUserRow = {
    id,
    email: `user-${uniq()}@example.test`,
    passwordHash: await cachedHash,
    role,
    emailVerified: true,
    profile: { firstName: 'Test', lastName: role },
    ...overrides,
  };
  await testDb().insert(users).values(row);
  const token = await tokenFor({ id, role, tokenVersion: row.tokenVersion ?? 0 });
  return { id, email: row.email, role, password: TEST_PASSWORD, token, row };
}

export const tokenFor = (u: { id: string; role: string; tokenVersion: number }, ttlSeconds = 3600) =>
  signToken({ sub: u.id, role: u.role, tv: u.tokenVersion }, testEnv.JWT_SECRET, ttlSeconds);

export async function getUserRow(id: string) {
  return testDb().select().from(users).where(eq(users.id, id)).get();
}

/** A fresh client IP per test, so per-IP rate limits of one test do not leak into another. */
export const freshIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/**
 * A service context built the way rooms, cron jobs and seeds build one: the test database, the local
 * outbox mailer, a recording publisher of its own, no caller unless given.
 */
export function testServiceCtx(overrides: Partial<ServiceCtxParts> = {}) {
  const db = overrides.db ?? testDb();
  // Unbounded for a test's life: the school's notices reach every staff account the shared test database holds.
  const publisher = recordingPublisher(Number.POSITIVE_INFINITY);
  const ctx = serviceContext({
    db,
    config: loadConfig(env as unknown as Bindings),
    mailer: outboxMailer(db),
    user: null,
    requestId: 'test',
    storage: (env as unknown as Bindings).UPLOADS,
    ip: freshIp(),
    requestOrigin: 'http://dojo.test',
    publisher,
    ...overrides,
  });
  return Object.assign(ctx, { published: publisher.recorded });
}
