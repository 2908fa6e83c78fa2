import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertNotifications, my } from './notifications.test-helpers.ts';

const ids = (body: { data: { _id: string }[] }) => body.data.map((n) => n._id);

describe('GET /api/notifications/my', () => {
  it('pages 20 at a time by default, newest first, with hasMore until the last page', async () => {
    const user = await createUser();
    const rows = await insertNotifications(
      user.id,
      Array.from({ length: 45 }, () => ({})),
    );
    const newest = rows.map((r) => r.id).reverse();

    const first = await my(user.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, pagination: { page: 1, limit: 20, total: 45, totalPages: 3, hasMore: true } });
    expect(ids(first.body)).toEqual(newest.slice(0, 20));

    const last = await my(user.token, '?page=3');
    expect(last.body.pagination).toMatchObject({ page: 3, total: 45, hasMore: false });
    expect(ids(last.body)).toEqual(newest.slice(40));

    const big = await my(user.token, '?limit=500');
    expect(big.body.pagination).toMatchObject({ limit: 100, hasMore: false });
    expect(big.body.data).toHaveLength(45);
  });

  it('answers every field of spec 3 with ISO dates', async () => {
    const user = await createUser();
    await insertNotifications(user.id, [
      {
        title: 'Grading on Saturday',
        body: 'Bring your gi',
        type: 'info',
        eventType: 'grading',
        priority: 'high',
        entityType: 'event',
        entityId: 'ev1',
        data: { room: 2 },
        actions: [{ action: 'open', title: 'Open', url: '/events/ev1' }],
      },
    ]);
    const res = await my(user.token);
    expect(res.body.data[0]).toEqual({
      _id: expect.any(String),
      id: res.body.data[0]._id,
      userId: user.id,
      title: 'Grading on Saturday',
      body: 'Bring your gi',
      type: 'info',
      eventType: 'grading',
      priority: 'high',
      entityType: 'event',
      entityId: 'ev1',
      data: { room: 2 },
      actions: [{ action: 'open', title: 'Open', url: '/events/ev1' }],
      read: false,
      readAt: null,
      clicked: false,
      clickedAt: null,
      delivered: false,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      createdAt: res.body.data[0].timestamp,
    });
  });

  it('filters by type, read and priority, and searches title and body literally', async () => {
    const user = await createUser();
    await insertNotifications(user.id, [
      { title: 'Order paid', type: 'success', priority: 'normal' },
      { title: 'Payment failed', type: 'error', priority: 'high', read: true, readAt: new Date() },
      { title: 'Class moved', body: 'Now at 100% capacity_room', type: 'info', priority: 'low' },
      { title: 'New message', type: 'message', priority: 'high' },
    ]);
    const titles = async (q: string) => ((await my(user.token, q)).body.data as { title: string }[]).map((n) => n.title);
    expect(await titles('?type=error')).toEqual(['Payment failed']);
    expect(await titles('?read=true')).toEqual(['Payment failed']);
    expect(await titles('?read=false')).toEqual(['New message', 'Class moved', 'Order paid']);
    expect(await titles('?priority=high&read=false')).toEqual(['New message']);
    expect(await titles('?search=PAID')).toEqual(['Order paid']);
    expect(await titles('?search=100%25')).toEqual(['Class moved']);
    expect(await titles('?search=_')).toEqual(['Class moved']);
    expect(await titles('?search=%25')).toEqual(['Class moved']);
  });

  it('does not apply a blank search or blank filters', async () => {
    const user = await createUser();
    await insertNotifications(user.id, [{}, {}, {}]);
    for (const q of ['?search=', '?search=%20%20', '?type=&priority=&read=', '?search=&type=%20']) {
      const res = await my(user.token, q);
      expect(res.status, q).toBe(200);
      expect(res.body.pagination.total, q).toBe(3);
    }
  });

  it('refuses unknown filter values with 400 in the envelope', async () => {
    const user = await createUser();
    const cases: [string, string][] = [
      ['?type=urgent', 'Type must be one of: system, success, info, error, message'],
      ['?priority=critical', 'Priority must be one of: low, normal, high'],
      ['?read=yes', 'Read must be true or false'],
      [`?search=${'x'.repeat(201)}`, 'Search term must be at most 200 characters'],
    ];
    for (const [q, message] of cases) {
      const res = await my(user.token, q);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
    }
  });

  it("shows only the caller's own notifications", async () => {
    const [a, b] = await Promise.all([createUser(), createUser({ role: 'admin' })]);
    await insertNotifications(a.id, [{ title: 'for a' }]);
    await insertNotifications(b.id, [{ title: 'for b' }, { title: 'for b again' }]);
    expect((await my(a.token)).body.data.map((n: { title: string }) => n.title)).toEqual(['for a']);
    // b is staff: a payment settled by a parallel test file may tell b too, so count b's own titles.
    const forB = (await my(b.token)).body.data.map((n: { title: string }) => n.title);
    expect(forB).toEqual(expect.arrayContaining(['for b', 'for b again']));
    expect(forB).not.toContain('for a');
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await api('/api/notifications/my');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/notifications/unread-count and /my-stats', () => {
  it('counts unread, and sums by type and priority', async () => {
    const user = await createUser();
    await insertNotifications(user.id, [
      { type: 'success' },
      { type: 'error', priority: 'high' },
      { type: 'error', priority: 'low', read: true, readAt: new Date() },
      { clicked: true, read: true, readAt: new Date(), clickedAt: new Date() },
    ]);
    const count = await api('/api/notifications/unread-count', { token: user.token });
    expect(count.body).toEqual({ success: true, count: 2, data: { count: 2 } });
    const stats = await api('/api/notifications/my-stats', { token: user.token });
    expect(stats.body.stats).toEqual({
      total: 4,
      unread: 2,
      read: 2,
      clicked: 1,
      highPriorityUnread: 1,
      byType: { system: 1, success: 1, info: 0, error: 2, message: 0 },
      byPriority: { low: 1, normal: 2, high: 1 },
    });
    expect(stats.body.data).toEqual(stats.body.stats);
  });

  it('answers zeros for a user with no notifications', async () => {
    const user = await createUser({ role: 'member' });
    expect((await api('/api/notifications/unread-count', { token: user.token })).body.count).toBe(0);
    const stats = (await api('/api/notifications/my-stats', { token: user.token })).body.stats;
    expect(stats).toMatchObject({ total: 0, unread: 0, read: 0, byType: { system: 0 }, byPriority: { normal: 0 } });
  });
});
