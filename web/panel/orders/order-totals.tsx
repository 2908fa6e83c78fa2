import { formatMoney } from '#core/money.ts';
import type { OrderView } from '#core/shop/views.ts';

/** Order amounts come as decimals (spec); shown through the one money formatter. */
export const money = (n: number) => formatMoney(Math.round(n * 100));

/** The amounts of an order as the server priced them: subtotal, coupon, GST, shipping, total. */
export function OrderTotals({ order }: { order: OrderView }) {
  return (
    <dl className="order-totals">
      <dt>Subtotal</dt>
      <dd>{money(order.subtotal)}</dd>
      {order.discountAmount > 0 && (
        <>
          <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
          <dd>−{money(order.discountAmount)}</dd>
        </>
      )}
      <dt>GST</dt>
      <dd>{money(order.gstAmount)}</dd>
      <dt>Shipping</dt>
      <dd>{money(order.shippingAmount)}</dd>
      <dt className="order-total">Total</dt>
      <dd className="order-total">{money(order.totalAmount)}</dd>
    </dl>
  );
}
