import { and, eq, sql } from 'drizzle-orm';
import { PRIVILEGED } from '#core/roles.ts';
import { formatMoney } from '#core/money.ts';
import { profileName } from '#core/users/person-name.ts';
import { couponUses, orders, users } from '#db/schema/index.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { tellSchool } from '#worker/lib/enrolment/money-notice.ts';
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
    tellSchool(ctx, 'order paid school notice', async () => {
      const row = await ctx.db
        .select({ number: orders.orderNumber, totalCents: orders.totalCents, email: users.email, profile: users.profile })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
        .get();
      if (!row) return null;
      const total = formatMoney(row.totalCents, await schoolCurrency(ctx.db));
      return {
        roles: PRIVILEGED,
        title: `New order ${row.number} paid`,
        body: `${profileName(row.profile, row.email)} (${row.email}) paid ${total} for order ${row.number}.`,
        eventType: 'order_paid_school',
        entityType: 'order',
        entityId: orderId,
        link: `/admin/shop-orders/${encodeURIComponent(orderId)}`,
        linkLabel: 'View order',
      };
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
