import type { InvoiceStatus, PaymentMethodStatus } from '#core/billing/billing-options.ts';

// The billing API's views as API-26.md fixes them (worker/features/billing serialises them).

export type PaymentMethodView = {
  _id: string;
  gateway: string;
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

export type Person = { _id: string; name: string };

export type InvoiceLine = {
  _id: string;
  enrollmentId: string;
  person: Person;
  description: string;
  amount: string | number;
  amountCents: number;
  periodStartsAt: string | null;
  periodEndsAt: string | null;
};

export type InvoiceView = {
  _id: string;
  number: string;
  status: InvoiceStatus;
  statusLabel: string;
  payer: Person;
  currency: string;
  subtotal: string | number;
  tax: string | number;
  total: string | number;
  totalCents: number;
  dueAt: string;
  nextAttemptAt: string | null;
  failures: number;
  lastError: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  createdAt: string;
  paymentMethod: PaymentMethodView | null;
  lines: InvoiceLine[];
  receiptUrl: string | null;
};

export type UpcomingCharge = {
  enrollmentId: string;
  person: Person;
  membershipName: string;
  planName: string;
  dueAt: string | null;
  amount: string | number;
  amountCents: number;
  autopay: boolean;
  paymentMethod: PaymentMethodView | null;
};
