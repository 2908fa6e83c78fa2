import { formatMoney } from '#core/money.ts';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import { taxLabel } from '#core/shop/tax-label.ts';
import type { OrderView } from '#core/shop/views.ts';

const cents = (n: number) => Math.round(n * 100);
/** An order's decimal amount in the school's money format. */
export const orderMoney = (terms: ShopTerms) => (n: number) => formatMoney(cents(n), terms.money);

const choice = (i: OrderView['items'][number]) => [i.size && `size ${i.size}`, i.color].filter(Boolean).join(', ');

/**
 * An order as the server priced it, the same on the confirmation, in My orders and for the school:
 * each line as price × quantity, then subtotal, discount, tax, shipping, total, and where it goes.
 */
export function OrderBreakdown({ order, terms, address = true }: { order: OrderView; terms: ShopTerms; address?: boolean }) {
  const money = orderMoney(terms);
  return (
    <div className="order-breakdown">
      <ul className="order-breakdown-lines" aria-label={`Items of order ${order.orderNumber}`}>
        {order.items.map((i) => (
          <li key={i._id}>
            <span className="order-line-name">
              {i.name}
              {choice(i) && <span className="cart-line-choice"> ({choice(i)})</span>}
            </span>
            <span className="order-line-maths">
              {money(i.price)} × {i.quantity} = <strong>{formatMoney(cents(i.price) * i.quantity, terms.money)}</strong>
            </span>
          </li>
        ))}
      </ul>
      <OrderAmounts order={order} terms={terms} />
      {address && <OrderAddress order={order} />}
    </div>
  );
}

/** Subtotal, discount, tax (the one label), shipping, total. */
export function OrderAmounts({ order, terms }: { order: OrderView; terms: ShopTerms }) {
  const money = orderMoney(terms);
  return (
    <dl className="cart-totals order-amounts">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
      </div>
      {order.discountAmount > 0 && (
        <div>
          <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
          <dd>−{money(order.discountAmount)}</dd>
        </div>
      )}
      <div>
        <dt>
          {taxLabel(
            terms.taxName,
            order.items.map((i) => i.gstRate),
          )}
        </dt>
        <dd>{money(order.gstAmount)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{order.shippingAmount > 0 ? money(order.shippingAmount) : 'Free'}</dd>
      </div>
      <div className="cart-total">
        <dt>Total</dt>
        <dd>{money(order.totalAmount)}</dd>
      </div>
    </dl>
  );
}

/** The shipping address, one line each. */
export function OrderAddress({ order }: { order: OrderView }) {
  const a = order.shippingAddress;
  return (
    <div className="order-ship-to">
      <h4>Shipping to</h4>
      <address className="order-address">
        {[order.contact.name, a.line1, a.line2, `${a.city}, ${a.province} ${a.postalCode}`, a.country]
          .filter((l) => l.trim())
          .map((l, n) => (
            <span key={n}>{l}</span>
          ))}
      </address>
    </div>
  );
}
