import { describe, expect, it } from 'vitest';
import { api, createUser, uniq } from '#test/helpers.ts';
import { usersAccess } from './users.access.ts';
import { ADMIN_ROLES, GOOD_PASSWORD, NON_ADMIN_ROLES } from './users.test-helpers.ts';

type Call = { method: string; path: string; body?: unknown };

/** One call per route of the feature, each against a fresh student so allowed callers can succeed. */
const ROUTES: Record<string, () => Promise<Call>> = {
  'GET /api/users': async () => ({ method: 'GET', path: '/api/users' }),
  'POST /api/users': async () => ({
    method: 'POST',
    path: '/api/users',
    body: { email: `m-${uniq()}@users-test.example`, password: GOOD_PASSWORD, role: 'student' },
  }),
  'DELETE /api/users': async () => ({ method: 'DELETE', path: '/api/users', body: { userIds: [(await createUser()).id] } }),
  'PATCH /api/users/bulk': async () => ({
    method: 'PATCH',
    path: '/api/users/bulk',
    body: { userIds: [(await createUser()).id], update: { emailVerified: true } },
  }),
  'GET /api/users/search': async () => ({ method: 'GET', path: '/api/users/search?q=users-test' }),
  'GET /api/users/role/:role': async () => ({ method: 'GET', path: '/api/users/role/student' }),
  'GET /api/users/studentId/:id': async () => {
    const studentId = `STU-${uniq().toUpperCase()}`;
    await createUser({ studentId });
    return { method: 'GET', path: `/api/users/studentId/${studentId}` };
  },
  'GET /api/users/:id': async () => ({ method: 'GET', path: `/api/users/${(await createUser()).id}` }),
  'PATCH /api/users/:id': async () => ({
    method: 'PATCH',
    path: `/api/users/${(await createUser()).id}`,
    body: { profile: { timezone: 'UTC' } },
  }),
  'DELETE /api/users/:id': async () => ({ method: 'DELETE', path: `/api/users/${(await createUser()).id}` }),
  'PATCH /api/users/:id/block': async () => ({
    method: 'PATCH',
    path: `/api/users/${(await createUser()).id}/block`,
    body: { reason: 'test' },
  }),
  'PATCH /api/users/:id/unblock': async () => ({ method: 'PATCH', path: `/api/users/${(await createUser()).id}/unblock` }),
  'GET /api/users/:id/overview': async () => ({ method: 'GET', path: `/api/users/${(await createUser()).id}/overview` }),
  'POST /api/users/:id/password-reset': async () => ({ method: 'POST', path: `/api/users/${(await createUser()).id}/password-reset` }),
  'POST /api/users/:id/end-sessions': async () => ({ method: 'POST', path: `/api/users/${(await createUser()).id}/end-sessions` }),
};

/** Public: answers any caller about the token it brings (users.page.test.ts). */
const PUBLIC_ROUTES = ['GET /api/users/session-status'];

const send = (call: Call, token?: string) =>
  api(call.path, { method: call.method, ...(token ? { token } : {}), ...(call.body === undefined ? {} : { body: call.body }) });

describe('users access matrix', () => {
  it('covers exactly the routes in the access table', () => {
    expect([...Object.keys(ROUTES), ...PUBLIC_ROUTES].sort()).toEqual(Object.keys(usersAccess).sort());
  });

  describe.each(Object.keys(ROUTES))('%s', (route) => {
    it('refuses a request without a token (401)', async () => {
      const res = await send(await ROUTES[route]!());
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it('refuses a forged token (401)', async () => {
      const res = await send(await ROUTES[route]!(), 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
      expect(res.status).toBe(401);
    });

    it.each(NON_ADMIN_ROLES)('refuses a %s (403)', async (role) => {
      const caller = await createUser({ role });
      const res = await send(await ROUTES[route]!(), caller.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });

    it.each(ADMIN_ROLES)('serves a %s', async (role) => {
      const caller = await createUser({ role });
      const res = await send(await ROUTES[route]!(), caller.token);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(res.body.success).toBe(true);
    });
  });
});
