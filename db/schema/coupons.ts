import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PURCHASE_TYPES } from '#core/shop/shop-options.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Spec 3 Coupon. `discountValue` is basis points for a percentage (12.5% = 1250) and cents for a
 * fixed amount. How many uses it has is counted from coupon_uses, never kept as a counter.
 */
export const coupons = sqliteTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    discountValue: integer('discount_value').notNull(),
    category: text('category', { enum: ['shop', 'course', 'membership', 'all'] })
      .notNull()
      .default('all'),
    minAmountCents: integer('min_amount_cents').notNull().default(0),
    maxDiscountCents: integer('max_discount_cents'),
    validFrom: integer('valid_from', { mode: 'timestamp_ms' }),
    validUntil: integer('valid_until', { mode: 'timestamp_ms' }),
    usageLimit: integer('usage_limit'),
    perUserLimit: integer('per_user_limit'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('coupons_active_idx').on(t.isActive, t.createdAt),
    check('coupons_value_positive', sql`${t.discountValue} > 0`),
    check('coupons_percentage_max', sql`${t.discountType} <> 'percentage' or ${t.discountValue} <= 10000`),
    check(
      'coupons_limits_positive',
      sql`(${t.usageLimit} is null or ${t.usageLimit} > 0) and (${t.perUserLimit} is null or ${t.perUserLimit} > 0)`,
    ),
  ],
);

/**
 * Spec 3 Coupon usage record: one per coupon and purchase (unique), so recording the same order twice
 * counts once. `reserved` while the purchase awaits payment, `confirmed` once paid, `released` when it
 * expires, is cancelled or refunded. A trigger (migration 0003) refuses an insert past either limit.
 */
export const couponUses = sqliteTable(
  'coupon_uses',
  {
    id: text('id').primaryKey(),
    couponId: text('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull(),
    purchaseId: text('purchase_id').notNull(),
    category: text('category').notNull(),
    amountCents: integer('amount_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    status: text('status', { enum: ['reserved', 'confirmed', 'released'] })
      .notNull()
      .default('reserved'),
    /** The admin who recorded this use by hand (record-usage, apply with an order); null when the purchase took it. No foreign key: the audit outlives the account. */
    recordedBy: text('recorded_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('coupon_uses_purchase_uq').on(t.couponId, t.purchaseType, t.purchaseId),
    index('coupon_uses_coupon_status_idx').on(t.couponId, t.status),
    index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId, t.status),
    index('coupon_uses_purchase_idx').on(t.purchaseType, t.purchaseId),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type CouponUseRow = typeof couponUses.$inferSelect;
