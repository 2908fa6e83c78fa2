/** Shared by the room tests (not a test file itself): real WebSockets to the rooms through the Worker. */
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { TestUser } from '#test/helpers.ts';
import type { Bindings } from '#worker/env.ts';
import type { RealtimeEvent } from '#worker/lib/publish.ts';
import { runtimeOf } from '#worker/lib/runtime.ts';

export type Frame = { type: string; data?: any; message?: string };
export type Closed = { code: number; reason: string; at: number };

/** A socket to a room, with every frame it receives kept in order and the moment it closed. */
export async function open(userId: string, opts: { origin?: string; query?: string; path?: string } = {}) {
  const url = `http://dojo.test${opts.path ?? `/parties/user/${userId}`}${opts.query ?? ''}`;
  const headers: Record<string, string> = { upgrade: 'websocket' };
  if (opts.origin) headers.origin = opts.origin;
  const res = await exports.default.fetch(new Request(url, { headers }));
  const ws = res.webSocket;
  const frames: Frame[] = [];
  if (!ws)
    return { res, ws: null, frames, closed: Promise.resolve({ code: 0, reason: '', at: Date.now() }), next: async () => null, send() {} };
  ws.accept();
  const waiters: ((f: Frame) => void)[] = [];
  ws.addEventListener('message', (e) => {
    const f = JSON.parse(String(e.data)) as Frame;
    frames.push(f);
    waiters.shift()?.(f);
  });
  const closed = new Promise<Closed>((resolve) =>
    ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason, at: Date.now() })),
  );
  let read = 0;
  /** The next frame not yet read (waits up to 3 s). */
  const next = () =>
    new Promise<Frame | null>((resolve) => {
      if (frames.length > read) return resolve(frames[read++]!);
      const t = setTimeout(() => resolve(null), 3000);
      waiters.push((f) => {
        clearTimeout(t);
        read++;
        resolve(f);
      });
    });
  const send = (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  return { res, ws, frames, closed, next, send };
}

export type Socket = Awaited<ReturnType<typeof open>>;

/** The spec's authenticate frame (the token never goes in the URL). */
export const authenticate = (user: Pick<TestUser, 'id' | 'role' | 'token'>) => ({
  type: 'authenticate',
  userId: user.id,
  userRole: user.role,
  token: user.token,
});

/** A socket of this user, authenticated by frame, its conversation_history read. */
export async function connect(user: Pick<TestUser, 'id' | 'role' | 'token'>): Promise<Socket> {
  const s = await open(user.id);
  expect(s.res.status).toBe(101);
  s.send(authenticate(user));
  expect(await s.next()).toMatchObject({ type: 'authenticated', data: { userId: user.id } });
  expect(await s.next()).toMatchObject({ type: 'conversation_history' });
  return s;
}

/** What every authenticated socket is sent first (spec 7). */
export const GREETING = ['authenticated', 'conversation_history'];

/** Publishes as a service does; tests hand partial frames (the room forwards what it is given, unread). */
export const publish = (userId: string, event: Frame) =>
  runtimeOf(env as unknown as Bindings).publisher.send(userId, event as RealtimeEvent);
