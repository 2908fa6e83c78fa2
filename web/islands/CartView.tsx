import { useState } from 'react';
import { EmptyCart } from '#web/components/shop/empty-cart.tsx';
import { formatMoney } from '#core/money.ts';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import { CartTotalsView } from '#web/components/shop/cart-totals-view.tsx';
import { CouponBox } from '#web/components/shop/coupon-box.tsx';
import { useAppliedCoupon } from '#web/components/shop/use-applied-coupon.ts';
import { useCartEvents } from '#web/components/shop/use-cart-events.ts';
import { lineKey, lineRefusal, overStock, readCart, setQuantity, totalsOf, writeCart, type CartLine } from '#web/lib/cart.ts';

/** The cart page: lines, quantities, the stock check, the coupon (re-checked when the cart changes) and totals. */
export default function CartView({ terms }: { terms: ShopTerms }) {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [capped, setCapped] = useState<{ key: string; text: string } | null>(null);

  useCartEvents(() => setLines(readCart()));
  const { coupon, notice, amount, change } = useAppliedCoupon(lines);

  if (!lines) return <p className="form-note">Loading your cart…</p>;
  if (!lines.length) return <EmptyCart />;

  const over = new Set(overStock(lines).map(lineKey));
  const totals = totalsOf(lines, coupon, terms.shipping);
  const update = (key: string, quantity: number) => {
    const next = setQuantity(lines, key, quantity);
    setCapped(next.capped ? { key, text: next.capped } : null);
    writeCart(next.lines);
  };

  return (
    <div className="cart" data-ready="">
      <ul className="cart-lines">
        {lines.map((l) => {
          const key = lineKey(l);
          const refusal = lineRefusal(l);
          const choice = [l.size && `Size ${l.size}`, l.color && `Colour ${l.color}`].filter(Boolean).join(' · ');
          return (
            <li key={key} className="cart-line">
              {l.image ? (
                <img src={l.image} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <span className="cart-thumb" aria-hidden="true" />
              )}
              <div className="cart-line-info">
                <a href={`/shop/${l.productId}`}>{l.name}</a>
                {choice && <span className="cart-line-choice">{choice}</span>}
                <span className="order-line-maths">
                  {formatMoney(Math.round(l.price * 100), terms.money)} × {l.quantity} ={' '}
                  <strong>{formatMoney(Math.round(l.price * 100) * l.quantity, terms.money)}</strong>
                </span>
                {refusal && <span className="form-error">{refusal}</span>}
                {over.has(key) && <span className="form-error">{`Only ${l.maxStock} in stock: please lower the quantity`}</span>}
                {capped?.key === key && (
                  <span className="qty-notice" role="status">
                    {capped.text}
                  </span>
                )}
              </div>
              <label className="field cart-qty">
                <span className="visually-hidden">Quantity of {l.name}</span>
                <input type="number" min={0} max={l.maxStock} value={l.quantity} onChange={(e) => update(key, Number(e.target.value))} />
              </label>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => update(key, 0)}>
                Remove<span className="visually-hidden"> {l.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="cart-summary">
        <CouponBox amountCents={amount} coupon={coupon} notice={notice} onChange={change} />
        <CartTotalsView totals={totals} terms={terms} rates={lines.map((l) => l.gstRate)} couponCode={coupon?.code} />
        <a className="btn btn-primary" href="/checkout">
          Go to checkout
        </a>
      </div>
    </div>
  );
}
