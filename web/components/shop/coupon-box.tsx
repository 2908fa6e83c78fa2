import { useState, type FormEvent } from 'react';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import type { AppliedCoupon } from '#web/lib/cart.ts';
import { checkCoupon } from '#web/lib/coupon-check.ts';

export type Notice = { text: string; error: boolean };

/** Apply or remove a coupon; the reason of a refusal (or of a removal after a cart change) is shown. */
export function CouponBox({
  amountCents,
  coupon,
  notice,
  onChange,
}: {
  amountCents: number;
  coupon: AppliedCoupon | null;
  notice: Notice;
  onChange: (coupon: AppliedCoupon | null, notice: Notice) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('coupon') ?? '');
    if (amountCents <= 0) return onChange(null, { text: COUPON_MESSAGES.emptyCart, error: true });
    setBusy(true);
    const result = await checkCoupon(code, amountCents);
    setBusy(false);
    if ('error' in result) onChange(null, { text: result.error, error: true });
    else onChange(result.coupon, { text: `Coupon ${result.coupon.code} applied.`, error: false });
  }
  if (coupon)
    return (
      <div className="coupon-box">
        <p role="status">
          Coupon <strong>{coupon.code}</strong> applied{coupon.description ? `: ${coupon.description}` : ''}.{' '}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => onChange(null, { text: 'Coupon removed.', error: false })}
          >
            Remove coupon
          </button>
        </p>
      </div>
    );
  return (
    <form className="coupon-box" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <label htmlFor="coupon-code">Coupon code</label>
      <div className="coupon-row">
        <input id="coupon-code" name="coupon" autoComplete="off" maxLength={40} aria-describedby="coupon-message" />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Apply
        </button>
      </div>
      <p id="coupon-message" className={notice.error ? 'form-error' : 'form-note'} role="status">
        {notice.text}
      </p>
    </form>
  );
}
