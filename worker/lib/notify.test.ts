import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationPreferences, notifications } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { browserKeys, decryptPushBody } from '#test/push-helpers.ts';
import { notify, usePushSender, type PushSender } from './notify.ts';
import { eventOf, type Publisher, type RealtimeEvent } from './publish.ts';
import { settleDeferred } from './service-context.ts';

afterEach(() => vi.restoreAllMocks());

const rowsOf = (userIds: string[]) => testDb().select().from(notifications).where(inArray(notifications.userId, userIds));

/** A publisher that records, for each event, whether its row was already in the database. */
function checkingPublisher() {
  const seen: { userId: string; event: RealtimeEvent; rowExisted: boolean }[] = [];
  const publisher: Publisher = {
    async send(userId, event) {
      const id = (event.data as { _id: string })._id;
      const row = await testDb().select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id)).get();
      seen.push({ userId, event, rowExisted: !!row });
    },
  };
  return { publisher, seen };
}

function recordingPush(answer = true) {
  const calls: { userId: string; id: string; title: string }[] = [];
  const sender: PushSender = {
    async send(userId, n) {
      calls.push({ userId, id: n.id, title: n.title });
      return answer;
    },
  };
  return { sender, calls };
}

describe('notify()', () => {
  it('hands the rooms all recipients in one publish, each with their own row (one presence lookup, not one a recipient)', async () => {
    const users = await Promise.all([createUser(), createUser(), createUser()]);
    const calls: { userIds: readonly string[]; events: RealtimeEvent[] }[] = [];
    const publisher: Publisher = {
      async send() {
        throw new Error('a room publisher gets the recipients together');
      },
      async sendMany(userIds, event) {
        calls.push({ userIds, events: userIds.map((id) => eventOf(event, id)) });
      },
    };
    const { notifications: views } = await notify(
      testServiceCtx({ publisher }),
      users.map((u) => u.id),
      { title: 'Grading on Saturday' },
    );
    await settleDeferred();
    expect(calls).toHaveLength(1);
    expect([...calls[0]!.userIds].sort()).toEqual(users.map((u) => u.id).sort());
    for (const [i, id] of calls[0]!.userIds.entries())
      expect(calls[0]!.events[i]).toEqual({ type: 'notification', data: views.find((v) => v.userId === id) });
  });

  it('stores one row per recipient with the spec defaults, then publishes each exactly once after it exists', async () => {
    const users = await Promise.all([createUser(), createUser({ role: 'member' }), createUser({ role: 'instructor' })]);
    const { publisher, seen } = checkingPublisher();
    const ctx = testServiceCtx({ publisher });
    const ids = users.map((u) => u.id);
    const result = await notify(ctx, [...ids, ids[0]!, 'no-such-user'], { title: '  Dojo closed Monday ', body: 'Snow day' });
    expect(result.notifications).toHaveLength(3);
    expect(seen).toHaveLength(0); // published after the caller goes on
    await settleDeferred();

    const rows = await rowsOf(ids);
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatchObject({
        title: 'Dojo closed Monday',
        body: 'Snow day',
        type: 'system',
        eventType: 'custom',
        priority: 'normal',
        read: false,
      });
    expect(seen.map((s) => s.userId).sort()).toEqual([...ids].sort());
    expect(seen.every((s) => s.rowExisted && s.event.type === 'notification')).toBe(true);
    expect(seen.map((s) => (s.event.data as { userId: string }).userId).sort()).toEqual([...ids].sort());
  });

  it('addresses every active account of the given roles, and nobody else', async () => {
    const [admin, gm, student, blocked] = await Promise.all([
      createUser({ role: 'admin' }),
      createUser({ role: 'grandmaster' }),
      createUser({ role: 'student' }),
      createUser({ role: 'admin', blockedAt: new Date() }),
    ]);
    const ctx = testServiceCtx();
    const { notifications: made } = await notify(ctx, { roles: ['admin', 'grandmaster'] }, { title: 'Staff meeting', type: 'info' });
    const to = made.map((n) => n.userId);
    expect(to).toEqual(expect.arrayContaining([admin.id, gm.id]));
    expect(to).not.toContain(student.id);
    expect(to).not.toContain(blocked.id);
    await settleDeferred();
    expect(ctx.published.filter((p) => [admin.id, gm.id].includes(p.userId))).toHaveLength(2);
  });

  it("respects each user's preferences: a muted type reaches nobody; in-app off means push only; push off means no push", async () => {
    const [plain, muted, pushOnly, quiet] = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    await testDb()
      .insert(notificationPreferences)
      .values([
        { userId: muted.id, mutedTypes: ['success'] },
        { userId: pushOnly.id, inApp: false },
        { userId: quiet.id, push: false },
      ]);
    const push = recordingPush();
    const previous = usePushSender(push.sender);
    try {
      const ctx = testServiceCtx();
      const all = [plain.id, muted.id, pushOnly.id, quiet.id];
      const result = await notify(ctx, all, { title: 'Order paid', type: 'success' });
      await settleDeferred();
      expect(result.skipped).toBe(2);
      expect((await rowsOf(all)).map((r) => r.userId).sort()).toEqual([plain.id, quiet.id].sort());
      expect(ctx.published.map((p) => p.userId).sort()).toEqual([plain.id, quiet.id].sort());
      expect(push.calls.map((c) => c.userId).sort()).toEqual([plain.id, pushOnly.id].sort());
      // delivered is set for a stored row whose push was accepted
      const [plainRow] = await rowsOf([plain.id]);
      expect(plainRow!.delivered).toBe(true);
      expect((await rowsOf([quiet.id]))[0]!.delivered).toBe(false);

      const other = await notify(testServiceCtx(), [muted.id], { title: 'Class moved', type: 'info' });
      expect(other.notifications).toHaveLength(1);
    } finally {
      usePushSender(previous);
    }
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const user = await createUser();
    const ctx = testServiceCtx();
    const bad: unknown[] = [
      { title: '   ' },
      { title: 'x'.repeat(201) },
      { title: 'ok', type: 'urgent' },
      { title: 'ok', priority: 'critical' },
      { title: 'ok', data: [1, 2] },
      { title: 'ok', data: { big: 'x'.repeat(9000) } },
      { title: 'ok', actions: Array.from({ length: 6 }, () => ({ action: 'a', title: 'b' })) },
      { title: 'ok', actions: [{ action: 'a', title: 'b', url: 'javascript:alert(1)' }] },
    ];
    for (const input of bad)
      await expect(notify(ctx, [user.id], input as never), JSON.stringify(input).slice(0, 60)).rejects.toMatchObject({ status: 400 });
    expect(await rowsOf([user.id])).toEqual([]);
  });

  it('does nothing for an empty audience', async () => {
    const ctx = testServiceCtx();
    expect(await notify(ctx, [], { title: 'Nobody' })).toEqual({ notifications: [], skipped: 0 });
    expect(await notify(ctx, { roles: [] }, { title: 'Nobody' })).toEqual({ notifications: [], skipped: 0 });
  });

  it('a failing push leaves the stored notification and its event alone', async () => {
    const user = await createUser();
    const previous = usePushSender({ send: async () => Promise.reject(new Error('push service down')) });
    try {
      const ctx = testServiceCtx({ requestId: 'req-push' });
      await notify(ctx, [user.id], { title: 'Hello' });
      await settleDeferred();
      expect(await rowsOf([user.id])).toHaveLength(1);
      expect(ctx.published).toHaveLength(1);
      expect((await rowsOf([user.id]))[0]!.delivered).toBe(false);
    } finally {
      usePushSender(previous);
    }
  });
});

describe('notify() through web push (no override)', () => {
  it("encrypts the notification for the user's subscribed browser and marks it delivered when the push service accepts it", async () => {
    const user = await createUser();
    const keys = await browserKeys();
    const endpoint = `https://fcm.googleapis.com/wp/${user.id}`;
    const sub = await api('/api/notifications/push/subscribe', {
      method: 'POST',
      token: user.token,
      body: {
        subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
        deviceInfo: { userAgent: 'test', platform: 'Linux', browser: 'Chrome', deviceName: 'Desktop' },
      },
    });
    expect(sub.status).toBe(201);
    const bodies: Uint8Array[] = [];
    // The push service is the outside world: stubbed at fetch, the payload decrypted here as a browser would.
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const req = new Request(input, init);
      if (!req.url.startsWith('https://fcm.googleapis.com/')) return realFetch(req); // the database
      expect(req.url).toBe(endpoint);
      bodies.push(new Uint8Array(await req.arrayBuffer()));
      return new Response(null, { status: 201 });
    });
    const previous = usePushSender(null);
    try {
      await notify(testServiceCtx(), [user.id], { title: 'Grading moved', body: 'Now on Sunday', priority: 'high' });
      await settleDeferred();
    } finally {
      usePushSender(previous);
    }
    expect(bodies).toHaveLength(1);
    const shown = JSON.parse((await decryptPushBody(bodies[0]!, keys)).text);
    expect(shown).toMatchObject({ title: 'Grading moved', body: 'Now on Sunday' });
    expect((await rowsOf([user.id]))[0]!.delivered).toBe(true);
  });
});
