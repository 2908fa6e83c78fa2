import { describe, expect, it } from 'vitest';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { api } from '#test/helpers.ts';
import { expectToldOnce, noticesTo, school, settleAgain } from '#test/money-notice-helpers.ts';
import { paidOrder, verify } from './orders.test-helpers.ts';

describe('the school hears of a paid order', () => {
  it('admins and super-admins get one notice (bell, and e-mail by preference) even when the payment settles again; students nothing', async () => {
    const s = await school();
    const { buyer, order, payment, verified } = await paidOrder();
    expect(verified.status).toBe(200);
    expect((await verify(buyer, order._id, payment.sessionId)).status).toBe(200);
    await settleDeferred();
    await settleAgain(order._id);
    await expectToldOnce(s, order._id, 'order_paid_school', ['admin', 'mailed']);
    const [notice] = await noticesTo(s.admin.id, order._id, 'order_paid_school');
    expect(notice).toMatchObject({ title: `New order ${order.orderNumber} paid`, entityType: 'order', read: false });
    expect(notice!.body).toContain(buyer.email);
    expect(notice!.actions).toEqual([{ action: 'view', title: 'View order', url: `/admin/shop-orders/${order._id}` }]);
    // The buyer hears only of their own payment.
    expect(await noticesTo(buyer.id, order._id, 'order_paid_school')).toEqual([]);
    expect(await noticesTo(buyer.id, order._id, 'order_paid')).toHaveLength(1);
  });
});

describe('GET /api/payments/all and /api/payments/:id', () => {
  it('show the payer’s name and e-mail', async () => {
    const s = await school();
    const { buyer, order } = await paidOrder();
    const list = await api(`/api/payments/all?search=${encodeURIComponent(order._id)}`, { token: s.admin.token });
    expect(list.status).toBe(200);
    const [row] = list.body.payments;
    expect(row).toMatchObject({ purchaseId: order._id, user: buyer.id, payer: { email: buyer.email } });
    expect(row.payer.name).toBe('Test student');
    const one = await api(`/api/payments/${row._id}`, { token: s.admin.token });
    expect(one.body.payment.payer).toEqual(row.payer);
  });
});
