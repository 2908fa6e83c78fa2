import { describe, expect, it } from 'vitest';
import { api, createUser, getUserRow, TEST_PASSWORD, uniq } from '#test/helpers.ts';
import { verifyPassword } from '#worker/lib/password.ts';
import { asAdmin, asSuperAdmin, del, GOOD_PASSWORD, patch } from './users.test-helpers.ts';

const GRANDMASTER_TARGET = 'Only an admin or a super-admin can manage grandmaster accounts';
const GRANDMASTER_GRANT = 'Only an admin or a super-admin can give the grandmaster role';
const asGrandmaster = () => createUser({ role: 'grandmaster' });
const newEmail = () => `gm-${uniq()}@users-test.example`;

describe('a grandmaster managing other grandmasters', () => {
  it("refuses a grandmaster setting another grandmaster's password (403), which still logs in with the old one", async () => {
    const [gm, other] = await Promise.all([asGrandmaster(), asGrandmaster()]);
    const res = await patch(`/api/users/${other.id}`, gm.token, { password: GOOD_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: GRANDMASTER_TARGET });
    const row = await getUserRow(other.id);
    expect(await verifyPassword(row!.passwordHash, TEST_PASSWORD)).toBe(true);
    expect(row!.tokenVersion).toBe(0);
    expect((await api('/api/auth/me', { token: other.token })).status).toBe(200);
  });

  it.each([
    ['edit their profile', (id: string, token: string) => patch(`/api/users/${id}`, token, { profile: { firstName: 'Renamed' } })],
    ['change their e-mail', (id: string, token: string) => patch(`/api/users/${id}`, token, { email: newEmail() })],
    ['change their role', (id: string, token: string) => patch(`/api/users/${id}`, token, { role: 'student' })],
    ['deactivate them', (id: string, token: string) => patch(`/api/users/${id}`, token, { isActive: false })],
    ['block them', (id: string, token: string) => patch(`/api/users/${id}/block`, token, { reason: 'x' })],
    ['unblock them', (id: string, token: string) => patch(`/api/users/${id}/unblock`, token, {})],
    ['delete them', (id: string, token: string) => del(`/api/users/${id}`, token)],
  ])('refuses a grandmaster trying to %s (403) and changes nothing', async (_what, call) => {
    const [gm, other] = await Promise.all([asGrandmaster(), asGrandmaster()]);
    const before = await getUserRow(other.id);
    const res = await call(other.id, gm.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: GRANDMASTER_TARGET });
    expect(await getUserRow(other.id)).toEqual(before);
  });

  it('refuses a grandmaster creating a grandmaster or promoting someone to grandmaster, alone or in bulk (403)', async () => {
    const gm = await asGrandmaster();
    const student = await createUser({ role: 'student' });
    const created = await api('/api/users', {
      method: 'POST',
      token: gm.token,
      body: { email: newEmail(), password: GOOD_PASSWORD, role: 'grandmaster' },
    });
    expect(created.status).toBe(403);
    expect(created.body.message).toBe(GRANDMASTER_GRANT);
    const promoted = await patch(`/api/users/${student.id}`, gm.token, { role: 'grandmaster' });
    expect(promoted.status).toBe(403);
    expect(promoted.body.message).toBe(GRANDMASTER_GRANT);
    const bulk = await patch('/api/users/bulk', gm.token, { userIds: [student.id], update: { role: 'grandmaster' } });
    expect(bulk.status).toBe(403);
    expect(bulk.body.message).toBe(GRANDMASTER_GRANT);
    expect((await getUserRow(student.id))?.role).toBe('student');
  });

  it("skips other grandmasters in a grandmaster's bulk calls, still touching the students", async () => {
    const [gm, other] = await Promise.all([asGrandmaster(), asGrandmaster()]);
    const student = await createUser({ role: 'student' });
    const blocked = await patch('/api/users/bulk', gm.token, { userIds: [other.id, student.id], update: { isActive: false } });
    expect(blocked.body.data.updatedCount).toBe(1);
    expect((await getUserRow(other.id))?.isActive).toBe(true);
    expect((await getUserRow(student.id))?.isActive).toBe(false);
    const deleted = await del('/api/users', gm.token, { userIds: [other.id] });
    expect(deleted.body.data.deletedCount).toBe(0);
    expect(await getUserRow(other.id)).toBeDefined();
  });

  it("lets an admin and a super-admin set a grandmaster's password, and a grandmaster save their own profile", async () => {
    for (const actor of [await asAdmin(), await asSuperAdmin()]) {
      const gm = await asGrandmaster();
      const res = await patch(`/api/users/${gm.id}`, actor.token, { password: GOOD_PASSWORD });
      expect(res.status).toBe(200);
      expect(await verifyPassword((await getUserRow(gm.id))!.passwordHash, GOOD_PASSWORD)).toBe(true);
    }
    const gm = await asGrandmaster();
    expect((await patch(`/api/users/${gm.id}`, gm.token, { profile: { firstName: 'Sensei' } })).status).toBe(200);
    const admin = await asAdmin();
    const promoted = await patch(`/api/users/${(await createUser({ role: 'student' })).id}`, admin.token, { role: 'grandmaster' });
    expect(promoted.status).toBe(200);
  });
});
