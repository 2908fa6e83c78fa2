import type { PaymentGatewayName } from '#core/shop/shop-options.ts';

/**
 * A gateway's vault (issue 26 §3): saving a payment method through the provider's own page, and charging it
 * later with nobody present. We only ever hold the provider's references (customer, method/token) and what a
 * person recognises (brand, last 4, expiry) — never a card number.
 *
 * - Stripe: a Customer, Checkout in `setup` mode (its SetupIntent's payment_method), off-session PaymentIntents
 *   (`off_session: true, confirm: true`) with the official SDK and an idempotency key.
 * - PayPal: v3 vault setup tokens approved by the payer, exchanged for a payment token; charged by an order
 *   with `payment_source.*.vault_id` and a `PayPal-Request-Id`.
 * - Razorpay: a customer and a recurring-token order; charged by `payments/create/recurring` on an order whose
 *   `receipt` is the idempotency key (an order with that receipt is reused, never a second one).
 * - Sandbox: its own setup page saving a fake card that approves, or one that always declines.
 */
export interface PaymentVault {
  readonly name: PaymentGatewayName;
  /** Opens the provider's page where the payer saves a method; `methodRecordId` is our payment_methods row. */
  startSetup(input: StartSetupInput): Promise<StartedSetup>;
  /** Checks what the browser brought back with the provider (never trusting it alone) and reads the saved method. */
  completeSetup(input: CompleteSetupInput): Promise<SavedMethod>;
  /**
   * Charges a saved method with nobody present. The provider gets `idempotencyKey`: the same key again returns
   * the first attempt's outcome and never charges twice. A network failure or a provider outage throws (the attempt
   * is retried with the same key); a refusal by the bank is a `declined` outcome, not a throw.
   */
  charge(input: ChargeInput): Promise<ChargeOutcome>;
}

export type StartSetupInput = {
  methodRecordId: string;
  customer: { userId: string; email: string; name: string };
  /** The customer id the provider gave this person before (one customer per person and gateway), if any. */
  providerCustomerId: string | null;
  returnUrl: string;
  cancelUrl: string;
  /** The gateway's currency code the method will be charged in (Stripe offers the methods for it; Razorpay's mandate order needs it). */
  currency?: string;
};

export type StartedSetup = { setupId: string; checkoutUrl: string | null; providerCustomerId: string | null; keyId?: string };

export type CompleteSetupInput = { setupId: string; providerCustomerId: string | null; proof: Record<string, string> };

export type SavedMethod = {
  providerCustomerId: string | null;
  providerMethodId: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
};

export type ChargeInput = {
  providerCustomerId: string | null;
  providerMethodId: string;
  amountCents: number;
  /** The gateway's currency code. */
  currency: string;
  idempotencyKey: string;
  description: string;
  /** Our payments row, sent as metadata/reference so the provider's webhooks find it. */
  paymentRecordId: string;
  purchaseId: string;
};

export type ChargeOutcome =
  | { status: 'succeeded'; providerPaymentId: string }
  /** The provider will tell by webhook (Stripe `processing`, PayPal pending capture). */
  | { status: 'pending'; providerPaymentId: string }
  | { status: 'declined'; reason: string; providerPaymentId: string | null };
