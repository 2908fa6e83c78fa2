import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ProductSort } from '#core/shop/shop-options.ts';
import type { ListProductsQueryInput } from '#core/shop/product-schemas.ts';
import type { Db } from '#db/client.ts';
import { products } from '#db/schema/index.ts';
import { likeAny } from '#worker/lib/sql.ts';

/** What the buyer pays per unit, as SQL, so lists filter and sort by it. */
export const finalPriceSql = sql`coalesce(${products.discountedPriceCents}, ${products.priceCents})`;

const ORDER: Record<ProductSort, (SQLiteColumn | SQL)[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  'price-asc': [asc(finalPriceSql), asc(products.id)],
  'price-desc': [desc(finalPriceSql), desc(products.id)],
  name: [asc(sql`${products.name} collate nocase`), asc(products.id)],
};

export const productOrder = (sort: ProductSort) => ORDER[sort];

/** The list's filter; visitors see active products only, admin-capable callers may ask for inactive ones too. */
export function productFilter(q: Omit<ListProductsQueryInput, 'page' | 'limit' | 'sort'>, seesHidden: boolean): SQL | undefined {
  const activeOnly = !seesHidden || (q.isActive === undefined && !q.includeInactive);
  return and(
    activeOnly ? eq(products.isActive, true) : q.isActive !== undefined ? eq(products.isActive, q.isActive) : undefined,
    q.category ? eq(products.category, q.category) : undefined,
    q.search ? likeAny(q.search, [products.name, products.sku, products.description]) : undefined,
    q.minPrice !== undefined ? sql`${finalPriceSql} >= ${q.minPrice}` : undefined,
    q.maxPrice !== undefined ? sql`${finalPriceSql} <= ${q.maxPrice}` : undefined,
    q.inStock === true ? gt(products.stockQuantity, 0) : q.inStock === false ? eq(products.stockQuantity, 0) : undefined,
  );
}

/** One product by id; an inactive one only for callers who see hidden products. */
export const productByIdQuery = (db: Db, id: string, seesHidden: boolean) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.id, id), seesHidden ? undefined : eq(products.isActive, true)))
    .limit(1);
