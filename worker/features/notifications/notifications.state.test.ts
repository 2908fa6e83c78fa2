import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertNotifications, insertOne, patch, unread } from './notifications.test-helpers.ts';

const row = (id: string) => testDb().select().from(notifications).where(eq(notifications.id, id)).get();

describe('PATCH /api/notifications/:id/read', () => {
  it('marks an unread notification read with a time, and lowers the unread count', async () => {
    const user = await createUser();
    const [a] = await insertNotifications(user.id, [{}, {}]);
    const res = await patch(user.token, `/${a!.id}/read`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      changed: true,
      unreadCount: 1,
      data: { _id: a!.id, read: true, readAt: expect.any(String), clicked: false },
    });
    expect(await unread(user.token)).toBe(1);
    const again = await patch(user.token, `/${a!.id}/read`);
    expect(again.body).toMatchObject({ success: true, changed: false, unreadCount: 1, data: { readAt: res.body.data.readAt } });
  });

  it('changes the count once under 20 parallel calls for the same id, never below 0', async () => {
    const user = await createUser();
    const n = await insertOne(user.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => patch(user.token, `/${n.id}/read`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.filter((r) => r.body.changed)).toHaveLength(1);
    for (const r of results) expect(r.body.unreadCount).toBe(0);
    expect(await unread(user.token)).toBe(0);
  });
});

describe('PATCH /api/notifications/:id/clicked', () => {
  it('marks it read and clicked, keeping an earlier read time', async () => {
    const user = await createUser();
    const readAt = new Date(Date.now() - 60_000);
    const [fresh, seen] = await insertNotifications(user.id, [{}, { read: true, readAt }]);
    const a = await patch(user.token, `/${fresh!.id}/clicked`);
    expect(a.body).toMatchObject({ success: true, changed: true, unreadCount: 0, data: { read: true, clicked: true } });
    expect(a.body.data.readAt).toBe(a.body.data.clickedAt);
    const b = await patch(user.token, `/${seen!.id}/clicked`);
    expect(b.body.data).toMatchObject({ read: true, clicked: true, readAt: readAt.toISOString() });
  });

  it('changes once under 20 parallel clicks mixed with reads', async () => {
    const user = await createUser();
    const n = await insertOne(user.id);
    const calls = Array.from({ length: 20 }, (_, i) => patch(user.token, `/${n.id}/${i % 2 ? 'read' : 'clicked'}`));
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200 && r.body.unreadCount === 0)).toBe(true);
    expect(await unread(user.token)).toBe(0);
    expect(await row(n.id)).toMatchObject({ read: true, clicked: true });
  });
});

describe('PATCH /api/notifications/mark-all-read', () => {
  it("marks only the caller's unread ones and says how many; a second call changes none", async () => {
    const [user, other] = await Promise.all([createUser(), createUser()]);
    await insertNotifications(user.id, [{}, {}, { read: true, readAt: new Date() }, {}]);
    await insertNotifications(other.id, [{}, {}]);
    const res = await patch(user.token, '/mark-all-read');
    expect(res.body).toMatchObject({ success: true, count: 3, data: { count: 3 }, unreadCount: 0 });
    expect(await unread(user.token)).toBe(0);
    expect(await unread(other.token)).toBe(2);
    expect((await patch(user.token, '/mark-all-read')).body.count).toBe(0);
  });

  it('counts every row once under 20 parallel calls', async () => {
    const user = await createUser();
    await insertNotifications(
      user.id,
      Array.from({ length: 7 }, () => ({})),
    );
    const results = await Promise.all(Array.from({ length: 20 }, () => patch(user.token, '/mark-all-read')));
    expect(results.reduce((sum, r) => sum + r.body.count, 0)).toBe(7);
    expect(await unread(user.token)).toBe(0);
  });
});

describe('ownership and client-only ids', () => {
  it("answers 404 for someone else's notification and leaves it untouched", async () => {
    const [owner, intruder] = await Promise.all([createUser(), createUser({ role: 'admin' })]);
    const n = await insertOne(owner.id);
    for (const [method, path] of [
      ['PATCH', `/${n.id}/read`],
      ['PATCH', `/${n.id}/clicked`],
      ['DELETE', `/${n.id}`],
    ] as const) {
      const res = await api(`/api/notifications${path}`, { method, token: intruder.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Notification not found' });
    }
    expect(await row(n.id)).toMatchObject({ read: false, clicked: false });
    // The intruder is staff and may hold the school's own notices from parallel test files; what matters is the owner's row.
    expect((await patch(intruder.token, '/mark-all-read')).status).toBe(200);
    expect(await row(n.id)).toMatchObject({ read: false });
  });

  it('answers 404 for an unknown id', async () => {
    const user = await createUser();
    expect((await patch(user.token, '/no-such-notification/read')).status).toBe(404);
  });

  it.each(['local_1700000000000', 'socket_abc', 'local_', 'socket_%20x'])('refuses the client-only id %s with 400', async (id) => {
    const user = await createUser();
    for (const [method, path] of [
      ['PATCH', `/${id}/read`],
      ['PATCH', `/${id}/clicked`],
      ['DELETE', `/${id}`],
    ] as const) {
      const res = await api(`/api/notifications${path}`, { method, token: user.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: expect.stringContaining('only in your browser') });
    }
  });
});

describe('DELETE /api/notifications/:id', () => {
  it('deletes the caller’s own notification once', async () => {
    const user = await createUser();
    const n = await insertOne(user.id);
    const res = await api(`/api/notifications/${n.id}`, { method: 'DELETE', token: user.token });
    expect(res.body).toMatchObject({ success: true, data: { _id: n.id } });
    expect(await row(n.id)).toBeUndefined();
    expect((await api(`/api/notifications/${n.id}`, { method: 'DELETE', token: user.token })).status).toBe(404);
  });
});
