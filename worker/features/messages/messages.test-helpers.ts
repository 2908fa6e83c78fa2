/** Shared by the messages tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { Role } from '#core/roles.ts';
import { api, createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { outboxMailer } from '#worker/lib/mailer.ts';
import { publisher, recordingPublisher, type Published } from '#worker/lib/publish.ts';
import { serviceContext, settleDeferred } from '#worker/lib/service-context.ts';

export const send = (method: string, path: string, token?: string, body?: unknown) =>
  api(path, { method, ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });

/** A user who can be named by an identifier, as every messaging user is. */
export const student = () => createUser({ role: 'student', studentId: `STU-${uniq().toUpperCase()}` });
export const admin = () => createUser({ role: 'admin', adminId: `ADM-${uniq().toUpperCase()}` });
export const userOf = (role: Role) => createUser({ role });

export async function writeToSchool(user: TestUser, content = `Hello ${uniq()}`, extra: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/messages/send', user.token, { content, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; content: string; [k: string]: any };
}

export async function reply(from: TestUser, targetSpecialId: string, content = `Answer ${uniq()}`) {
  const res = await send('POST', '/api/messages/admin/reply', from.token, { content, targetSpecialId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; content: string; [k: string]: any };
}

export const unread = async (user: TestUser) => (await send('GET', '/api/messages/unread-count', user.token)).body.unreadCount as number;

/**
 * What was published so far, to leave out of later checks. Other test files may run meanwhile and share
 * the recorder, so nothing is cleared: each test reads the events of its own fresh users after a mark.
 */
export async function mark(): Promise<ReadonlySet<Published>> {
  await settleDeferred();
  return new Set(publisher.recorded);
}

/** What the API published to these users (after `since`), once the deferred deliveries settled. */
export async function publishedTo(users: readonly TestUser[], since: ReadonlySet<Published> = new Set()) {
  await settleDeferred();
  const ids = new Set(users.map((u) => u.id));
  const events = publisher.recorded.filter((p) => ids.has(p.userId) && !since.has(p));
  const who = (id: string) => users.find((u) => u.id === id)!;
  return { events, pairs: events.map((p) => [who(p.userId), p.event.type] as const) };
}

/** A service context for `user` with a recorder of its own, large enough for a broadcast's fan-out. */
export function ctxFor(user: TestUser) {
  const db = testDb();
  const recorder = recordingPublisher(100_000);
  const ctx = serviceContext({
    db,
    user: { id: user.id, email: user.email, role: user.role, emailVerified: true, tokenVersion: 0 },
    requestId: `test-${uniq()}`,
    config: loadConfig(env as unknown as Bindings),
    ip: '127.0.0.1',
    mailer: outboxMailer(db),
    storage: (env as unknown as Bindings).UPLOADS,
    requestOrigin: 'http://dojo.test',
    publisher: recorder,
  });
  return { ctx, published: recorder.recorded as readonly Published[] };
}
