import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp } from '#test/helpers.ts';
import { enquiriesAccess } from './enquiries.access.ts';
import { ADMIN_ROLES, insertEnquiry, NON_ADMIN_ROLES, validEnquiry } from './enquiries.test-helpers.ts';

type Call = { method: string; path: string; body?: unknown };

/** One call per route, each on its own fresh enquiry so that allowed callers can succeed. */
const ROUTES: Record<string, () => Promise<Call>> = {
  'POST /api/enquiries': async () => ({ method: 'POST', path: '/api/enquiries', body: validEnquiry() }),
  'GET /api/enquiries': async () => ({ method: 'GET', path: '/api/enquiries' }),
  'DELETE /api/enquiries': async () => ({ method: 'DELETE', path: '/api/enquiries', body: { enquiryIds: [(await insertEnquiry()).id] } }),
  'GET /api/enquiries/stats': async () => ({ method: 'GET', path: '/api/enquiries/stats' }),
  'GET /api/enquiries/recent': async () => ({ method: 'GET', path: '/api/enquiries/recent' }),
  'GET /api/enquiries/new': async () => ({ method: 'GET', path: '/api/enquiries/new' }),
  'GET /api/enquiries/unresolved': async () => ({ method: 'GET', path: '/api/enquiries/unresolved' }),
  'GET /api/enquiries/:id': async () => ({ method: 'GET', path: `/api/enquiries/${(await insertEnquiry()).id}` }),
  'PUT /api/enquiries/:id': async () => ({
    method: 'PUT',
    path: `/api/enquiries/${(await insertEnquiry()).id}`,
    body: { status: 'Contacted' },
  }),
  'DELETE /api/enquiries/:id': async () => ({ method: 'DELETE', path: `/api/enquiries/${(await insertEnquiry()).id}` }),
  'PATCH /api/enquiries/:id/contacted': async () => ({ method: 'PATCH', path: `/api/enquiries/${(await insertEnquiry()).id}/contacted` }),
  'PATCH /api/enquiries/:id/resolved': async () => ({ method: 'PATCH', path: `/api/enquiries/${(await insertEnquiry()).id}/resolved` }),
};

const send = (call: Call, token?: string) =>
  api(call.path, {
    method: call.method,
    headers: { 'cf-connecting-ip': freshIp() },
    ...(token ? { token } : {}),
    ...(call.body === undefined ? {} : { body: call.body }),
  });

const adminRoutes = Object.keys(ROUTES).filter((r) => enquiriesAccess[r] !== 'public');

describe('enquiries access matrix', () => {
  it('covers exactly the routes in the access table, all admin-capable except sending', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(enquiriesAccess).sort());
    expect(
      Object.entries(enquiriesAccess)
        .filter(([, rule]) => rule === 'public')
        .map(([k]) => k),
    ).toEqual(['POST /api/enquiries']);
  });

  it('lets anyone send an enquiry, with or without a token', async () => {
    expect((await send(await ROUTES['POST /api/enquiries']!())).status).toBe(201);
    const student = await createUser({ role: 'student' });
    expect((await send(await ROUTES['POST /api/enquiries']!(), student.token)).status).toBe(201);
  });

  describe.each(adminRoutes)('%s', (route) => {
    it('refuses a request without a token (401)', async () => {
      const res = await send(await ROUTES[route]!());
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it.each(NON_ADMIN_ROLES)('refuses a %s (403)', async (role) => {
      const user = await createUser({ role });
      const res = await send(await ROUTES[route]!(), user.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });

    it.each(ADMIN_ROLES)('lets a %s through', async (role) => {
      const user = await createUser({ role });
      const res = await send(await ROUTES[route]!(), user.token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
    });
  });
});
