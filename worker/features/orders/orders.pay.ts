import { currencySettings } from '#core/shop/currency.ts';
import { ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import type { OrderRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { endOrderStatements } from '#worker/lib/order-release.ts';
import { defaultGateway, gatewayFor } from '#worker/lib/payments/registry.ts';
import { GATEWAY_START_FAILED, openPayment } from '#worker/lib/payments/open.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { visibleOrder } from './orders.queries.ts';

/**
 * Opens a payment for the order's total at its gateway. When the gateway fails for a new order, the
 * order is cancelled at once (stock and coupon use back) so nothing stays held for a payment that cannot happen.
 */
export function orderPayment(ctx: ServiceCtx, order: OrderRow, gateway: string, { abandonOnFailure }: { abandonOnFailure: boolean }) {
  const abandon = () =>
    ctx.db.batch([
      ...endOrderStatements(ctx.db, {
        orderId: order.id,
        from: ['pending_payment'],
        to: 'cancelled',
        at: new Date(),
        set: { cancelReason: GATEWAY_START_FAILED },
      }),
    ]);
  return openPayment(
    ctx,
    {
      purchaseType: 'order',
      purchaseId: order.id,
      userId: order.userId,
      amountCents: order.totalCents,
      // The order was priced in its own currency; the school may have changed its currency since (and the settings row is not read again).
      currency: currencySettings(order.currency).code,
      gateway,
      description: `Order ${order.orderNumber}`,
      customerEmail: order.contact.email,
      returnPath: `/shop/order-complete?orderId=${encodeURIComponent(order.id)}`,
      cancelPath: `/checkout?cancelled=${encodeURIComponent(order.id)}`,
    },
    abandonOnFailure ? { abandon, message: ORDER_MESSAGES.gatewayDown } : undefined,
  );
}

/** POST /api/orders/:id/pay: another payment for the caller's own order still awaiting one (after a decline or an abandoned page). */
export async function payAgain(ctx: ServiceCtx, id: string, paymentMethod: string | undefined): Promise<PaymentStart> {
  const user = signedIn(ctx);
  const { order } = await visibleOrder(ctx, id);
  if (order.userId !== user.id) throw notFound(ORDER_MESSAGES.notFound);
  if (order.status !== 'pending_payment') throw conflict(ORDER_MESSAGES.notPending);
  if (order.expiresAt.getTime() <= Date.now()) throw conflict(ORDER_MESSAGES.expired);
  const gateway = gatewayFor(ctx.config, ctx.origin, paymentMethod ?? order.paymentMethod ?? defaultGateway(ctx.config)).name;
  return orderPayment(ctx, order, gateway, { abandonOnFailure: false });
}
