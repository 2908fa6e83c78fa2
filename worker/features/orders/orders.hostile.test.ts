import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { checkout, insertProduct, line, placeOrder, stockOf } from './orders.test-helpers.ts';

describe('hostile order bodies', () => {
  it('never lets the browser set prices, totals, status or the owner', async () => {
    const buyer = await createUser();
    const victim = await createUser();
    const gi = await insertProduct({ priceCents: 3000, gstRateBp: 0, shippingFeeCents: 0 });
    const res = await placeOrder(buyer, {
      ...checkout({ items: [line(gi.id, 1, { price: 0.01, unitPriceCents: 1 })] }),
      totalAmount: 0.5,
      subtotal: 0,
      orderStatus: 'paid',
      status: 'delivered',
      user: victim.id,
      userId: victim.id,
      discountAmount: 29,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ totalAmount: 30, orderStatus: 'pending_payment', user: buyer.id, discountAmount: 0 });
  });

  it.each([
    [{}, 'Your cart is empty. Add items before checking out.'],
    [{ items: [] }, 'Your cart is empty. Add items before checking out.'],
    [{ items: 'all of them' }, 'Your cart is empty. Add items before checking out.'],
    [{ items: [{ product: 'x', quantity: 0 }] }, 'Quantity must be a whole number between 1 and 999'],
    [{ items: [{ product: 'x', quantity: 1.5 }] }, 'Quantity must be a whole number between 1 and 999'],
    [{ items: [{ product: 'x', quantity: -3 }] }, 'Quantity must be a whole number between 1 and 999'],
    [{ items: [{ quantity: 1 }] }, 'Each item needs a product'],
  ])('refuses %j with 400 in plain words', async (body, message) => {
    const buyer = await createUser();
    const res = await placeOrder(buyer, { ...checkout(), ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a missing contact or address field by name', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const noEmail = await placeOrder(buyer, checkout({ items: [line(gi.id)], contact: { name: 'A', email: 'nope', phone: '1' } }));
    expect(noEmail.body.message).toBe('Valid email address is required');
    const noCity = await placeOrder(
      buyer,
      checkout({ items: [line(gi.id)], shippingAddress: { line1: 'x', province: 'BC', postalCode: '1', country: 'CA' } }),
    );
    expect(noCity.body.message).toBe('City is required');
  });

  it('answers random JSON bodies on every write route with a 4xx, never a 5xx, and holds no stock', async () => {
    const buyer = await createUser();
    const admin = await createUser({ role: 'admin' });
    const gi = await insertProduct();
    const order = (await placeOrder(buyer, checkout({ items: [line(gi.id)] }))).body.data.order;
    const stockAfterOne = await stockOf(gi.id);
    const targets = [
      { method: 'POST', path: '/api/orders', token: buyer.token },
      { method: 'POST', path: '/api/orders/verify-payment', token: buyer.token },
      { method: 'PATCH', path: `/api/orders/${order._id}/status`, token: admin.token },
      { method: 'DELETE', path: '/api/orders/bulk/delete', token: admin.token },
      { method: 'POST', path: `/api/orders/${order._id}/pay`, token: buyer.token },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), fc.jsonValue(), async (t, body) => {
        const res = await api(t.path, { method: t.method, token: t.token, body });
        expect(res.status, JSON.stringify({ t: t.path, body, res: res.body })).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    expect(await stockOf(gi.id)).toBe(stockAfterOne);
  });

  it('treats a non-JSON body as a 400', async () => {
    const buyer = await createUser();
    const res = await api('/api/orders', {
      method: 'POST',
      token: buyer.token,
      raw: 'items=1',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});
