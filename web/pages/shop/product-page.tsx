import { formatMoney, toCents } from '#core/money.ts';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import { shippingNote } from '#core/shop/shipping.ts';
import type { ProductView } from '#core/shop/views.ts';
import { Island } from '#web/components/island.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { Price } from '#web/components/price.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import AddToCart from '#web/islands/AddToCart.tsx';
import { categoryLabel } from './product-card.tsx';

/** One product: pictures, description, price, stock, and the add-to-cart island. */
export function ProductPage({ site, product, terms }: { site: SiteInfo; product: ProductView; terms: ShopTerms }) {
  const money = (cents: number) => formatMoney(cents, terms.money);
  const rules = shippingNote(terms.shipping, money);
  const stock = product.stockQuantity > 10 ? 'In stock' : product.stockQuantity > 0 ? `Only ${product.stockQuantity} left` : 'Out of stock';
  return (
    <SiteLayout current="/shop" site={site}>
      <PageHead crumb={{ href: '/shop', label: 'Shop' }} eyebrow={categoryLabel(product.category)} title={product.name} />
      <div className="section">
        <div className="container product-layout">
          <div className="product-images">
            {product.images.length ? (
              product.images.map((src, i) => (
                <img
                  key={src}
                  src={src}
                  alt={i === 0 ? product.name : `${product.name}, picture ${i + 1}`}
                  width={600}
                  height={600}
                  loading={i === 0 ? 'eager' : 'lazy'}
                />
              ))
            ) : (
              <div className="product-placeholder" aria-hidden="true" />
            )}
          </div>
          <div className="product-info">
            <Price price={product.price} discountPrice={product.discountedPrice} className="price price-lg" symbol={terms.money} />
            <p className={product.inStock ? 'stock stock-in' : 'stock stock-out'}>{stock}</p>
            <p>{product.description}</p>
            <dl className="product-facts">
              <div>
                <dt>SKU</dt>
                <dd>{product.sku}</dd>
              </div>
              {product.sizes.length > 0 && (
                <div>
                  <dt>Sizes</dt>
                  <dd>{product.sizes.join(', ')}</dd>
                </div>
              )}
              {product.colors.length > 0 && (
                <div>
                  <dt>Colours</dt>
                  <dd>{product.colors.join(', ')}</dd>
                </div>
              )}
              <div>
                <dt>Tax</dt>
                <dd>{[terms.taxName.trim(), `${product.gstRate}%`].filter(Boolean).join(' ')} added at checkout</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd>
                  {product.shippingFee > 0 ? `${money(toCents(product.shippingFee))} per item` : 'Free'}
                  {rules && product.shippingFee > 0 && <span className="cart-line-choice"> {rules}</span>}
                </dd>
              </div>
            </dl>
            <Island name="AddToCart" component={AddToCart} props={{ product }} hydrate="load" />
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}
