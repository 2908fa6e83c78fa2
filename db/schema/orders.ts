import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from './products.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export type ShippingAddress = {
  line1: string;
  line2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
};
export type OrderContact = { name: string; email: string; phone: string };

/**
 * Spec 3 Order. Every amount is recomputed by the server from the products (core/shop/cart-totals.ts)
 * and kept in cents. `releaseToken` is written by the statement that cancels, expires or refunds the
 * order, so the stock and coupon statements of the same batch act only on what that statement moved.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'],
    })
      .notNull()
      .default('pending_payment'),
    currency: text('currency').notNull().default('CAD'),
    subtotalCents: integer('subtotal_cents').notNull(),
    couponCode: text('coupon_code'),
    couponId: text('coupon_id'),
    discountCents: integer('discount_cents').notNull().default(0),
    gstCents: integer('gst_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    paymentMethod: text('payment_method').notNull(),
    contact: text('contact', { mode: 'json' }).$type<OrderContact>().notNull(),
    shippingAddress: text('shipping_address', { mode: 'json' }).$type<ShippingAddress>().notNull(),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** The payment that made it paid (null when free or paid before 0014): only that payment's refund moves it. */
    paidByPaymentId: text('paid_by_payment_id'),
    shippedAt: integer('shipped_at', { mode: 'timestamp_ms' }),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    releaseToken: text('release_token'),
    /** The address the order was placed from: open unpaid orders are capped per address (ORDER_UNPAID_PER_IP). */
    clientIp: text('client_ip'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_release_token_idx').on(t.releaseToken),
    index('orders_ip_status_idx').on(t.clientIp, t.status, t.expiresAt),
    check(
      'orders_amounts_nonnegative',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.gstCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/** One line of an order, copied from the product when ordered so later edits do not rewrite history. */
export const orderItems = sqliteTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    image: text('image'),
    size: text('size'),
    color: text('color'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    originalUnitPriceCents: integer('original_unit_price_cents').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    gstCents: integer('gst_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
