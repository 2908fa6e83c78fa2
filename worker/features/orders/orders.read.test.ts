import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';
import { checkout, insertProduct, line, paidOrder, placeOrder, stockOf } from './orders.test-helpers.ts';

describe('reading orders', () => {
  it('my-orders lists only your own, newest first, with a status filter and paging', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const first = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data.order;
    const second = (await placeOrder(buyer, checkout({ items: [line(gi.id, 2)] }))).body.data.order;
    await paidOrder();
    const res = await api('/api/orders/my-orders?limit=1', { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { _id: string }) => o._id)).toEqual([second._id]);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 1, total: 2, hasMore: true });
    expect(res.body.data[0].items).toHaveLength(1);
    await api(`/api/orders/${first._id}/cancel`, { method: 'PATCH', token: buyer.token, body: {} });
    const cancelled = await api('/api/orders/my-orders?status=cancelled', { token: buyer.token });
    expect(cancelled.body.data.map((o: { _id: string }) => o._id)).toEqual([first._id]);
  });

  it('get answers your own order and any order to an admin', async () => {
    const { buyer, order } = await paidOrder();
    expect((await api(`/api/orders/${order._id}`, { token: buyer.token })).body.data.orderStatus).toBe('paid');
    const admin = await createUser({ role: 'super-admin' });
    expect((await api(`/api/orders/${order._id}`, { token: admin.token })).body.data._id).toBe(order._id);
    expect((await api('/api/orders/no-such-order', { token: admin.token })).status).toBe(404);
  });

  it('admin/all filters by status, searches number, e-mail and name, and takes a date range', async () => {
    const tag = uniq().toLowerCase();
    const buyer = await createUser();
    const gi = await insertProduct();
    const body = checkout({ items: [line(gi.id)], contact: { name: `Kenji ${tag}`, email: `kenji.${tag}@example.test`, phone: '555' } });
    const order = (await placeOrder(buyer, body)).body.data.order;
    const admin = await createUser({ role: 'admin' });
    const search = async (q: string) => (await api(`/api/orders/admin/all?${q}`, { token: admin.token })).body;
    expect((await search(`search=${tag}`)).data.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect((await search(`search=kenji.${tag}@`)).pagination.total).toBe(1);
    expect((await search(`search=${order.orderNumber}`)).data[0]._id).toBe(order._id);
    expect((await search(`search=${tag}&status=paid`)).data).toEqual([]);
    expect((await search(`search=${tag}&status=pending_payment`)).data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(`search=${tag}&from=${today}&to=${today}`)).data).toHaveLength(1);
    expect((await search(`search=${tag}&to=2001-01-01`)).data).toEqual([]);
    expect((await search('from=yesterday')).message).toMatch(/From date must be a valid date/);
  });
});

describe('deleting orders (admin)', () => {
  it('gives a pending order its stock back in the same batch, refuses a paid one, and bulk-deletes the rest', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const pending = (await placeOrder(buyer, checkout({ items: [line(gi.id, 3)] }))).body.data.order;
    const { order: paid } = await paidOrder();
    const admin = await createUser({ role: 'admin' });
    const del = await api(`/api/orders/${pending._id}`, { method: 'DELETE', token: admin.token });
    expect(del.status).toBe(200);
    expect(await stockOf(gi.id)).toBe(10);
    const refused = await api(`/api/orders/${paid._id}`, { method: 'DELETE', token: admin.token });
    expect(refused.status).toBe(409);
    const other = (await placeOrder(buyer, checkout({ items: [line(gi.id, 2)] }))).body.data.order;
    const bulk = await api('/api/orders/bulk/delete', {
      method: 'DELETE',
      token: admin.token,
      body: { orderIds: [other._id, paid._id, 'nope'] },
    });
    expect(bulk.body).toMatchObject({ success: true, count: 1, data: { deletedIds: [other._id], keptIds: [paid._id] } });
    expect(await stockOf(gi.id)).toBe(10);
    expect(await testDb().select().from(orders).where(eq(orders.id, other._id)).get()).toBeUndefined();
    expect((await api(`/api/orders/${pending._id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    const empty = await api('/api/orders/bulk/delete', { method: 'DELETE', token: admin.token, body: { orderIds: [] } });
    expect(empty.body.message).toBe('Order IDs array is required');
  });
});
