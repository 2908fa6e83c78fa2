import type { CartTotals } from '#core/shop/cart-totals.ts';
import { formatMoney } from '#core/money.ts';
import { shippingNote } from '#core/shop/shipping.ts';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import { taxLabel } from '#core/shop/tax-label.ts';

type Props = { totals: CartTotals; terms: ShopTerms; rates: readonly number[]; couponCode?: string | null | undefined };

/** The spec 9 breakdown: subtotal, coupon, tax (the one label), shipping (with the school's rules), total. */
export function CartTotalsView({ totals, terms, rates, couponCode }: Props) {
  const money = (cents: number) => formatMoney(cents, terms.money);
  const rules = shippingNote(terms.shipping, money);
  return (
    <>
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(totals.subtotalCents)}</dd>
        </div>
        {totals.discountCents > 0 && (
          <div>
            <dt>Coupon{couponCode ? ` (${couponCode})` : ''}</dt>
            <dd>−{money(totals.discountCents)}</dd>
          </div>
        )}
        <div>
          <dt>{taxLabel(terms.taxName, rates)}</dt>
          <dd>{money(totals.gstCents)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-shipping="">{totals.shippingCents > 0 ? money(totals.shippingCents) : 'Free'}</dd>
        </div>
        <div className="cart-total">
          <dt>Total</dt>
          <dd>{money(totals.totalCents)}</dd>
        </div>
      </dl>
      {rules && <p className="form-note">{rules}</p>}
    </>
  );
}
