import { describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { ordersAccess } from './orders.access.ts';
import { ADMIN_ROLES, checkout, insertProduct, line, NON_ADMIN_ROLES, placeOrder } from './orders.test-helpers.ts';

type Call = { method: string; path: string; body?: unknown };

/** A pending order of the caller's own, so that an allowed caller can succeed. */
const ownOrder = async (user: TestUser) =>
  (await placeOrder(user, checkout({ items: [line((await insertProduct()).id)] }))).body.data.order;

const ROUTES: Record<string, (user: TestUser) => Promise<Call>> = {
  'POST /api/orders': async () => ({ method: 'POST', path: '/api/orders', body: checkout({ items: [line((await insertProduct()).id)] }) }),
  'POST /api/orders/verify-payment': async () => ({ method: 'POST', path: '/api/orders/verify-payment', body: {} }),
  'GET /api/orders/my-orders': async () => ({ method: 'GET', path: '/api/orders/my-orders' }),
  'GET /api/orders/admin/all': async () => ({ method: 'GET', path: '/api/orders/admin/all' }),
  'DELETE /api/orders/bulk/delete': async (u) => ({
    method: 'DELETE',
    path: '/api/orders/bulk/delete',
    body: { orderIds: [(await ownOrder(u))._id] },
  }),
  'GET /api/orders/:id': async (u) => ({ method: 'GET', path: `/api/orders/${(await ownOrder(u))._id}` }),
  'POST /api/orders/:id/pay': async (u) => ({ method: 'POST', path: `/api/orders/${(await ownOrder(u))._id}/pay`, body: {} }),
  'PATCH /api/orders/:id/cancel': async (u) => ({ method: 'PATCH', path: `/api/orders/${(await ownOrder(u))._id}/cancel`, body: {} }),
  'PATCH /api/orders/:id/status': async (u) => ({
    method: 'PATCH',
    path: `/api/orders/${(await ownOrder(u))._id}/status`,
    body: { status: 'cancelled' },
  }),
  'DELETE /api/orders/:id': async (u) => ({ method: 'DELETE', path: `/api/orders/${(await ownOrder(u))._id}` }),
};

const send = (call: Call, token?: string) =>
  api(call.path, { method: call.method, ...(token ? { token } : {}), ...(call.body === undefined ? {} : { body: call.body }) });

describe('orders access matrix', () => {
  it('covers exactly the routes in the access table', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(ordersAccess).sort());
  });

  describe.each(Object.keys(ROUTES))('%s', (route) => {
    it('refuses a request without a token (401)', async () => {
      const someone = await createUser();
      expect((await send(await ROUTES[route]!(someone))).status).toBe(401);
    });

    if (ordersAccess[route] === 'user') {
      it.each([...NON_ADMIN_ROLES, ...ADMIN_ROLES])('lets a %s through', async (role) => {
        const user = await createUser({ role });
        const res = await send(await ROUTES[route]!(user), user.token);
        // verify-payment with an empty body reaches validation: past the access check
        expect(res.status, JSON.stringify(res.body)).toBe(route.includes('verify') ? 400 : route.startsWith('POST') ? 201 : 200);
      });
    } else {
      it.each(NON_ADMIN_ROLES)('refuses a %s (403)', async (role) => {
        const user = await createUser({ role });
        const res = await send(await ROUTES[route]!(user), user.token);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      });
      it.each(ADMIN_ROLES)('lets a %s through', async (role) => {
        const user = await createUser({ role });
        expect((await send(await ROUTES[route]!(user), user.token)).status).toBe(200);
      });
    }
  });
});
