import { useEffect, useState } from 'react';
import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import { DEFAULT_SHOP_TERMS, shopTermsOfView, type ShopTerms } from '#core/shop/shop-terms.ts';
import type { OrderView, PaymentMethodsView, PaymentStart } from '#core/shop/views.ts';
import { api } from './api.ts';
import { saveSession, storedToken, tokenFrom, userFrom, type SessionUser } from './session.ts';
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

let termsOnce: Promise<ShopTerms> | null = null;

/** The school's shop terms from GET /settings, read once per page; the defaults until then or when it fails (offline). */
export function useShopTerms(): ShopTerms {
  const [terms, setTerms] = useState(DEFAULT_SHOP_TERMS);
  useEffect(() => {
    termsOnce ??= api<Parameters<typeof shopTermsOfView>[0]>('/settings').then(
      (body) => shopTermsOfView(body.data ?? {}),
      () => {
        termsOnce = null;
        return DEFAULT_SHOP_TERMS;
      },
    );
    let live = true;
    void termsOnce.then((t) => live && setTerms(t));
    return () => {
      live = false;
    };
  }, []);
  return terms;
}

/** The checkout's contact and address fields, named as the profile names them (shared with the profile screen). */
export type ProfileAddress = { phone: string; address: string; city: string; state: string; postalCode: string; country: string };

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the checkout starts with from the signed-in user's profile (its province is `state`, as in core/auth/profile.ts). */
export function profileAddress(user: Pick<SessionUser, 'profile'> | null): ProfileAddress {
  const p = (user?.profile ?? {}) as Record<string, unknown>;
  return {
    phone: textOf(p.phone),
    address: textOf(p.address),
    city: textOf(p.city),
    state: textOf(p.state),
    postalCode: textOf(p.postalCode),
    country: textOf(p.country),
  };
}

/** The signed-in user as the server has them now (the profile may have changed elsewhere); null when it cannot say. */
export async function freshUser(): Promise<SessionUser | null> {
  try {
    return userFrom(await api('/auth/me'));
  } catch {
    return null;
  }
}

/** "Save to my profile": PUT /auth/update-profile with the order's phone and address, the stored user refreshed. */
export async function saveAddressToProfile(fields: ProfileAddress): Promise<void> {
  const body = await api('/auth/update-profile', { method: 'PUT', body: fields, fallback: 'Failed to save your profile' });
  const user = userFrom(body);
  const token = tokenFrom(body) ?? storedToken();
  if (user && token) saveSession(token, user);
}
