import type { ReactNode } from 'react';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import { Island } from '#web/components/island.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import CartView from '#web/islands/CartView.tsx';
import Checkout from '#web/islands/Checkout.tsx';
import OrderComplete from '#web/islands/OrderComplete.tsx';

/** The cart, checkout and confirmation live in the browser (the cart is in localStorage): the page is their frame. */
function Frame({
  site,
  current,
  title,
  lead,
  children,
}: {
  site: SiteInfo;
  current: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <SiteLayout current={current} site={site}>
      <PageHead eyebrow="Shop" title={title} lead={lead} />
      <div className="section">
        <div className="container">
          {children}
          <noscript>
            <p className="form-error">The cart and checkout need JavaScript. Please enable it, or call us to order.</p>
          </noscript>
        </div>
      </div>
    </SiteLayout>
  );
}

export const CartPage = ({ site, terms }: { site: SiteInfo; terms: ShopTerms }) => (
  <Frame site={site} current="/cart" title="Your cart">
    <Island name="CartView" component={CartView} props={{ terms }} hydrate="load" />
  </Frame>
);

export const CheckoutPage = ({ site, terms, cancelled }: { site: SiteInfo; terms: ShopTerms; cancelled: boolean }) => (
  <Frame site={site} current="/checkout" title="Checkout" lead="Your details, the shipping address and how you pay.">
    <Island name="Checkout" component={Checkout} props={{ cancelled, terms }} hydrate="load" />
  </Frame>
);

export const OrderCompletePage = ({ site, terms }: { site: SiteInfo; terms: ShopTerms }) => (
  <Frame site={site} current="/shop" title="Your order">
    <Island name="OrderComplete" component={OrderComplete} props={{ terms }} hydrate="load" />
  </Frame>
);
