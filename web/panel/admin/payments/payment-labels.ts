import type { PaymentGatewayName, PaymentStatus, PurchaseType } from '#core/shop/shop-options.ts';
import { currencySettings } from '#core/shop/currency.ts';
import { money } from '#web/panel/admin/screens/shared.tsx';

export const GATEWAY_LABELS: Record<PaymentGatewayName, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  razorpay: 'Razorpay',
  sandbox: 'Sandbox (test)',
};

export const PURCHASE_LABELS: Record<PurchaseType, string> = {
  order: 'Shop order',
  course_enrollment: 'Course enrolment',
  membership: 'Membership',
  course_renewal: 'Course renewal',
  membership_renewal: 'Membership renewal',
  grading_fee: 'Grading fee',
  invoice: 'Automatic renewal',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Open',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** An order's payment method is free text on the wire; a known gateway gets its name. */
export const gatewayLabel = (name: string) => GATEWAY_LABELS[name as PaymentGatewayName] ?? name;

/** 42.5 in EUR → "€42.50": with the symbol of the currency it was charged in. */
export const moneyIn = (amount: number, currency: string) => money(amount, currencySettings(currency).symbol);

/** 42.5 in CAD → "$42.50 CAD". */
export const amountIn = (amount: number, currency: string) => `${moneyIn(amount, currency)} ${currency}`;
