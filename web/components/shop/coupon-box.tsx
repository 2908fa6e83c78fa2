import { useState, type FormEvent } from 'react';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import type { AppliedCoupon } from '#web/lib/cart.ts';
import { checkCoupon } from '#web/lib/coupon-check.ts';

export type Notice = { text: string; error: boolean };

type CodeBoxProps = {
  applied: string | null;
  /** The applied coupon's own words, after its code. */
  description?: string | null;
  /** The applied line is a live region (the shop's, where applying replaces the message). */
  announce?: boolean;
  notice: Notice;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
};

/** The coupon field of the shop and of the enrolment pages: apply a code, or see the applied one and remove it. */
export function CodeBox({ applied, description, announce, notice, onApply, onRemove }: CodeBoxProps) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    await onApply(String(new FormData(e.currentTarget).get('coupon') ?? ''));
    setBusy(false);
  }
  const message = (
    <p id="coupon-message" className={notice.error ? 'form-error' : 'form-note'} role="status">
      {notice.text}
    </p>
  );
  if (applied)
    return (
      <div className="coupon-box">
        <p role={announce ? 'status' : undefined}>
          Coupon <strong>{applied}</strong> applied{description ? `: ${description}` : ''}.{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRemove}>
            Remove coupon
          </button>
        </p>
        {notice.error && message}
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
      {message}
    </form>
  );
}

type CouponBoxProps = {
  amountCents: number;
  coupon: AppliedCoupon | null;
  notice: Notice;
  onChange: (coupon: AppliedCoupon | null, notice: Notice) => void;
};

/** The shop's coupon: checked against the cart's amount; the reason of a refusal (or of a removal after a cart change) is shown. */
export function CouponBox({ amountCents, coupon, notice, onChange }: CouponBoxProps) {
  async function apply(code: string) {
    if (amountCents <= 0) return onChange(null, { text: COUPON_MESSAGES.emptyCart, error: true });
    const result = await checkCoupon(code, amountCents);
    if ('error' in result) onChange(null, { text: result.error, error: true });
    else onChange(result.coupon, { text: `Coupon ${result.coupon.code} applied.`, error: false });
  }
  return (
    <CodeBox
      applied={coupon?.code ?? null}
      description={coupon?.description}
      announce
      notice={notice}
      onApply={apply}
      onRemove={() => onChange(null, { text: 'Coupon removed.', error: false })}
    />
  );
}
