import { useEffect, useRef, useState } from 'react';
import { EmptyCart } from '#web/components/shop/empty-cart.tsx';
import { formatMoney } from '#core/money.ts';
import { CartTotalsView } from '#web/components/shop/cart-totals-view.tsx';
import { CouponBox, type Notice } from '#web/components/shop/coupon-box.tsx';
import {
  CART_EVENT,
  lineKey,
  lineRefusal,
  overStock,
  readCart,
  readCoupon,
  setQuantity,
  subtotalOf,
  totalsOf,
  writeCart,
  writeCoupon,
  type AppliedCoupon,
  type CartLine,
} from '#web/lib/cart.ts';
import { checkCoupon } from '#web/lib/coupon-check.ts';

const NO_NOTICE: Notice = { text: '', error: false };

/** The cart page: lines, quantities, the stock check, the coupon (re-checked when the cart changes) and totals. */
export default function CartView() {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [notice, setNotice] = useState<Notice>(NO_NOTICE);
  const checked = useRef('');

  useEffect(() => {
    const load = () => {
      setLines(readCart());
      setCoupon(readCoupon());
    };
    load();
    window.addEventListener(CART_EVENT, load);
    window.addEventListener('storage', load);
    return () => {
      window.removeEventListener(CART_EVENT, load);
      window.removeEventListener('storage', load);
    };
  }, []);

  // Spec 4: the applied coupon is re-validated whenever the amount changes, and removed with its reason.
  const amount = lines ? subtotalOf(lines) : 0;
  useEffect(() => {
    if (!lines || !coupon) return;
    const key = `${coupon.code}:${amount}`;
    if (checked.current === key) return;
    checked.current = key;
    void checkCoupon(coupon.code, amount).then((result) => {
      if ('error' in result) {
        writeCoupon(null);
        setNotice({ text: `Coupon ${coupon.code} was removed: ${result.error}`, error: true });
      } else if (result.coupon.discountAmount !== coupon.discountAmount) writeCoupon(result.coupon);
    });
  }, [amount, coupon, lines]);

  if (!lines) return <p className="form-note">Loading your cart…</p>;
  if (!lines.length) return <EmptyCart />;

  const over = new Set(overStock(lines).map(lineKey));
  const totals = totalsOf(lines, coupon);
  const update = (key: string, quantity: number) => writeCart(setQuantity(lines, key, quantity));

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
                <span>{formatMoney(Math.round(l.price * 100))} each</span>
                {refusal && <span className="form-error">{refusal}</span>}
                {over.has(key) && <span className="form-error">{`Only ${l.maxStock} in stock: please lower the quantity`}</span>}
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
        <CouponBox
          amountCents={amount}
          coupon={coupon}
          notice={notice}
          onChange={(next, message) => {
            writeCoupon(next);
            setNotice(message);
          }}
        />
        <CartTotalsView totals={totals} couponCode={coupon?.code} />
        <a className="btn btn-primary" href="/checkout">
          Go to checkout
        </a>
      </div>
    </div>
  );
}
