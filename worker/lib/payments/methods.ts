import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { PaymentMethodsView } from '#core/shop/views.ts';
import type { CurrencySettings } from '#core/shop/currency.ts';
import { schoolCurrency } from './currency.ts';
import { availableGateways } from './registry.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

const METHODS: Record<PaymentGatewayName, { name: string; description: string }> = {
  stripe: { name: 'Card (Stripe)', description: 'Visa, Mastercard, American Express and wallets through Stripe Checkout' },
  paypal: { name: 'PayPal', description: 'Pay with your PayPal account or a card through PayPal' },
  razorpay: { name: 'Razorpay', description: 'Cards, UPI and wallets through Razorpay' },
  sandbox: { name: 'Test payment (sandbox)', description: 'A local test page that approves or declines; no money moves' },
};

/**
 * Spec 3 Payment methods response: the currency (the school's, or one a purchase enforces, e.g. C$ for
 * memberships) and the gateways offered now. The shop, course enrolments and memberships all answer it.
 */
export async function paymentMethods(
  ctx: ServiceCtx,
  enforced?: Pick<CurrencySettings, 'code' | 'symbol' | 'name'>,
): Promise<PaymentMethodsView> {
  const currency = enforced ?? (await schoolCurrency(ctx.db));
  const offered = availableGateways(ctx.config);
  return {
    currency: { code: currency.code, symbol: currency.symbol, name: currency.name, enforced: true },
    availableGateways: offered,
    supportedMethods: (Object.keys(METHODS) as PaymentGatewayName[]).map((id) => ({ id, ...METHODS[id], supported: offered.includes(id) })),
  };
}
