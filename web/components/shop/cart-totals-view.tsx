import type { CartTotals } from '#core/shop/cart-totals.ts';
import { formatMoney } from '#core/money.ts';

/** The spec 9 breakdown: subtotal, coupon, GST, shipping, total. */
export function CartTotalsView({ totals, couponCode }: { totals: CartTotals; couponCode?: string | null | undefined }) {
  return (
    <dl className="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div>
          <dt>Coupon{couponCode ? ` (${couponCode})` : ''}</dt>
          <dd>−{formatMoney(totals.discountCents)}</dd>
        </div>
      )}
      <div>
        <dt>GST/HST</dt>
        <dd>{formatMoney(totals.gstCents)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{formatMoney(totals.shippingCents)}</dd>
      </div>
      <div className="cart-total">
        <dt>Total</dt>
        <dd>{formatMoney(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
