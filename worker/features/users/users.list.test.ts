import { describe, expect, it } from 'vitest';
import { INVALID_ROLE_MESSAGE } from '#core/roles.ts';
import { api, createUser, uniq } from '#test/helpers.ts';
import { asAdmin, createTagged, tagged } from './users.test-helpers.ts';

type Listed = { _id: string; email: string; role: string; isActive: boolean; emailVerified: boolean; lastLoginAt: string | null };
const ids = (body: { data: Listed[] }) => body.data.map((u) => u._id);

/** Five tagged users created one after another (distinct createdAt), oldest first. */
async function fixture() {
  const tag = tagged();
  const made = [];
  for (const [role, extra] of [
    ['student', { isActive: true, emailVerified: true }],
    ['student', { isActive: false, emailVerified: false }],
    ['member', { isActive: true, emailVerified: false }],
    ['instructor', { isActive: true, emailVerified: true, lastLoginAt: new Date('2030-01-01T00:00:00Z') }],
    ['grandmaster', { isActive: false, emailVerified: true, lastLoginAt: new Date('2029-01-01T00:00:00Z') }],
  ] as const) {
    made.push(await createTagged(tag, role, { ...extra, createdAt: new Date(Date.now() - (10 - made.length) * 60_000) }));
  }
  return { tag, made, admin: await asAdmin() };
}

describe('GET /api/users', () => {
  it('pages newest first with the pagination block', async () => {
    const { tag, made, admin } = await fixture();
    const newestFirst = [...made].reverse().map((u) => u.id);
    const p1 = await api(`/api/users?search=${tag}&limit=2`, { token: admin.token });
    expect(p1.status).toBe(200);
    expect(p1.body.success).toBe(true);
    expect(ids(p1.body)).toEqual(newestFirst.slice(0, 2));
    expect(p1.body.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });
    const p3 = await api(`/api/users?search=${tag}&limit=2&page=3`, { token: admin.token });
    expect(ids(p3.body)).toEqual(newestFirst.slice(4));
    expect(p3.body.pagination).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3, hasMore: false });
    const beyond = await api(`/api/users?search=${tag}&limit=2&page=9`, { token: admin.token });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.hasMore).toBe(false);
  });

  it('answers an empty list with one page, as every list does (core pagination)', async () => {
    const admin = await asAdmin();
    const none = await api(`/api/users?search=nobody-${uniq()}`, { token: admin.token });
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1, hasMore: false });
  });

  it('defaults to page 1 and 20 per page and caps the limit at 100', async () => {
    const admin = await asAdmin();
    const d = await api('/api/users', { token: admin.token });
    expect(d.body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(d.body.data.length).toBeLessThanOrEqual(20);
    const big = await api('/api/users?limit=5000', { token: admin.token });
    expect(big.body.pagination.limit).toBe(100);
  });

  it('lists active users 50 at a time unless a limit is asked for (spec 9)', async () => {
    const admin = await asAdmin();
    const active = await api('/api/users?isActive=true', { token: admin.token });
    expect(active.body.pagination).toMatchObject({ page: 1, limit: 50 });
    expect((await api('/api/users?isActive=true&limit=7', { token: admin.token })).body.pagination.limit).toBe(7);
    expect((await api('/api/users?isActive=false', { token: admin.token })).body.pagination.limit).toBe(20);
  });

  it('filters by role, isActive and emailVerified', async () => {
    const { tag, made, admin } = await fixture();
    const students = await api(`/api/users?search=${tag}&role=student`, { token: admin.token });
    expect(new Set(ids(students.body))).toEqual(new Set([made[0]!.id, made[1]!.id]));
    const inactive = await api(`/api/users?search=${tag}&isActive=false`, { token: admin.token });
    expect(new Set(ids(inactive.body))).toEqual(new Set([made[1]!.id, made[4]!.id]));
    const unverifiedActive = await api(`/api/users?search=${tag}&isActive=true&emailVerified=false`, { token: admin.token });
    expect(ids(unverifiedActive.body)).toEqual([made[2]!.id]);
    expect(unverifiedActive.body.pagination.total).toBe(1);
  });

  it('sorts by the allowed fields, ascending or descending', async () => {
    const { tag, made, admin } = await fixture();
    const oldest = await api(`/api/users?search=${tag}&sort=createdAt`, { token: admin.token });
    expect(ids(oldest.body)).toEqual(made.map((u) => u.id));
    const byEmail = await api(`/api/users?search=${tag}&sort=-email`, { token: admin.token });
    expect(byEmail.body.data.map((u: Listed) => u.email)).toEqual(
      made
        .map((u) => u.email)
        .sort()
        .reverse(),
    );
    const byRole = await api(`/api/users?search=${tag}&sort=role`, { token: admin.token });
    const roles = byRole.body.data.map((u: Listed) => u.role);
    expect(roles).toEqual([...roles].sort());
    const byLogin = await api(`/api/users?search=${tag}&sort=-lastLoginAt`, { token: admin.token });
    expect(ids(byLogin.body).slice(0, 2)).toEqual([made[3]!.id, made[4]!.id]);
  });

  it('searches names and login ids, case-insensitively, with % and _ taken literally', async () => {
    const admin = await asAdmin();
    const name = `Zed${uniq()}`;
    const loginId = `STU-${uniq().toUpperCase()}`;
    const u = await createUser({ role: 'student', studentId: loginId, profile: { firstName: name, lastName: 'Kano' } });
    const byName = await api(`/api/users?search=${name.toLowerCase()}`, { token: admin.token });
    expect(ids(byName.body)).toEqual([u.id]);
    const byFull = await api(`/api/users?search=${encodeURIComponent(`${name} Kano`)}`, { token: admin.token });
    expect(ids(byFull.body)).toEqual([u.id]);
    const byLoginId = await api(`/api/users?search=${loginId.toLowerCase()}`, { token: admin.token });
    expect(ids(byLoginId.body)).toEqual([u.id]);
    const wildcard = await api(`/api/users?search=${encodeURIComponent('%_%')}&limit=100`, { token: admin.token });
    expect(wildcard.status).toBe(200);
    expect(ids(wildcard.body)).not.toContain(u.id);
  });

  it.each([
    ['role=sensei', INVALID_ROLE_MESSAGE],
    ['isActive=maybe', 'isActive must be true or false'],
    ['emailVerified=1', 'emailVerified must be true or false'],
    ['page=0', 'Page must be a positive whole number'],
    ['limit=-3', 'Limit must be a positive whole number'],
    [
      'sort=passwordHash',
      'Invalid sort. Use one of: createdAt, updatedAt, lastLoginAt, email, role, firstName, lastName (prefix with - for descending)',
    ],
  ])('refuses %s with 400', async (query, message) => {
    const admin = await asAdmin();
    const res = await api(`/api/users?${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });
});

describe('GET /api/users/role/:role', () => {
  it('lists only that role, paged', async () => {
    const { tag, made, admin } = await fixture();
    const res = await api(`/api/users/role/member?search=${tag}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([made[2]!.id]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1, hasMore: false });
    const all = await api('/api/users/role/student?limit=3', { token: admin.token });
    expect(all.body.data.every((u: Listed) => u.role === 'student')).toBe(true);
  });

  it('refuses an unknown role with 400 and the spec message', async () => {
    const admin = await asAdmin();
    const res = await api('/api/users/role/ninja', { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(INVALID_ROLE_MESSAGE);
  });
});

describe('GET /api/users/studentId/:id', () => {
  it('finds a student by a trimmed, upper-cased id', async () => {
    const admin = await asAdmin();
    const studentId = `STU-${uniq().toUpperCase()}`;
    const u = await createUser({ role: 'student', studentId });
    const res = await api(`/api/users/studentId/${encodeURIComponent(` ${studentId.toLowerCase()} `)}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: u.id, studentId });
    expect(res.body.user._id).toBe(u.id);
  });

  it('answers 404 User not found', async () => {
    const admin = await asAdmin();
    const res = await api('/api/users/studentId/STU-NOPE-0', { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'User not found' });
  });
});

describe('GET /api/users/search', () => {
  it('finds by q, search or term with optional role and isActive filters', async () => {
    const { tag, made, admin } = await fixture();
    for (const key of ['q', 'search', 'term']) {
      const res = await api(`/api/users/search?${key}=${tag}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(new Set(ids(res.body))).toEqual(new Set(made.map((u) => u.id)));
      expect(res.body.count).toBe(5);
    }
    const filtered = await api(`/api/users/search?q=${tag}&role=student&isActive=true`, { token: admin.token });
    expect(ids(filtered.body)).toEqual([made[0]!.id]);
    const limited = await api(`/api/users/search?q=${tag}&limit=2`, { token: admin.token });
    expect(limited.body.data).toHaveLength(2);
  });

  it.each(['', '?q=a', '?q=%20a%20', '?search='])('refuses a term under 2 characters (%s)', async (query) => {
    const admin = await asAdmin();
    const res = await api(`/api/users/search${query}`, { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Search term must be at least 2 characters long' });
  });
});

describe('GET /api/users/:id', () => {
  it('answers the user without secrets', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'member' });
    const res = await api(`/api/users/${u.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: u.id, email: u.email, role: 'member', isActive: true });
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(res.body.data).not.toHaveProperty('tokenVersion');
  });

  it('answers 404 User not found', async () => {
    const admin = await asAdmin();
    const res = await api('/api/users/no-such-user', { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found');
  });
});
