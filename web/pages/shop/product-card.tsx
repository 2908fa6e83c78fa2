import type { MoneyFormat } from '#core/money.ts';
import type { ProductView } from '#core/shop/views.ts';
import { PRODUCT_CATEGORY_LABELS, type ProductCategory } from '#core/shop/shop-options.ts';
import { Price } from '#web/components/price.tsx';

export const categoryLabel = (c: string) => PRODUCT_CATEGORY_LABELS[c as ProductCategory] ?? c;

/** One product in the shop grid: picture, name, price (struck when discounted), stock. */
export function ProductCard({ product, money, eager }: { product: ProductView; money: MoneyFormat; eager?: boolean }) {
  return (
    <article className="card product-card">
      {product.image ? (
        <img src={product.image} alt="" width={400} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      ) : (
        <div className="product-placeholder" aria-hidden="true" />
      )}
      <div className="card-body">
        <span className="eyebrow">{categoryLabel(product.category)}</span>
        <h2 className="card-title">
          <a href={`/shop/${product._id}`}>{product.name}</a>
        </h2>
        <Price price={product.price} discountPrice={product.discountedPrice} symbol={money} />
        {product.inStock ? <span className="stock stock-in">In stock</span> : <span className="stock stock-out">Out of stock</span>}
      </div>
    </article>
  );
}
