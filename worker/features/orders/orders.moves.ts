import { and, eq, inArray } from 'drizzle-orm';
import { isAdminCapable } from '#core/roles.ts';
import { cannotMove, ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import { BUYER_CANCELLABLE, statesBefore, type OrderStatus } from '#core/shop/order-status.ts';
import { CANCEL_REASONS } from '#core/shop/shop-options.ts';
import { orders, type NewOrderRow, type OrderRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { endOrderStatements } from '#worker/lib/order-release.ts';
import { REFUNDABLE } from './orders.settlement.ts';
import { refundAtGateway } from '#worker/lib/payments/refund.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { loadOrder, orderView, visibleOrder } from './orders.queries.ts';

async function current(ctx: ServiceCtx, id: string): Promise<OrderRow> {
  const loaded = await loadOrder(ctx.db, id);
  if (!loaded) throw notFound(ORDER_MESSAGES.notFound);
  return loaded.order;
}

/**
 * Ends an order, giving back what it holds in the batch that moves it (worker/lib/order-release.ts):
 * an unpaid one is cancelled; a paid one is refunded at its gateway, then marked refunded. A payment
 * that lands while it is being cancelled is caught by the second look (the order is then refunded).
 */
export async function endOrder(
  ctx: ServiceCtx,
  order: OrderRow,
  to: 'cancelled' | 'refunded',
  from: readonly OrderStatus[],
  reason?: string,
) {
  const at = new Date();
  const set: Partial<NewOrderRow> = reason ? { cancelReason: reason, cancelledAt: at } : {};
  for (let look = 0; look < 2; look++) {
    if (!from.includes(order.status)) throw conflict(cannotMove(order.status, to));
    if (order.status === 'pending_payment') {
      const [moved] = await ctx.db.batch([
        ...endOrderStatements(ctx.db, { orderId: order.id, from: ['pending_payment'], to: 'cancelled', at, set }),
      ]);
      if (moved[0]) return orderView(ctx.db, order.id);
    } else {
      await refundAtGateway(ctx, 'order', order.id, reason ?? 'Refunded by the school', 'order');
      const [moved] = await ctx.db.batch([...endOrderStatements(ctx.db, { orderId: order.id, from: REFUNDABLE, to: 'refunded', at, set })]);
      if (moved[0]) return orderView(ctx.db, order.id);
    }
    order = await current(ctx, order.id);
  }
  throw conflict(cannotMove(order.status, to));
}

/** PATCH /api/orders/:id/cancel: the buyer (or an admin) until the order ships. */
export async function cancelOrder(ctx: ServiceCtx, id: string, cancelReason: string | undefined) {
  const user = signedIn(ctx);
  const { order } = await visibleOrder(ctx, id);
  const reason = cancelReason ?? (isAdminCapable(user.role) && order.userId !== user.id ? CANCEL_REASONS.admin : CANCEL_REASONS.user);
  return endOrder(ctx, order, 'cancelled', BUYER_CANCELLABLE, reason);
}

const STAMPS: Partial<Record<OrderStatus, keyof NewOrderRow>> = { shipped: 'shippedAt', delivered: 'deliveredAt' };

/** PATCH /api/orders/:id/status (admin): along ORDER_TRANSITIONS, one conditional UPDATE; 409 for any other move. */
export async function changeOrderStatus(ctx: ServiceCtx, id: string, to: OrderStatus) {
  const order = await current(ctx, id);
  const from = statesBefore(to);
  if (to === 'cancelled' || to === 'refunded') return endOrder(ctx, order, to, from, to === 'cancelled' ? CANCEL_REASONS.admin : undefined);
  const at = new Date();
  const stamp = STAMPS[to];
  const moved = await ctx.db
    .update(orders)
    .set({ status: to, updatedAt: at, ...(stamp ? { [stamp]: at } : {}) })
    .where(and(eq(orders.id, id), inArray(orders.status, from)))
    .returning({ id: orders.id })
    .get();
  if (!moved) throw conflict(cannotMove((await current(ctx, id)).status, to));
  return orderView(ctx.db, id);
}
