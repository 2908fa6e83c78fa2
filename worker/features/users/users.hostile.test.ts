import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { asAdmin, asSuperAdmin } from './users.test-helpers.ts';

/** A small seeded generator of hostile JSON: wrong types, huge strings, deep nesting, odd keys. */
function hostileValues(seed: number) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const atoms = [
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0.5,
    '',
    ' ',
    'x'.repeat(100_000),
    '\u0000',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%_%',
    '__proto__',
    '💥'.repeat(50),
    'student',
    'admin',
    'super-admin',
    'UTC',
    'javascript:alert(1)',
  ];
  const keys = [
    'email',
    'password',
    'role',
    'profile',
    'isActive',
    'emailVerified',
    'studentId',
    'adminId',
    'socialLinks',
    'emergencyContact',
    'userIds',
    'update',
    'reason',
    'timezone',
    'location',
    'grade',
    '__proto__',
    'constructor',
    'passwordHash',
    'tokenVersion',
  ];
  const value = (depth: number): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.45) return pick(atoms);
    if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(rand() * 5) }, () => [pick(keys), value(depth + 1)]));
  };
  return () => value(0);
}

describe('hostile bodies and queries never produce a 5xx', () => {
  it('survives random JSON bodies on every writing route', async () => {
    const superAdmin = await asSuperAdmin();
    const admin = await asAdmin();
    const student = await createUser({ role: 'student' });
    const target = await createUser({ role: 'member' });
    const next = hostileValues(20260101);
    const routes: [string, string, string][] = [
      ['POST', '/api/users', superAdmin.token],
      ['PATCH', `/api/users/${target.id}`, admin.token],
      ['PATCH', `/api/users/${student.id}`, student.token],
      ['PATCH', `/api/users/${target.id}/block`, admin.token],
      ['PATCH', '/api/users/bulk', admin.token],
      ['DELETE', '/api/users', admin.token],
    ];
    for (let i = 0; i < 20; i++) {
      for (const [method, path, token] of routes) {
        const body = next();
        const res = await api(path, { method, token, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
  });

  it('answers 400 (not 500) to malformed JSON, arrays and scalars', async () => {
    const admin = await asAdmin();
    const u = await createUser();
    for (const raw of ['{', '[]', '"text"', '42', 'null', '{"email": }']) {
      const res = await api(`/api/users/${u.id}`, {
        method: 'PATCH',
        token: admin.token,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, raw).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('answers 4xx to hostile query strings and path ids', async () => {
    const admin = await asAdmin();
    const queries = [
      '/api/users?page=99999999999999999999',
      '/api/users?limit=1e3',
      '/api/users?page=1&page=2&role=student&role=admin',
      `/api/users?search=${'%'.repeat(500)}`,
      '/api/users?sort=-',
      '/api/users?sort=createdAt;drop table users',
      `/api/users/search?q=${encodeURIComponent("' or 1=1 --")}`,
      `/api/users/search?q=${'a'.repeat(5000)}`,
      `/api/users/${'x'.repeat(5000)}`,
      `/api/users/studentId/${encodeURIComponent('%00')}`,
      '/api/users/role/__proto__',
    ];
    for (const q of queries) {
      const res = await api(q, { token: admin.token });
      expect(res.status, q).toBeLessThan(500);
      expect(typeof res.body.success, q).toBe('boolean');
    }
  });
});
