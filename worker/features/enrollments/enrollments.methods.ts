import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { PaymentMethodsView } from '#core/shop/views.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { availableGateways } from '#worker/lib/payments/registry.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

// A copy of worker/features/payments/payments.methods.ts, which a feature may not import (lint layers):
// it belongs in worker/lib/payments/ so both features call one function (see the feature's README).
const METHODS: Record<PaymentGatewayName, { name: string; description: string }> = {
  stripe: { name: 'Card (Stripe)', description: 'Visa, Mastercard, American Express and wallets through Stripe Checkout' },
  paypal: { name: 'PayPal', description: 'Pay with your PayPal account or a card through PayPal' },
  razorpay: { name: 'Razorpay', description: 'Cards, UPI and wallets through Razorpay' },
  sandbox: { name: 'Test payment (sandbox)', description: 'A local test page that approves or declines; no money moves' },
};

/** GET /api/enroll/payment-methods: spec 3 Payment methods, the school's currency and the gateways offered now. */
export async function enrollmentPaymentMethods(ctx: ServiceCtx): Promise<PaymentMethodsView> {
  const currency = await schoolCurrency(ctx.db);
  const offered = availableGateways(ctx.config);
  return {
    currency: { code: currency.code, symbol: currency.symbol, name: currency.name, enforced: true },
    availableGateways: offered,
    supportedMethods: (Object.keys(METHODS) as PaymentGatewayName[]).map((id) => ({ id, ...METHODS[id], supported: offered.includes(id) })),
  };
}
