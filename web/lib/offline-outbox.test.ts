import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { optimisticMessage } from './messages-thread.ts';
import { outbox, outboxKey, type OutboxDeps, type OutboxItem } from './offline-outbox.ts';

const ME = { _id: 'u1', role: 'student' };
const item = (content: string): OutboxItem => ({
  id: content,
  path: '/messages/send',
  body: { content, priority: 'normal' },
  message: optimisticMessage(ME, { content, priority: 'normal', kind: 'direct', conversationId: 'u1' }),
});

/** A Map for the local database and a scripted server that records what it was sent. */
function fakes(answer: (body: Record<string, unknown>) => Promise<unknown> = async () => ({ success: true })) {
  const db = new Map<string, unknown>();
  const posted: Record<string, unknown>[] = [];
  const deps: OutboxDeps = {
    get: async <T>(k: string) => (db.get(k) as T | undefined) ?? null,
    put: async (k, v) => void db.set(k, v),
    post: async (_path, body) => {
      posted.push(body);
      return (await answer(body)) as never;
    },
  };
  return { db, posted, deps };
}

const handlers = () => {
  const sent: string[] = [];
  const refused: string[] = [];
  return { sent, refused, onSent: (i: OutboxItem) => sent.push(i.id), onRefused: (i: OutboxItem) => refused.push(i.id) };
};

describe('the message outbox', () => {
  it('keeps messages per user and sends them in the order written, then forgets them', async () => {
    const { db, posted, deps } = fakes();
    const box = outbox('u1', deps);
    await box.add(item('first'));
    await box.add(item('second'));
    expect(await outbox('u2', deps).list()).toEqual([]);
    const h = handlers();
    expect(await box.flush(h)).toBe(2);
    expect(posted.map((b) => b.content)).toEqual(['first', 'second']);
    expect(h.sent).toEqual(['first', 'second']);
    expect(db.get(outboxKey('u1'))).toEqual([]);
  });

  it('stops at the first message the network cannot carry and keeps it and the rest', async () => {
    const { posted, deps } = fakes(async () => {
      throw new ApiError('Request failed', 0);
    });
    const box = outbox('u1', deps);
    await box.add(item('a'));
    await box.add(item('b'));
    expect(await box.flush(handlers())).toBe(0);
    expect(posted).toHaveLength(1);
    expect((await box.list()).map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('keeps a message the server could not take now (429, 5xx) and drops one it refused (4xx), saying so', async () => {
    const { deps } = fakes(async (body) => {
      if (body.content === 'too long') throw new ApiError('Message content is required', 400);
      if (body.content === 'busy') throw new ApiError('Too many requests', 429);
      return { success: true };
    });
    const box = outbox('u1', deps);
    await box.add(item('too long'));
    await box.add(item('ok'));
    await box.add(item('busy'));
    const h = handlers();
    expect(await box.flush(h)).toBe(1);
    expect(h.refused).toEqual(['too long']);
    expect(h.sent).toEqual(['ok']);
    expect((await box.list()).map((i) => i.id)).toEqual(['busy']);
  });

  it('never sends a message twice when flushed twice at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { posted, deps } = fakes(async () => {
      await gate;
      return { success: true };
    });
    const box = outbox('u1', deps);
    await box.add(item('once'));
    const both = Promise.all([box.flush(handlers()), box.flush(handlers())]);
    release();
    await both;
    expect(posted).toHaveLength(1);
  });
});
