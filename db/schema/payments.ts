import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PURCHASE_TYPES } from '#core/shop/shop-options.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Spec 3 Payment: one attempt to pay for one purchase (an order, a course enrolment, a membership)
 * through one gateway. `sessionId` is the gateway's own id for the attempt (Checkout Session, PayPal
 * order, Razorpay order, sandbox session); its state only moves forward.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull(),
    purchaseId: text('purchase_id').notNull(),
    gateway: text('gateway', { enum: ['sandbox', 'stripe', 'paypal', 'razorpay'] }).notNull(),
    sessionId: text('session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['created', 'succeeded', 'failed', 'cancelled', 'refunded'] })
      .notNull()
      .default('created'),
    failureReason: text('failure_reason'),
    refundId: text('refund_id'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('payments_gateway_session_uq').on(t.gateway, t.sessionId),
    index('payments_purchase_idx').on(t.purchaseType, t.purchaseId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    // The admin home's revenue of a month: payments settled in it, by status then paid time.
    index('payments_status_paid_idx').on(t.status, t.paidAt),
  ],
);

/** Webhook events already handled, by the provider's event id: a replay changes nothing. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: text('payment_id'),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
