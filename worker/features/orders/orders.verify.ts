import type { PaymentProof } from '#worker/lib/payments/gateway.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import { verifyProof } from '#worker/lib/payments/verify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { orderView, visibleOrder } from './orders.queries.ts';
import { orderSettlement } from './orders.settlement.ts';

/**
 * POST /api/orders/verify-payment: the gateway's proof for the caller's order, settled in one batch
 * (payment, coupon use, order state). Verifying the same payment again answers the same, changing nothing.
 */
export async function verifyOrderPayment(ctx: ServiceCtx, { orderId, ...proof }: PaymentProof & { orderId: string }) {
  await visibleOrder(ctx, orderId);
  const result = await verifyProof(ctx, orderSettlement, { purchaseType: 'order', purchaseId: orderId }, proof, 'order');
  return { order: await orderView(ctx.db, orderId), payment: serializePayment(result.payment) };
}
