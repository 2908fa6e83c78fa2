import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { currencySettings, isPayableCents, type CurrencyCode } from '#core/shop/currency.ts';
import { VERIFY_FAILED } from '#core/shop/payment-schemas.ts';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { payments, type PaymentRow } from '#db/schema/index.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { schoolCurrency } from './currency.ts';
import type { PaymentProof } from './gateway.ts';
import { gatewayFor } from './registry.ts';
import type { PurchaseSettlement } from './settlements.ts';

export const PAYMENT_MESSAGES = {
  amountRange: 'Payment amount must be between 0.50 and 999999.99',
  notFound: 'Payment not found',
  verifyFailed: VERIFY_FAILED,
  notPayable: 'This payment can no longer be completed',
} as const;

export type StartPaymentInput = {
  purchaseType: PurchaseType;
  purchaseId: string;
  userId: string | null;
  amountCents: number;
  gateway: string;
  description: string;
  customerEmail: string | null;
  /** Path (on our origin) the buyer comes back to; the gateway's ids are added as query parameters. */
  returnPath: string;
  cancelPath: string;
  /** A currency the purchase enforces (memberships: CAD, spec 9); else the school's. */
  currency?: CurrencyCode;
};

/** Opens a payment at the gateway and records it as `created`; the browser goes to `checkoutUrl`. */
export async function startPayment(ctx: ServiceCtx, input: StartPaymentInput): Promise<{ start: PaymentStart; row: PaymentRow }> {
  if (!isPayableCents(input.amountCents)) throw badRequest(PAYMENT_MESSAGES.amountRange);
  const gateway = gatewayFor(ctx.config, ctx.origin, input.gateway);
  const currency = input.currency ? currencySettings(input.currency) : await schoolCurrency(ctx.db);
  const id = newId();
  const created = await gateway.create({
    paymentRecordId: id,
    amountCents: input.amountCents,
    currency: currency.gatewayCodes[gateway.name],
    purchaseType: input.purchaseType,
    purchaseId: input.purchaseId,
    description: input.description,
    customerEmail: input.customerEmail,
    returnUrl: `${ctx.origin}${input.returnPath}`,
    cancelUrl: `${ctx.origin}${input.cancelPath}`,
  });
  const row = await ctx.db
    .insert(payments)
    .values({
      id,
      userId: input.userId,
      purchaseType: input.purchaseType,
      purchaseId: input.purchaseId,
      gateway: gateway.name,
      sessionId: created.sessionId,
      amountCents: input.amountCents,
      currency: currency.code,
    })
    .returning()
    .get();
  const start: PaymentStart = {
    gateway: gateway.name,
    paymentRecordId: id,
    sessionId: created.sessionId,
    amount: input.amountCents,
    currency: currency.code,
    checkoutUrl: created.checkoutUrl,
    returnPath: input.returnPath,
    ...(created.keyId ? { keyId: created.keyId } : {}),
  };
  return { start, row };
}

/**
 * `purchasePaid`: this payment is the one the purchase is paid by (now or by an earlier call with the
 * same payment). A payment that succeeded for a purchase already paid by another, expired or cancelled
 * is refunded at once and `purchasePaid` is false.
 */
export type SettleResult = { payment: PaymentRow; alreadyPaid: boolean; purchasePaid: boolean };

/**
 * A failed attempt is not final for the provider's session (Razorpay takes several attempts per order; a
 * PayPal order can be captured after a declined instrument): money the provider confirms settles a `failed` row too.
 */
export const SETTLEABLE = ['created', 'failed'] as const;

/**
 * What a capture the provider reports may still claim: a settleable row, or one cancelled here whose
 * widget the buyer finished anyway. A cancelled row never pays its purchase: its money goes back.
 */
export const CAPTURABLE = [...SETTLEABLE, 'cancelled'] as const;
const capturable = (status: string) => (CAPTURABLE as readonly string[]).includes(status);

/**
 * Marks a payment succeeded and its purchase paid in one batch, conditional on both states, so a
 * second verify (or the webhook racing the browser) changes nothing. Only the payment that moved the
 * purchase keeps its money; any other is refunded.
 */
export async function settlePayment(
  ctx: ServiceCtx,
  settlement: PurchaseSettlement | undefined,
  payment: PaymentRow,
  providerPaymentId: string,
): Promise<SettleResult> {
  if (!settlement) throw badRequest(PAYMENT_MESSAGES.verifyFailed);
  const at = new Date();
  const cancelled = payment.status === 'cancelled';
  const { move, follow } = settlement.paid(ctx.db, payment.purchaseId, at, payment.id);
  const paymentMove = ctx.db
    .update(payments)
    .set({ status: 'succeeded', providerPaymentId, failureReason: null, paidAt: at, updatedAt: at })
    .where(and(eq(payments.id, payment.id), cancelled ? eq(payments.status, 'cancelled') : inArray(payments.status, SETTLEABLE)))
    .returning();
  // The purchase moves only if this payment did (the payment statement runs first in the transaction).
  const [moved, purchaseMoved = []] = await batch(ctx.db, cancelled ? ([paymentMove] as const) : ([paymentMove, move, ...follow] as const));
  const current = moved[0] ?? (await ctx.db.select().from(payments).where(eq(payments.id, payment.id)).get())!;
  // Cancelled here between our read and the claim: the capture is still the provider's money to give back.
  if (!moved[0] && !cancelled && current.status === 'cancelled') return settlePayment(ctx, settlement, current, providerPaymentId);
  if (!moved[0]) return { payment: current, alreadyPaid: true, purchasePaid: current.status === 'succeeded' && !cancelled };
  if (purchaseMoved.length === 0) {
    const reason = cancelled ? 'The payment had been cancelled' : 'The purchase was no longer awaiting payment';
    const refunded = await refundPayment(ctx, current, reason).catch(async (err: unknown) => {
      // The refund call failed: the row goes back to what it was, so the provider's retry (or the next verify) claims it again.
      await ctx.db
        .update(payments)
        .set({
          status: payment.status,
          providerPaymentId: payment.providerPaymentId,
          failureReason: payment.failureReason,
          paidAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded'), eq(payments.paidAt, at)));
      throw err;
    });
    return { payment: refunded, alreadyPaid: false, purchasePaid: false };
  }
  settlement.afterPaid(ctx, payment.purchaseId);
  return { payment: current, alreadyPaid: false, purchasePaid: true };
}

/** The browser's proof (sessionId, paymentId, signature) for a purchase: checked by its gateway, then settled. */
export async function verifyPurchasePayment(
  ctx: ServiceCtx,
  settlement: PurchaseSettlement,
  { purchaseType, purchaseId, proof }: { purchaseType: PurchaseType; purchaseId: string; proof: PaymentProof },
): Promise<SettleResult> {
  const payment = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseType, purchaseType), eq(payments.purchaseId, purchaseId), eq(payments.sessionId, proof.sessionId)))
    .get();
  if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
  if (payment.status === 'succeeded') return { payment, alreadyPaid: true, purchasePaid: true };
  if (!capturable(payment.status)) throw conflict(PAYMENT_MESSAGES.notPayable);
  const gateway = gatewayFor(ctx.config, ctx.origin, payment.gateway);
  const verdict = await gateway.verify(proof, {
    sessionId: payment.sessionId,
    amountCents: payment.amountCents,
    currency: payment.currency,
  });
  if (!verdict.ok) throw badRequest(`${PAYMENT_MESSAGES.verifyFailed}: ${verdict.reason}`);
  return settlePayment(ctx, settlement, payment, verdict.providerPaymentId);
}

/** Gives a succeeded payment's money back through its gateway; the row moves to refunded once, conditionally. */
export async function refundPayment(ctx: ServiceCtx, payment: PaymentRow, reason: string): Promise<PaymentRow> {
  if (payment.status !== 'succeeded' || !payment.providerPaymentId) throw conflict('Only a completed payment can be refunded');
  const gateway = gatewayFor(ctx.config, ctx.origin, payment.gateway);
  const { refundId } = await gateway.refund({
    providerPaymentId: payment.providerPaymentId,
    sessionId: payment.sessionId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    reason,
  });
  const at = new Date();
  const row = await ctx.db
    .update(payments)
    .set({ status: 'refunded', refundId, refundedAt: at, updatedAt: at })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded')))
    .returning()
    .get();
  return row ?? (await ctx.db.select().from(payments).where(eq(payments.id, payment.id)).get())!;
}
