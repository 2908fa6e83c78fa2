import { and, eq } from 'drizzle-orm';
import { isAdminCapable } from '#core/roles.ts';
import { PAYMENT_MOVES, type PaymentStatus } from '#core/shop/shop-options.ts';
import { payments, type PaymentRow } from '#db/schema/index.ts';
import { conflict } from '#worker/lib/errors.ts';
import { refundPayment, settlePayment } from '#worker/lib/payments/records.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { visiblePayment } from './payments.read.ts';

const cannotMove = (from: PaymentStatus, to: PaymentStatus) => `Cannot change a payment from ${from} to ${to}`;

/** created → failed | cancelled, with the reason kept; one conditional UPDATE. */
async function closeOpenPayment(ctx: ServiceCtx, row: PaymentRow, to: 'failed' | 'cancelled', reason: string | null) {
  const moved = await ctx.db
    .update(payments)
    .set({ status: to, failureReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'created')))
    .returning()
    .get();
  if (!moved) throw conflict(cannotMove(row.status, to));
  return moved;
}

/** POST /api/payments/cancel/:id: the payer (or staff) abandons a payment not yet made. */
export async function cancelPayment(ctx: ServiceCtx, id: string, reason: string | null | undefined) {
  const row = await visiblePayment(ctx, id);
  const user = signedIn(ctx);
  const fallback = isAdminCapable(user.role) && row.userId !== user.id ? 'Cancelled by admin' : 'Cancelled by user';
  return serializePayment(await closeOpenPayment(ctx, row, 'cancelled', reason ?? fallback));
}

/** A refund through the gateway, then the purchase follows (e.g. the order becomes refunded) if this payment paid it. */
export async function refundAndSettle(ctx: ServiceCtx, row: PaymentRow, reason: string) {
  const refunded = await refundPayment(ctx, row, reason);
  const settlement = SETTLEMENTS[row.purchaseType];
  const statements = refunded.refundedAt
    ? (settlement?.refunded(ctx.db, row.purchaseId, { paymentId: row.id, at: refunded.refundedAt }) ?? [])
    : [];
  await batch(ctx.db, statements);
  return refunded;
}

/**
 * PUT /api/payments/status/:id (admin): only forward. created → succeeded records a payment taken by
 * hand (cash at the front desk) and settles the purchase; succeeded → refunded gives the money back.
 */
export async function setPaymentStatus(ctx: ServiceCtx, id: string, to: PaymentStatus) {
  const user = signedIn(ctx);
  const row = await visiblePayment(ctx, id);
  if (row.status === to) return serializePayment(row);
  if (!PAYMENT_MOVES[row.status].includes(to)) throw conflict(cannotMove(row.status, to));
  if (to === 'failed' || to === 'cancelled') return serializePayment(await closeOpenPayment(ctx, row, to, 'Cancelled by admin'));
  if (to === 'succeeded') {
    const result = await settlePayment(ctx, SETTLEMENTS[row.purchaseType], row, `manual-${user.id}`);
    return serializePayment(result.payment);
  }
  return serializePayment(await refundAndSettle(ctx, row, 'Refunded by admin'));
}
