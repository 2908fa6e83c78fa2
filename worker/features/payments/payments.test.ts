import { describe, expect, it } from 'vitest';
import { asAdmin, send } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { insertOrder as pendingOrder } from '#test/order-helpers.ts';
import { openPayment, orderStatus, paymentRow } from './payments.test-helpers.ts';

describe('GET /api/payments/currency and /methods', () => {
  it('answers the school currency (spec 3/9) and the offered gateways, the sandbox among them in tests', async () => {
    const currency = await send('GET', '/api/payments/currency');
    expect(currency.body.data).toMatchObject({
      code: 'CAD',
      symbol: '$',
      decimals: 2,
      symbolPosition: 'before',
      minAmount: 0.5,
      maxAmount: 999999.99,
      locale: 'en-CA',
    });
    const methods = await send('GET', '/api/payments/methods');
    expect(methods.body.data.currency).toMatchObject({ code: 'CAD', enforced: true });
    expect(methods.body.data.availableGateways).toContain('sandbox');
    expect(methods.body.data.supportedMethods.find((m: { id: string }) => m.id === 'stripe')).toMatchObject({ supported: false });
  });
});

describe("a payer's own payments", () => {
  it('lists, reads and cancels only their own; another payer gets 404', async () => {
    const payer = await createUser();
    const other = await createUser();
    const orderId = await pendingOrder(payer);
    const p = await openPayment(payer, orderId);
    const mine = await send('GET', '/api/payments/user', payer.token);
    expect(mine.body.data.map((x: { _id: string }) => x._id)).toEqual([p.id]);
    expect((await send('GET', `/api/payments/user/${orderId}`, payer.token)).body.count).toBe(1);
    expect((await send('GET', `/api/payments/user/${orderId}`, other.token)).body.count).toBe(0);
    expect((await send('GET', `/api/payments/status/${p.id}`, payer.token)).body.data).toMatchObject({
      status: 'created',
      purchaseId: orderId,
    });
    expect((await send('GET', `/api/payments/${p.id}`, other.token)).status).toBe(404);
    expect((await send('POST', `/api/payments/cancel/${p.id}`, other.token, {})).status).toBe(404);
    const cancelled = await send('POST', `/api/payments/cancel/${p.id}`, payer.token, { reason: 'Changed my mind' });
    expect(cancelled.body.payment).toMatchObject({ status: 'cancelled', failureReason: 'Changed my mind' });
    const again = await send('POST', `/api/payments/cancel/${p.id}`, payer.token, {});
    expect(again.status).toBe(409);
  });
});

describe('the school and payments', () => {
  it('lists all with filters; a student may not', async () => {
    const admin = await asAdmin();
    const payer = await createUser();
    const p = await openPayment(payer, await pendingOrder(payer));
    const found = await send('GET', `/api/payments/all?search=${p.sessionId}&status=created&gateway=sandbox`, admin.token);
    expect(found.body.data.map((x: { _id: string }) => x._id)).toEqual([p.id]);
    expect((await send('GET', '/api/payments/all?status=bogus', admin.token)).status).toBe(400);
    expect((await send('GET', '/api/payments/all', payer.token)).status).toBe(403);
  });

  it('records a payment taken by hand (the order becomes paid), refunds it (the order follows), and never moves back', async () => {
    const admin = await asAdmin();
    const payer = await createUser();
    const orderId = await pendingOrder(payer);
    const p = await openPayment(payer, orderId);
    const paid = await send('PUT', `/api/payments/status/${p.id}`, admin.token, { status: 'succeeded' });
    expect(paid.body.payment.status).toBe('succeeded');
    expect(await orderStatus(orderId)).toBe('paid');
    const back = await send('PUT', `/api/payments/status/${p.id}`, admin.token, { status: 'created' });
    expect(back.status).toBe(409);
    const refunded = await send('PUT', `/api/payments/status/${p.id}`, admin.token, { status: 'refunded' });
    expect(refunded.body.payment.status).toBe('refunded');
    expect(await orderStatus(orderId)).toBe('refunded');
  });

  it('keeps only the first of two successful payments for one order and refunds the second', async () => {
    const admin = await asAdmin();
    const payer = await createUser();
    const orderId = await pendingOrder(payer);
    const first = await openPayment(payer, orderId);
    const second = await openPayment(payer, orderId);
    await send('PUT', `/api/payments/status/${first.id}`, admin.token, { status: 'succeeded' });
    const res = await send('PUT', `/api/payments/status/${second.id}`, admin.token, { status: 'succeeded' });
    expect(res.body.payment.status).toBe('refunded');
    expect((await paymentRow(first.id))?.status).toBe('succeeded');
    expect(await orderStatus(orderId)).toBe('paid');
  });
});
