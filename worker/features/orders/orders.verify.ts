import { ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import { AppError, conflict } from '#worker/lib/errors.ts';
import { verifyPurchasePayment } from '#worker/lib/payments/records.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { orderView, visibleOrder } from './orders.queries.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';

type Proof = { orderId: string; sessionId: string; paymentId: string; signature: string };

const prefixed = (message: string) =>
  message.startsWith(ORDER_MESSAGES.verifyFailed) ? message : `${ORDER_MESSAGES.verifyFailed}: ${message}`;

/**
 * POST /api/orders/verify-payment: the gateway's proof for the caller's order, settled in one batch
 * (payment, coupon use, order state). Verifying the same payment again answers the same, changing nothing.
 */
export async function verifyOrderPayment(ctx: ServiceCtx, { orderId, ...proof }: Proof) {
  await visibleOrder(ctx, orderId);
  let result;
  try {
    result = await verifyPurchasePayment(ctx, { purchaseType: 'order', purchaseId: orderId, proof });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new AppError(err.code, prefixed(err.message));
    throw err;
  }
  if (!result.purchasePaid)
    throw conflict(`${ORDER_MESSAGES.verifyFailed}: the order was no longer awaiting payment, so the payment was refunded`);
  return { order: await orderView(ctx.db, orderId), payment: serializePayment(result.payment) };
}
