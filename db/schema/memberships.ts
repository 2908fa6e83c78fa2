import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** Spec 3 Membership; its plans (Monthly, Annual …) live in membership_plans. */
export const memberships = sqliteTable(
  'memberships',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    benefits: text('benefits', { mode: 'json' }).$type<string[]>().notNull().default([]),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('memberships_name_unique').on(sql`lower(${t.name})`),
    index('memberships_active_order_idx').on(t.isActive, t.sortOrder),
  ],
);

export const membershipPlans = sqliteTable(
  'membership_plans',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    durationMonths: integer('duration_months').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountPriceCents: integer('discount_price_cents'),
    gstRate: real('gst_rate').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('membership_plans_membership_idx').on(t.membershipId, t.position),
    check('membership_plans_duration_range', sql`${t.durationMonths} between 1 and 120`),
    check('membership_plans_price_nonnegative', sql`${t.priceCents} >= 0`),
    check(
      'membership_plans_discount_within_price',
      sql`${t.discountPriceCents} is null or (${t.discountPriceCents} >= 0 and ${t.discountPriceCents} <= ${t.priceCents})`,
    ),
    check('membership_plans_gst_range', sql`${t.gstRate} between 0 and 100`),
  ],
);

export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;
export type MembershipPlanRow = typeof membershipPlans.$inferSelect;
export type NewMembershipPlanRow = typeof membershipPlans.$inferInsert;
