import { useEffect, useRef } from 'react';
import { CART_EVENT } from '#web/lib/cart.ts';

/** Runs `load` now and whenever the cart or its coupon changes, in this tab or another. */
export function useCartEvents(load: () => void) {
  // The subscription is made once and always calls the latest `load`.
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const run = () => latest.current();
    run();
    window.addEventListener(CART_EVENT, run);
    window.addEventListener('storage', run);
    return () => {
      window.removeEventListener(CART_EVENT, run);
      window.removeEventListener('storage', run);
    };
  }, []);
}
