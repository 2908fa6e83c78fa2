import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { authTokens } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb } from '#test/helpers.ts';
import { asAdmin, asSuperAdmin, del, patch } from './users.test-helpers.ts';

const selfSave = (u: { id: string; token: string }) => patch(`/api/users/${u.id}`, u.token, { profile: { timezone: 'UTC' } });

describe('PATCH /api/users/:id/block and /unblock', () => {
  it('blocks with a reason: inactive, blockedAt set, and the live token now gets 401', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'student' });
    expect((await selfSave(u)).status).toBe(200);
    const res = await patch(`/api/users/${u.id}/block`, admin.token, { reason: '  Unpaid fees  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'User blocked successfully' });
    expect(res.body.data).toMatchObject({ _id: u.id, isActive: false, blockedReason: 'Unpaid fees' });
    expect(res.body.data.blockedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const row = await getUserRow(u.id);
    expect(row).toMatchObject({ isActive: false, blockedReason: 'Unpaid fees', tokenVersion: 1 });
    const after = await selfSave(u);
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
  });

  it('blocks without a body, and unblock clears the block', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'member' });
    const blocked = await api(`/api/users/${u.id}/block`, { method: 'PATCH', token: admin.token });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.blockedReason).toBeNull();
    const res = await patch(`/api/users/${u.id}/unblock`, admin.token, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'User unblocked successfully' });
    expect(res.body.data).toMatchObject({ isActive: true, blockedAt: null, blockedReason: null });
    expect(await getUserRow(u.id)).toMatchObject({ isActive: true, blockedAt: null, blockedReason: null });
  });

  it('refuses self-block with 409 and leaves the account alone', async () => {
    for (const actor of [await asAdmin(), await asSuperAdmin(), await createUser({ role: 'grandmaster' })]) {
      const res = await patch(`/api/users/${actor.id}/block`, actor.token, { reason: 'oops' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You cannot block your own account');
      expect(await getUserRow(actor.id)).toMatchObject({ isActive: true, tokenVersion: 0 });
    }
  });

  it('refuses an admin or grandmaster blocking an admin (403); a super-admin may', async () => {
    const target = await createUser({ role: 'admin' });
    for (const actor of [await asAdmin(), await createUser({ role: 'grandmaster' })]) {
      const res = await patch(`/api/users/${target.id}/block`, actor.token, {});
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only a super-admin can manage admin and super-admin accounts');
    }
    expect((await getUserRow(target.id))?.isActive).toBe(true);
    const superAdmin = await asSuperAdmin();
    expect((await patch(`/api/users/${target.id}/block`, superAdmin.token, {})).status).toBe(200);
    expect((await patch(`/api/users/${target.id}/unblock`, (await asAdmin()).token, {})).status).toBe(403);
    expect((await patch(`/api/users/${target.id}/unblock`, superAdmin.token, {})).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a reason that is too long', async () => {
    const admin = await asAdmin();
    const missing = await patch('/api/users/nobody/block', admin.token, {});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found');
    expect((await patch('/api/users/nobody/unblock', admin.token, {})).status).toBe(404);
    const u = await createUser();
    const long = await patch(`/api/users/${u.id}/block`, admin.token, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Reason must be at most 500 characters');
  });
});

describe('DELETE /api/users/:id', () => {
  it('hard-deletes the user and their e-mail tokens', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'student' });
    await testDb()
      .insert(authTokens)
      .values({ id: newId(), userId: u.id, purpose: 'verify-email', tokenHash: newId(), expiresAt: new Date(Date.now() + 60_000) });
    const res = await del(`/api/users/${u.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'User deleted successfully', data: { _id: u.id } });
    expect(await getUserRow(u.id)).toBeUndefined();
    expect(await testDb().select().from(authTokens).where(eq(authTokens.userId, u.id)).all()).toEqual([]);
    const again = await del(`/api/users/${u.id}`, admin.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('User not found');
  });

  it('refuses self-delete with 409', async () => {
    const superAdmin = await asSuperAdmin();
    const res = await del(`/api/users/${superAdmin.id}`, superAdmin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You cannot delete your own account');
    expect(await getUserRow(superAdmin.id)).toBeDefined();
  });

  it.each(['admin', 'super-admin'] as const)('refuses an admin deleting a %s (403); a super-admin may', async (role) => {
    const target = await createUser({ role });
    const res = await del(`/api/users/${target.id}`, (await asAdmin()).token);
    expect(res.status).toBe(403);
    expect(await getUserRow(target.id)).toBeDefined();
    const ok = await del(`/api/users/${target.id}`, (await asSuperAdmin()).token);
    expect(ok.status).toBe(200);
    expect(await getUserRow(target.id)).toBeUndefined();
  });

  it('lets a grandmaster delete a student but not an admin', async () => {
    const gm = await createUser({ role: 'grandmaster' });
    const student = await createUser({ role: 'student' });
    const admin = await asAdmin();
    expect((await del(`/api/users/${student.id}`, gm.token)).status).toBe(200);
    expect((await del(`/api/users/${admin.id}`, gm.token)).status).toBe(403);
  });
});
