import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { OrderView, PaymentMethodsView, PaymentStart } from '#core/shop/views.ts';
import { api } from './api.ts';
import type { Payer } from './razorpay-checkout.ts';
import { readStored, STORAGE_KEYS, writeStored } from './storage-keys.ts';

/** Spec 8: when the methods call fails, stripe and paypal in CAD. */
export const FALLBACK_METHODS: PaymentMethodsView = {
  currency: { code: 'CAD', symbol: '$', name: 'Canadian Dollar', enforced: true },
  availableGateways: ['stripe', 'paypal'],
  supportedMethods: [
    { id: 'stripe', name: 'Card (Stripe)', description: 'Pay by card', supported: true },
    { id: 'paypal', name: 'PayPal', description: 'Pay with PayPal', supported: true },
  ],
};

export async function paymentMethods(): Promise<PaymentMethodsView> {
  try {
    const body = await api<PaymentMethodsView>('/payments/methods');
    return body.data ?? FALLBACK_METHODS;
  } catch {
    return FALLBACK_METHODS;
  }
}

/** Spec 9: stripe by default; an older stored choice (razorpay included) is kept while it is offered. */
export function chosenMethod(offered: readonly PaymentGatewayName[]): PaymentGatewayName {
  const stored = readStored(STORAGE_KEYS.selectedPaymentMethod) as PaymentGatewayName | null;
  if (stored && offered.includes(stored)) return stored;
  if (offered.includes('stripe')) return 'stripe';
  return offered[0] ?? 'stripe';
}

export const rememberMethod = (method: PaymentGatewayName) => writeStored(STORAGE_KEYS.selectedPaymentMethod, method);

export type PlacedOrder = { order: OrderView; payment: PaymentStart };

export const placeOrder = (body: unknown) => api<PlacedOrder>('/orders', { method: 'POST', body, fallback: 'Failed to create order' });

export const verifyOrderPayment = (proof: { orderId: string; sessionId: string; paymentId: string; signature: string }) =>
  api<{ order: OrderView }>('/orders/verify-payment', { method: 'POST', body: proof, fallback: 'Payment verification failed' });

export const payOrderAgain = (orderId: string, paymentMethod: string) =>
  api<{ order: OrderView; payment: PaymentStart }>(`/orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    body: { paymentMethod },
    fallback: 'Failed to start the payment',
  });

export const NO_BROWSER_FLOW = 'This payment method cannot be completed in this browser. Please choose another.';
export const PAYMENT_CLOSED = 'The payment window was closed before paying. Your order is kept for a short while: pay it from My orders.';

/**
 * Takes the buyer to the gateway: its page (Stripe, PayPal, the sandbox) or, for Razorpay, its modal
 * on this page (loaded only then). False when the buyer closed the modal or the gateway has no flow here.
 */
export async function goToPayment(payment: PaymentStart | undefined, payer: Payer): Promise<boolean> {
  if (payment?.checkoutUrl) {
    window.location.assign(payment.checkoutUrl);
    return true;
  }
  if (payment?.gateway === 'razorpay' && payment.keyId) {
    const { payWithRazorpay } = await import('./razorpay-checkout.ts');
    if (await payWithRazorpay(payment, payer)) return true;
    throw new Error(PAYMENT_CLOSED);
  }
  return false;
}

/** A new payment for an unpaid order, with the buyer's method while the server offers it. */
export async function payAgain(orderId: string): Promise<void> {
  const methods = await paymentMethods();
  const body = await payOrderAgain(orderId, chosenMethod(methods.availableGateways));
  if (!(await goToPayment(body.data?.payment, { description: 'Order payment' }))) throw new Error(NO_BROWSER_FLOW);
}
