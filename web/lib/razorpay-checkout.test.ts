import { describe, expect, it } from 'vitest';
import { cardSetupOpening, razorpayReturnUrl } from './razorpay-checkout.ts';

describe('razorpayReturnUrl', () => {
  it("carries Razorpay's signed ids as the proof fields the confirmation page verifies", () => {
    const url = new URL(
      razorpayReturnUrl(`/shop/order-complete?${new URLSearchParams({ orderId: 'ord 1&x' })}`, {
        razorpay_order_id: 'order_A',
        razorpay_payment_id: 'pay_B',
        razorpay_signature: 'c0ffee',
      }),
      'http://dojo.test',
    );
    expect(url.pathname).toBe('/shop/order-complete');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orderId: 'ord 1&x',
      sessionId: 'order_A',
      paymentId: 'pay_B',
      signature: 'c0ffee',
    });
  });
});

describe('cardSetupOpening', () => {
  it("opens Checkout on the setup's order for its customer as a recurring mandate, with no amount of its own", () => {
    expect(cardSetupOpening({ keyId: 'rzp_test_k', setupId: 'order_S', customerId: 'cust_C' })).toEqual({
      key: 'rzp_test_k',
      order_id: 'order_S',
      customer_id: 'cust_C',
      recurring: '1',
    });
  });
});
