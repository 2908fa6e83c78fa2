import { useEffect } from 'react';
import { CART_EVENT } from '#web/lib/cart.ts';

/** Runs `load` now and whenever the cart or its coupon changes, in this tab or another. */
export function useCartEvents(load: () => void) {
  useEffect(() => {
    load();
    window.addEventListener(CART_EVENT, load);
    window.addEventListener('storage', load);
    return () => {
      window.removeEventListener(CART_EVENT, load);
      window.removeEventListener('storage', load);
    };
    // `load` is a setter over stored state: the subscription is made once.
  }, []);
}
