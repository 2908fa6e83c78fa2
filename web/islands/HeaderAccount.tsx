import { useEffect, useState } from 'react';
import { CART_EVENT, cartCount, readCart } from '#web/lib/cart.ts';
import { firstName, homeFor, storedUser } from '#web/lib/session.ts';

type Who = { name: string; panel: string } | null;

/** The header's cart count and, for a signed-in visitor, their name and panel link instead of "Log in". */
export default function HeaderAccount({ current }: { current?: string | undefined }) {
  const [count, setCount] = useState(0);
  const [who, setWho] = useState<Who>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const refresh = () => {
      setCount(cartCount(readCart()));
      const user = storedUser();
      setWho(user ? { name: firstName(user), panel: homeFor(user.role) } : null);
    };
    refresh();
    setReady(true);
    window.addEventListener(CART_EVENT, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(CART_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);
  return (
    <span className="header-account" data-ready={ready ? '' : undefined}>
      <a className="cart-link" href="/cart" aria-current={current === '/cart' ? 'page' : undefined}>
        Cart
        <span className="cart-count" aria-label={`${count} ${count === 1 ? 'item' : 'items'}`}>
          {count}
        </span>
      </a>
      {who ? (
        <a className="btn btn-secondary btn-sm" href={who.panel}>
          {who.name}
          <span className="visually-hidden">: your panel</span>
        </a>
      ) : (
        <a className="btn btn-primary btn-sm" href="/auth/login" aria-current={current === '/auth/login' ? 'page' : undefined}>
          Log in
        </a>
      )}
    </span>
  );
}
