import { describe, expect, it } from 'vitest';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { api, createUser, uniq } from '#test/helpers.ts';

const patch = (path: string, token: string, body: unknown) => api(path, { method: 'PATCH', token, body });

describe('GET /api/audit-log', () => {
  it('is the super-admin’s alone: admin, grandmaster and student get 403, no token 401', async () => {
    const [admin, gm, student] = await Promise.all([createUser({ role: 'admin' }), createUser({ role: 'grandmaster' }), createUser()]);
    for (const u of [admin, gm, student]) expect((await api('/api/audit-log', { token: u.token })).status).toBe(403);
    expect((await api('/api/audit-log')).status).toBe(401);
  });

  it('filters by actor, method, target type, date range and text, newest first, paged', async () => {
    const [superAdmin, admin, a, b] = await Promise.all([
      createUser({ role: 'super-admin' }),
      createUser({ role: 'admin' }),
      createUser(),
      createUser(),
    ]);
    await patch(`/api/users/${a.id}/block`, admin.token, { reason: 'dues' });
    await patch(`/api/users/${b.id}`, admin.token, { profile: { grade: 'Blue' } });
    await api(`/api/users/${b.id}`, { method: 'DELETE', token: admin.token });
    await settleDeferred();
    const list = (query: Record<string, string>) =>
      api(`/api/audit-log?${new URLSearchParams({ actor: admin.id, ...query })}`, { token: superAdmin.token });

    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { summary: string }) => e.summary)).toEqual(['users: delete', 'users: update', 'users: block']);
    expect(all.body.data[0]).toMatchObject({
      actor: { _id: admin.id, email: admin.email, role: 'admin' },
      outcome: 'done',
      targetId: b.id,
    });
    expect(all.body.pagination).toMatchObject({ total: 3, page: 1 });

    expect((await list({ actor: admin.email })).body.data).toHaveLength(3);
    expect((await list({ method: 'DELETE' })).body.data.map((e: { targetId: string }) => e.targetId)).toEqual([b.id]);
    expect((await list({ targetType: 'users' })).body.pagination.total).toBe(3);
    expect((await list({ targetType: 'orders' })).body.pagination.total).toBe(0);
    expect((await list({ search: 'block' })).body.data.map((e: { targetId: string }) => e.targetId)).toEqual([a.id]);
    expect((await list({ search: '%' })).body.pagination.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).body.pagination.total).toBe(3);
    expect((await list({ to: '2020-01-01' })).body.pagination.total).toBe(0);
    const page2 = await list({ limit: '2', page: '2' });
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.pagination).toMatchObject({ total: 3, totalPages: 2, hasMore: false });
  });

  it('refuses a bad filter with 400 in words', async () => {
    const superAdmin = await createUser({ role: 'super-admin' });
    const res = await api('/api/audit-log?method=GET', { token: superAdmin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Method must be one of: POST, PUT, PATCH, DELETE');
    expect((await api('/api/audit-log?from=yesterday', { token: superAdmin.token })).body.message).toMatch(
      /From date must be a valid date/,
    );
  });
});

describe('GET /api/audit-log/users/:id', () => {
  it('lists what was done to the user and what they did, for whoever may manage them', async () => {
    const [superAdmin, admin, student] = await Promise.all([
      createUser({ role: 'super-admin' }),
      createUser({ role: 'admin' }),
      createUser(),
    ]);
    await patch(`/api/users/${student.id}/block`, admin.token, { reason: `r-${uniq()}` });
    await patch(`/api/users/${admin.id}`, superAdmin.token, { profile: { grade: 'Black' } });
    await settleDeferred();
    const about = await api(`/api/audit-log/users/${student.id}`, { token: admin.token });
    expect(about.status).toBe(200);
    expect(about.body.data.map((e: { summary: string; actor: { _id: string } }) => [e.summary, e.actor._id])).toEqual([
      ['users: block', admin.id],
    ]);
    const adminPage = await api(`/api/audit-log/users/${admin.id}`, { token: superAdmin.token });
    expect(adminPage.body.data.map((e: { summary: string }) => e.summary).sort()).toEqual(['users: block', 'users: update']);
  });

  it('refuses an admin the entries of an admin (403), and a student any (403)', async () => {
    const [admin, other, student] = await Promise.all([createUser({ role: 'admin' }), createUser({ role: 'admin' }), createUser()]);
    expect((await api(`/api/audit-log/users/${other.id}`, { token: admin.token })).status).toBe(403);
    expect((await api(`/api/audit-log/users/${student.id}`, { token: student.token })).status).toBe(403);
    expect((await api(`/api/audit-log/users/nope-${uniq()}`, { token: admin.token })).status).toBe(404);
  });
});
