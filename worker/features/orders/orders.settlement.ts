import { and, eq, sql } from 'drizzle-orm';
import { couponUses, orders } from '#db/schema/index.ts';
import { endOrderStatements } from '#worker/lib/order-release.ts';
import { sendOrderConfirmation } from '#worker/lib/order-mail.ts';
import { notify } from '#worker/lib/notify.ts';
import { statesBefore } from '#core/shop/order-status.ts';
import { refundedNow, type PurchaseSettlement } from '#worker/lib/payments/settlements.ts';

/** The states a paid order can be refunded from (the life cycle's `→ refunded`). */
export const REFUNDABLE = statesBefore('refunded');

/** An order is paid only from pending_payment; its reserved coupon use is confirmed with it. */
export const orderSettlement: PurchaseSettlement = {
  paid: (db, orderId, at, paymentId) => ({
    move: db
      .update(orders)
      .set({ status: 'paid', paidAt: at, paidByPaymentId: paymentId, updatedAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
      .returning({ id: orders.id }),
    follow: [
      db
        .update(couponUses)
        .set({ status: 'confirmed', updatedAt: at })
        .where(
          and(
            eq(couponUses.purchaseType, 'order'),
            eq(couponUses.purchaseId, orderId),
            eq(couponUses.status, 'reserved'),
            sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.status} = 'paid')`,
          ),
        ),
    ],
  }),
  afterPaid: (ctx, orderId) => {
    sendOrderConfirmation(ctx, orderId);
    ctx.defer('order paid notification', async () => {
      const order = await ctx.db
        .select({ userId: orders.userId, number: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, orderId))
        .get();
      if (!order) return;
      await notify(ctx, [order.userId], {
        title: 'Payment received',
        body: `Your order ${order.number} is paid. Thank you!`,
        type: 'success',
        eventType: 'order_paid',
        entityType: 'order',
        entityId: orderId,
        data: { orderId, orderNumber: order.number },
        actions: [{ action: 'view', title: 'View order', url: `/shop/order-complete?orderId=${encodeURIComponent(orderId)}` }],
      });
    });
  },
  /** Money given back (by the school or at the provider): stock returns only if the goods never left. */
  refunded: (db, orderId, refund) => [
    ...endOrderStatements(db, {
      orderId,
      from: REFUNDABLE,
      to: 'refunded',
      at: refund.at,
      where: and(eq(orders.paidByPaymentId, refund.paymentId), refundedNow(refund)),
    }),
  ],
};
