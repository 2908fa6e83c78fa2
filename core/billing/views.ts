/**
 * The billing JSON as the API sends it and the browser reads it (API-26 "Billing"): the server's builders
 * return these types and the screens read them, so the two cannot drift apart.
 */
import { fromCents } from '#core/money.ts';
import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { InvoiceStatus, PaymentMethodStatus } from './billing-options.ts';

export type PersonRef = { _id: string; name: string };

export type PaymentMethodView = {
  _id: string;
  gateway: PaymentGatewayName;
  status: PaymentMethodStatus;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  isDefault: boolean;
  /** "Visa •••• 4242, 12/2030" */
  label: string;
  createdAt: string;
};

export type InvoiceLineView = {
  /** The renewal's id. */
  _id: string;
  enrollmentId: string;
  person: PersonRef;
  /** "Kids Karate — Monthly" */
  description: string;
  amount: string;
  amountCents: number;
  periodStartsAt: string | null;
  periodEndsAt: string | null;
};

export type InvoiceView = {
  _id: string;
  number: string;
  status: InvoiceStatus;
  statusLabel: string;
  payer: PersonRef;
  currency: string;
  subtotal: string;
  tax: string;
  total: string;
  totalCents: number;
  dueAt: string;
  nextAttemptAt: string | null;
  failures: number;
  lastError: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  createdAt: string;
  paymentMethod: PaymentMethodView | null;
  lines: InvoiceLineView[];
  /** '/api/billing/invoices/<id>/receipt' once paid. */
  receiptUrl: string | null;
};

export type UpcomingCharge = {
  enrollmentId: string;
  person: PersonRef;
  membershipName: string;
  planName: string;
  /** The membership's end: when its renewal is charged. */
  dueAt: string | null;
  amount: string;
  amountCents: number;
  autopay: boolean;
  paymentMethod: PaymentMethodView | null;
};

/** 2500 → "25.00": the billing views' money outside (integer cents inside). */
export const decimalAmount = (cents: number) => fromCents(cents).toFixed(2);

/** "Visa •••• 4242, 12/2030" (what a person recognises a saved method by), "PayPal" when the gateway tells no card. */
export function methodLabel(m: {
  gateway: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}) {
  const name = m.brand ?? GATEWAY_LABELS[m.gateway] ?? m.gateway;
  const digits = m.last4 ? ` •••• ${m.last4}` : '';
  const exp = m.expMonth && m.expYear ? `, ${String(m.expMonth).padStart(2, '0')}/${m.expYear}` : '';
  return `${name}${digits}${exp}`;
}

const GATEWAY_LABELS: Record<string, string> = { stripe: 'Card', paypal: 'PayPal', razorpay: 'Razorpay', sandbox: 'Test card' };
