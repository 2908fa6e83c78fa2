import type { PaymentGatewayName, PurchaseType } from '#core/shop/shop-options.ts';

/**
 * One payment gateway (spec: stripe, paypal, razorpay; locally the sandbox). Adapters speak to the
 * provider over `fetch` (or its official package configured for Workers) and verify signatures with
 * WebCrypto; tests stub the provider at `fetch` with its documented shapes.
 */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Opens a payment for an amount at the provider (Checkout Session, PayPal order, Razorpay order, sandbox session). */
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Checks the proof the browser brought back; never trusts it without the provider's signature or its own word. */
  verify(proof: PaymentProof, expected: ExpectedPayment): Promise<VerifiedPayment>;
  /**
   * Checks a webhook's signature and replay window, and says what it reports; throws 400 on a bad signature.
   * An event that would settle a payment is only a notification (it may be a late retry): its effect comes
   * from the payment as the provider holds it now, read within WEBHOOK_STATE_TIMEOUT_MS, else a 503 so it is retried.
   */
  webhook(request: WebhookRequest): Promise<WebhookOutcome>;
  /** Gives the money back (whole amount unless `amountCents`). */
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

/** How long a webhook waits for the payment's current state; providers give up on a delivery after 5 to 10 s and retry it. */
export const WEBHOOK_STATE_TIMEOUT_MS = 3000;

export type CreatePaymentInput = {
  /** Our payments row id, sent to the provider as metadata/reference so webhooks can find it. */
  paymentRecordId: string;
  amountCents: number;
  /** The gateway's currency code (currencySettings().gatewayCodes). */
  currency: string;
  purchaseType: PurchaseType;
  purchaseId: string;
  description: string;
  customerEmail: string | null;
  /** Absolute URLs the provider sends the buyer back to. */
  returnUrl: string;
  cancelUrl: string;
};

export type CreatedPayment = { sessionId: string; checkoutUrl: string | null; keyId?: string };

/** What the browser brings back (ARCHITECTURE "Local payments"): the provider's ids and its signature. */
export type PaymentProof = { sessionId: string; paymentId: string; signature: string };

export type ExpectedPayment = { sessionId: string; amountCents: number; currency: string };

export type VerifiedPayment = { ok: true; providerPaymentId: string } | { ok: false; reason: string };

export type WebhookRequest = { rawBody: string; headers: Headers };

/**
 * What a webhook event means for our payment: found by `sessionId` (the provider's id for the attempt)
 * or by our `paymentRecordId` from its metadata. `ignored` for event types we do not act on.
 */
export type WebhookOutcome = {
  eventId: string;
  type: string;
  effect: 'succeeded' | 'failed' | 'refunded' | 'ignored';
  sessionId?: string;
  paymentRecordId?: string;
  providerPaymentId?: string;
};

export type RefundInput = { providerPaymentId: string; sessionId: string; amountCents: number; currency: string; reason: string };
