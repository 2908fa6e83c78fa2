/** A saved method: `pending` while the gateway's setup page is open, `active` once saved, `removed` by its owner. */
export const PAYMENT_METHOD_STATUSES = ['pending', 'active', 'removed'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

/**
 * An automatic charge: `open` (due, or waiting for its next retry), `processing` (the gateway answers later,
 * by webhook), `paid`, `past_due` (every retry declined; the memberships are past due until `expiresAt`),
 * `failed` (the grace ended unpaid: the memberships expired), `void` (nothing left to charge: autopay turned off
 * or the memberships ended before the charge).
 */
export const INVOICE_STATUSES = ['open', 'processing', 'paid', 'past_due', 'failed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Due',
  processing: 'Processing',
  paid: 'Paid',
  past_due: 'Past due',
  failed: 'Unpaid',
  void: 'Void',
};

export const BILLING_MESSAGES = {
  noMethod: 'Add a payment method to turn on autopay',
  methodNotFound: 'Payment method not found',
  setupFailed: 'The payment method could not be saved',
  declined: 'Your card was declined',
  autopayUnavailable: 'Automatic renewal is not available for this membership',
  invoiceNotFound: 'Invoice not found',
} as const;
