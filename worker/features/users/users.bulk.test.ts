import { describe, expect, it } from 'vitest';
import { api, createUser, getUserRow } from '#test/helpers.ts';
import { asAdmin, asSuperAdmin, del, patch } from './users.test-helpers.ts';

const me = (token: string) => api('/api/auth/me', { token });

describe('DELETE /api/users (bulk)', () => {
  it('deletes the listed users, skipping the caller and admins, and counts them', async () => {
    const admin = await asAdmin();
    const a = await createUser({ role: 'student' });
    const b = await createUser({ role: 'member' });
    const otherAdmin = await createUser({ role: 'admin' });
    const res = await del('/api/users', admin.token, { userIds: [a.id, b.id, b.id, admin.id, otherAdmin.id, 'missing-id'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { deletedCount: 2 }, count: 2, message: '2 users deleted successfully' });
    expect(await getUserRow(a.id)).toBeUndefined();
    expect(await getUserRow(b.id)).toBeUndefined();
    expect(await getUserRow(admin.id)).toBeDefined();
    expect(await getUserRow(otherAdmin.id)).toBeDefined();
  });

  it('lets a super-admin delete admins (but still not themselves)', async () => {
    const superAdmin = await asSuperAdmin();
    const otherAdmin = await createUser({ role: 'admin' });
    const res = await del('/api/users', superAdmin.token, { userIds: [otherAdmin.id, superAdmin.id] });
    expect(res.body).toMatchObject({ data: { deletedCount: 1 }, count: 1, message: '1 user deleted successfully' });
    expect(await getUserRow(otherAdmin.id)).toBeUndefined();
    expect(await getUserRow(superAdmin.id)).toBeDefined();
  });

  it.each([
    [{}],
    [{ userIds: [] }],
    [{ userIds: 'abc' }],
    [{ userIds: ['ok', ''] }],
    [{ userIds: [1, 2] }],
    [{ userIds: [null] }],
    [{ userIds: {} }],
  ])('refuses %j with "User IDs array is required"', async (body) => {
    const admin = await asAdmin();
    const res = await del('/api/users', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'User IDs array is required' });
  });

  it('refuses a body with no JSON at all', async () => {
    const admin = await asAdmin();
    const res = await del('/api/users', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('User IDs array is required');
  });
});

describe('PATCH /api/users/bulk', () => {
  it('updates isActive, emailVerified and profile.grade on the reachable users, with a count', async () => {
    const admin = await asAdmin();
    const a = await createUser({ role: 'student', emailVerified: false, profile: { firstName: 'A' } });
    const b = await createUser({ role: 'student', emailVerified: false });
    const privileged = await createUser({ role: 'super-admin' });
    const res = await patch('/api/users/bulk', admin.token, {
      userIds: [a.id, b.id, privileged.id, admin.id, 'missing'],
      update: { emailVerified: true, profile: { grade: 'Orange' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { updatedCount: 2 } });
    expect(await getUserRow(a.id)).toMatchObject({ emailVerified: true, profile: { firstName: 'A', grade: 'Orange' }, tokenVersion: 0 });
    expect(await getUserRow(b.id)).toMatchObject({ emailVerified: true, profile: { grade: 'Orange' } });
    expect((await getUserRow(privileged.id))?.profile).not.toHaveProperty('grade');
  });

  it('deactivating in bulk ends those sessions but never the caller', async () => {
    const admin = await asAdmin();
    const a = await createUser({ role: 'member' });
    const res = await patch('/api/users/bulk', admin.token, { userIds: [a.id, admin.id], update: { isActive: false } });
    expect(res.body.data.updatedCount).toBe(1);
    expect(await getUserRow(a.id)).toMatchObject({ isActive: false, tokenVersion: 1 });
    expect((await me(a.token)).status).toBe(401);
    expect((await me(admin.token)).status).toBe(200);
  });

  it('a bulk role change revokes tokens only where the role really changed', async () => {
    const gm = await createUser({ role: 'grandmaster' });
    const s = await createUser({ role: 'student' });
    const i = await createUser({ role: 'instructor' });
    const res = await patch('/api/users/bulk', gm.token, { userIds: [s.id, i.id], update: { role: 'instructor' } });
    expect(res.body.data.updatedCount).toBe(2);
    expect(await getUserRow(s.id)).toMatchObject({ role: 'instructor', tokenVersion: 1 });
    expect(await getUserRow(i.id)).toMatchObject({ role: 'instructor', tokenVersion: 0 });
  });

  it('refuses giving the admin role in bulk unless super-admin', async () => {
    const s = await createUser({ role: 'student' });
    const refused = await patch('/api/users/bulk', (await asAdmin()).token, { userIds: [s.id], update: { role: 'admin' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a super-admin can give the admin or super-admin role');
    expect((await getUserRow(s.id))?.role).toBe('student');
    const ok = await patch('/api/users/bulk', (await asSuperAdmin()).token, { userIds: [s.id], update: { role: 'admin' } });
    expect(ok.body.data.updatedCount).toBe(1);
  });

  it('refuses an empty update and bad ids', async () => {
    const admin = await asAdmin();
    const empty = await patch('/api/users/bulk', admin.token, { userIds: ['x'], update: { tokenVersion: 3 } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update: give isActive, role, emailVerified or profile.grade');
    const noIds = await patch('/api/users/bulk', admin.token, { update: { isActive: true } });
    expect(noIds.status).toBe(400);
    expect(noIds.body.message).toBe('User IDs array is required');
  });
});
