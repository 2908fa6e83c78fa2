import { bpToPercent } from '#core/shop/cart-totals.ts';
import { fromCents } from '#core/money.ts';
import type { ProductView } from '#core/shop/views.ts';
import type { ProductRow } from '#db/schema/index.ts';
import { objectUrl } from '#worker/lib/public-files.ts';

/** Spec 3 Product: decimals outside, GST as a percent, weight in kilograms, images as URLs. */
export function serializeProduct(row: ProductRow): ProductView {
  const images = row.images.map((key) => objectUrl(key)).filter((u): u is string => u !== null);
  const finalCents = row.discountedPriceCents ?? row.priceCents;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    originalPrice: fromCents(row.priceCents),
    discountedPrice: row.discountedPriceCents == null ? null : fromCents(row.discountedPriceCents),
    finalPrice: fromCents(finalCents),
    images,
    image: images[0] ?? null,
    stockQuantity: row.stockQuantity,
    inStock: row.stockQuantity > 0,
    category: row.category,
    sku: row.sku,
    gstRate: bpToPercent(row.gstRateBp),
    shippingFee: fromCents(row.shippingFeeCents),
    weight: row.weightGrams == null ? null : row.weightGrams / 1000,
    sizes: row.sizes,
    colors: row.colors,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
