import { useEffect, useRef, useState } from 'react';
import { readCoupon, subtotalOf, writeCoupon, type AppliedCoupon, type CartLine } from '#web/lib/cart.ts';
import { checkCoupon } from '#web/lib/coupon-check.ts';
import type { Notice } from './coupon-box.tsx';
import { useCartEvents } from './use-cart-events.ts';

const NO_NOTICE: Notice = { text: '', error: false };

/**
 * The coupon kept under `applied_coupon`, as the cart and the checkout share it: re-validated whenever
 * the amount changes (spec 4) and removed with its reason when it no longer applies.
 */
export function useAppliedCoupon(lines: readonly CartLine[] | null) {
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [notice, setNotice] = useState<Notice>(NO_NOTICE);
  const checked = useRef('');

  useCartEvents(() => setCoupon(readCoupon()));

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

  const change = (next: AppliedCoupon | null, message: Notice) => {
    writeCoupon(next);
    setNotice(message);
  };
  return { coupon, notice, amount, change };
}
