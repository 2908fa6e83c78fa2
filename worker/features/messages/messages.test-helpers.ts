/** Shared by the messages tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { Role } from '#core/roles.ts';
import { api, createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { outboxMailer } from '#worker/lib/mailer.ts';
import { recordingPublisher, type Published } from '#worker/lib/publish.ts';
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

/** What `published` holds for these users, once the deferred deliveries settled: `[user, type]` pairs and the events. */
export async function eventsFor(published: readonly Published[], users: readonly TestUser[]) {
  await settleDeferred();
  const ids = new Set(users.map((u) => u.id));
  const events = published.filter((p) => ids.has(p.userId));
  const who = (id: string) => users.find((u) => u.id === id)!;
  return { events, pairs: events.map((p) => [who(p.userId), p.event.type] as const) };
}

/**
 * A service context for `user` with a recorder of its own. The shared recorder (publisher.recorded) keeps
 * 200 events and the test database is shared with every other file: one message to the school fans out
 * to every admin account there, so the events a test looks for would be pushed out. The routes only call
 * these verbs; what they publish is asserted here.
 */
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
