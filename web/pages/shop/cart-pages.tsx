import type { ReactNode } from 'react';
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

export const CartPage = ({ site }: { site: SiteInfo }) => (
  <Frame site={site} current="/cart" title="Your cart">
    <Island name="CartView" component={CartView} props={{}} hydrate="load" />
  </Frame>
);

export const CheckoutPage = ({ site, cancelled }: { site: SiteInfo; cancelled: boolean }) => (
  <Frame site={site} current="/checkout" title="Checkout" lead="Your details, the shipping address and how you pay.">
    <Island name="Checkout" component={Checkout} props={{ cancelled }} hydrate="load" />
  </Frame>
);

export const OrderCompletePage = ({ site }: { site: SiteInfo }) => (
  <Frame site={site} current="/shop" title="Your order">
    <Island name="OrderComplete" component={OrderComplete} props={{}} hydrate="load" />
  </Frame>
);
