import { and, desc, eq } from 'drizzle-orm';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { Db } from '#db/client.ts';
import { payments } from '#db/schema/index.ts';
import { AppError, unavailable } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { refundPayment } from './records.ts';

/** The payment that paid a purchase (the latest succeeded one). */
export const succeededPayment = (db: Db, purchaseType: PurchaseType, purchaseId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseType, purchaseType), eq(payments.purchaseId, purchaseId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.paidAt))
    .get();

/** The 503 when the provider fails a refund: `what` ('order', 'enrollment') was not changed. */
export const refundFailed = (what: string) =>
  `The refund could not be completed at the payment provider. The ${what} was not changed; please try again.`;

/**
 * Refund first: the money of the purchase's succeeded payment (if any) back through its gateway BEFORE
 * the purchase moves, so a provider that fails leaves the purchase as it was (503 in words, never a 500).
 */
export async function refundAtGateway(ctx: ServiceCtx, purchaseType: PurchaseType, purchaseId: string, reason: string, what: string) {
  const payment = await succeededPayment(ctx.db, purchaseType, purchaseId);
  if (!payment) return;
  try {
    await refundPayment(ctx, payment, reason);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw err;
    ctx.log.error('refund failed', { purchaseType, purchaseId, error: String(err) });
    throw unavailable(refundFailed(what));
  }
}
