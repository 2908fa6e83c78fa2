import { describe, expect, it } from 'vitest';
import { createUser } from '#test/helpers.ts';
import { checkout, insertCoupon, insertProduct, line, orderRow, placeOrder, stockOf, usesOf } from './orders.test-helpers.ts';

describe('POST /api/orders', () => {
  it('prices every line from the database, holds the stock and answers the order and a sandbox payment', async () => {
    const buyer = await createUser();
    const gi = await insertProduct({
      priceCents: 5000,
      discountedPriceCents: 4000,
      gstRateBp: 1300,
      shippingFeeCents: 500,
      sizes: ['S', 'M'],
    });
    const belt = await insertProduct({ priceCents: 1500, gstRateBp: 500, shippingFeeCents: 0, colors: ['black'] });
    const res = await placeOrder(
      buyer,
      checkout({ items: [line(gi.id, 2, { size: 'M', price: 0.01 }), line(belt.id, 1, { color: 'black', price: 0 })] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Order created successfully' });
    const { order, payment } = res.body.data;
    // 2 × 40.00 + 15.00 = 95.00; GST 10.40 + 0.75; shipping 10.00
    expect(order).toMatchObject({
      orderStatus: 'pending_payment',
      subtotal: 95,
      gstAmount: 11.15,
      shippingAmount: 10,
      totalAmount: 116.15,
    });
    expect(order.orderNumber).toMatch(/^DOJO-\d{6}-[A-Z2-9]{5}$/);
    expect(order.items[0]).toMatchObject({ name: gi.name, size: 'M', color: null, quantity: 2, price: 40, originalPrice: 50, gstRate: 13 });
    expect(payment).toMatchObject({ gateway: 'sandbox', amount: 11615, currency: 'CAD' });
    expect(payment.checkoutUrl).toContain(`/pay/sandbox/${payment.sessionId}?return=`);
    expect(await stockOf(gi.id)).toBe(8);
    expect(await stockOf(belt.id)).toBe(9);
    expect((await orderRow(order._id))!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('merges lines of the same product, size and color', async () => {
    const buyer = await createUser();
    const gi = await insertProduct({ sizes: ['S', 'M'] });
    const res = await placeOrder(
      buyer,
      checkout({ items: [line(gi.id, 1, { size: 'S' }), line(gi.id, 2, { size: 'S' }), line(gi.id, 1, { size: 'M' })] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.order.items.map((i: { size: string; quantity: number }) => [i.size, i.quantity])).toEqual([
      ['S', 3],
      ['M', 1],
    ]);
    expect(await stockOf(gi.id)).toBe(6);
  });

  it("refuses a line without a required size or color in the spec's words", async () => {
    const buyer = await createUser();
    const gi = await insertProduct({ name: 'Kids Gi', sizes: ['100', '110'] });
    const belt = await insertProduct({ name: 'Belt', colors: ['white', 'yellow'] });
    const noSize = await placeOrder(buyer, checkout({ items: [line(gi.id)] }));
    expect(noSize.status).toBe(400);
    expect(noSize.body.message).toBe('Please select a size for Kids Gi. Available sizes: 100, 110');
    const badSize = await placeOrder(buyer, checkout({ items: [line(gi.id, 1, { size: 'XXL' })] }));
    expect(badSize.body.message).toBe('Please select a size for Kids Gi. Available sizes: 100, 110');
    const noColor = await placeOrder(buyer, checkout({ items: [line(belt.id, 1, { color: '  ' })] }));
    expect(noColor.status).toBe(400);
    expect(noColor.body.message).toBe('Please select a color for Belt. Available colors: white, yellow');
    expect(await stockOf(gi.id)).toBe(10);
  });

  it('refuses an unknown or inactive product and a quantity over stock (409 naming the product)', async () => {
    const buyer = await createUser();
    const hidden = await insertProduct({ isActive: false });
    const few = await insertProduct({ name: 'Rare mitts', stockQuantity: 2 });
    expect((await placeOrder(buyer, checkout({ items: [line('nope')] }))).body.message).toBe('Product nope is not available');
    const inactive = await placeOrder(buyer, checkout({ items: [line(hidden.id)] }));
    expect(inactive.status).toBe(400);
    const over = await placeOrder(buyer, checkout({ items: [line(few.id, 3)] }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Only 2 of Rare mitts left in stock');
    expect(await stockOf(few.id)).toBe(2);
  });

  it('says which line asks for more than is left instead of lowering it silently (field error on its quantity)', async () => {
    const buyer = await createUser();
    const plenty = await insertProduct({ stockQuantity: 50 });
    const few = await insertProduct({ name: 'Last belts', stockQuantity: 3 });
    const over = await placeOrder(buyer, checkout({ items: [line(plenty.id, 2), line(few.id, 60)] }));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Only 3 of Last belts left in stock',
      errors: [{ path: 'items.1.quantity', message: 'Only 3 of Last belts left in stock' }],
    });
    expect([await stockOf(plenty.id), await stockOf(few.id)]).toEqual([50, 3]);
  });

  it('refuses a total outside 0.50–999999.99', async () => {
    const buyer = await createUser();
    const cheap = await insertProduct({ priceCents: 10, gstRateBp: 0, shippingFeeCents: 0 });
    const res = await placeOrder(buyer, checkout({ items: [line(cheap.id, 2)] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Payment amount must be between 0.50 and 999999.99');
    const dear = await insertProduct({ priceCents: 99_999_999, stockQuantity: 5 });
    expect((await placeOrder(buyer, checkout({ items: [line(dear.id, 2)] }))).body.message).toBe(
      'Payment amount must be between 0.50 and 999999.99',
    );
    expect(await stockOf(cheap.id)).toBe(10);
  });

  it('applies a coupon by code (trimmed, upper-cased), shares the discount and reserves one use', async () => {
    const buyer = await createUser();
    const gi = await insertProduct({ priceCents: 10000, gstRateBp: 1000, shippingFeeCents: 0 });
    const coupon = await insertCoupon({ discountType: 'percentage', discountValue: 1000 });
    const res = await placeOrder(buyer, checkout({ couponCode: ` ${coupon.code.toLowerCase()} `, items: [line(gi.id)] }));
    expect(res.status).toBe(201);
    expect(res.body.data.order).toMatchObject({ couponCode: coupon.code, discountAmount: 10, gstAmount: 9, totalAmount: 99 });
    const uses = await usesOf(coupon.id);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ status: 'reserved', purchaseId: res.body.data.order._id });
  });

  it('refuses a coupon with its spec 8 reason and holds nothing', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const expired = await insertCoupon({ validUntil: new Date(Date.now() - 60_000) });
    const course = await insertCoupon({ category: 'course' });
    const r1 = await placeOrder(buyer, checkout({ couponCode: expired.code, items: [line(gi.id)] }));
    expect(r1.body.message).toBe('This coupon has expired');
    const r2 = await placeOrder(buyer, checkout({ couponCode: course.code, items: [line(gi.id)] }));
    expect(r2.body.message).toBe('This coupon is not valid for shop purchases');
    const r3 = await placeOrder(buyer, checkout({ couponCode: 'NOPE-NOPE', items: [line(gi.id)] }));
    expect(r3.body.message).toBe('Coupon code not found');
    expect(await stockOf(gi.id)).toBe(10);
  });

  it('refuses a payment method that is not offered before holding anything', async () => {
    const buyer = await createUser();
    const gi = await insertProduct();
    const res = await placeOrder(buyer, checkout({ paymentMethod: 'bitcoin', items: [line(gi.id)] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Payment method bitcoin is not available');
    expect(await stockOf(gi.id)).toBe(10);
  });
});
