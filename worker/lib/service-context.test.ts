import { afterEach, describe, expect, it, vi } from 'vitest';
import { testServiceCtx } from '#test/helpers.ts';
import { settleDeferred, signedIn } from './service-context.ts';

afterEach(() => vi.restoreAllMocks());

describe('service context', () => {
  it('defers work past the caller and logs a failure with the request id instead of throwing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const kept: Promise<unknown>[] = [];
    const ctx = testServiceCtx({ requestId: 'req-defer', waitUntil: (p) => kept.push(p) });
    const order: string[] = [];
    ctx.defer('first job', async () => {
      order.push('ran');
    });
    ctx.defer('failing job', async () => {
      throw new Error('push service down');
    });
    order.push('returned');
    expect(kept).toHaveLength(2);
    await settleDeferred();
    expect(order).toEqual(['returned', 'ran']);
    const logged = errors.mock.calls.map((c) => String(c[0])).find((l) => l.includes('failing job'));
    expect(JSON.parse(logged!)).toMatchObject({ level: 'error', requestId: 'req-defer', error: 'push service down' });
  });

  it('publishes one event to each user concerned, once each, after the caller goes on', async () => {
    const ctx = testServiceCtx();
    ctx.publish(['u1', 'u2', 'u1'], {
      type: 'messages_marked_read',
      data: { messageIds: ['m1'], count: 1, readAt: '2026-11-27T10:00:00.000Z' },
    });
    expect(ctx.published).toHaveLength(0);
    await settleDeferred();
    expect(ctx.published.map((p) => [p.userId, p.event.type])).toEqual([
      ['u1', 'messages_marked_read'],
      ['u2', 'messages_marked_read'],
    ]);
  });

  it('takes PUBLIC_URL as the origin of links, else the request origin, without a trailing slash', () => {
    expect(testServiceCtx({ requestOrigin: 'http://127.0.0.1:8787/' }).origin).toBe('http://127.0.0.1:8787');
    const config = { ...testServiceCtx().config, PUBLIC_URL: 'https://dojo.example//' };
    expect(testServiceCtx({ config, requestOrigin: 'http://127.0.0.1:8787' }).origin).toBe('https://dojo.example');
  });

  it('signedIn answers the caller, and 401 without one', () => {
    const user = { id: 'u1', email: 'u1@example.test', role: 'member' as const, emailVerified: true, tokenVersion: 0 };
    expect(signedIn(testServiceCtx({ user }))).toBe(user);
    expect(() => signedIn(testServiceCtx())).toThrow(expect.objectContaining({ status: 401 }));
  });
});
