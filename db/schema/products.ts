import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Spec 3 Product. Money in integer cents, the GST rate in basis points (13% = 1300), weight in grams;
 * `images` are R2 keys under products/. The stock check makes an oversell fail the whole order batch.
 */
export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    discountedPriceCents: integer('discounted_price_cents'),
    images: text('images', { mode: 'json' }).$type<string[]>().notNull().default([]),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    category: text('category').notNull(),
    sku: text('sku').notNull().unique(),
    gstRateBp: integer('gst_rate_bp').notNull().default(0),
    shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
    weightGrams: integer('weight_grams'),
    sizes: text('sizes', { mode: 'json' }).$type<string[]>().notNull().default([]),
    colors: text('colors', { mode: 'json' }).$type<string[]>().notNull().default([]),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('products_active_created_idx').on(t.isActive, t.createdAt),
    index('products_category_idx').on(t.category, t.isActive),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    check(
      'products_discount_within_price',
      sql`${t.discountedPriceCents} is null or (${t.discountedPriceCents} >= 0 and ${t.discountedPriceCents} <= ${t.priceCents})`,
    ),
    check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('products_gst_rate_range', sql`${t.gstRateBp} >= 0 and ${t.gstRateBp} <= 10000`),
    check('products_shipping_nonnegative', sql`${t.shippingFeeCents} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
