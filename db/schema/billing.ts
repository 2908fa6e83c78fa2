import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { INVOICE_STATUSES, PAYMENT_METHOD_STATUSES } from '#core/billing/billing-options.ts';
import { PAYMENT_GATEWAYS } from '#core/shop/shop-options.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * A payment method saved in a gateway's own vault (issue 26 §3): we keep only the provider's references
 * (customer, method/token) and what a person needs to recognise it (brand, last 4, expiry) — never a card number.
 * `pending` while the vault's setup page is open; `setupId` is the gateway's id for that setup.
 */
export const paymentMethods = sqliteTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }).notNull(),
    status: text('status', { enum: PAYMENT_METHOD_STATUSES }).notNull().default('pending'),
    setupId: text('setup_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerMethodId: text('provider_method_id'),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    removedAt: integer('removed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('payment_methods_gateway_setup_uq').on(t.gateway, t.setupId),
    index('payment_methods_user_idx').on(t.userId, t.status),
    // At most one default per person: the method automatic charges use.
    uniqueIndex('payment_methods_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault} = 1 and ${t.status} = 'active'`),
  ],
);

/**
 * One automatic charge to one payer (a member, or a guardian for all their children's dues at once): its
 * lines are membership renewals (enrollment_renewals with `invoiceId`). Dunning state lives here
 * (core/billing/dunning.ts): `failures` declined attempts since `firstFailedAt`, the next at `nextAttemptAt`.
 * The job claims a due invoice with one conditional UPDATE that sets `leaseUntil`; the gateway's idempotency
 * key is chargeKey(id, failures + 1), so a re-run of the same attempt can never charge twice.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    /** INV-YYYY-NNNNNN, given inside the INSERT (unique). */
    number: text('number').notNull(),
    payerId: text('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    currency: text('currency').notNull().default('CAD'),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** When the charge is (first) due: the earliest end among its memberships. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    failures: integer('failures').notNull().default(0),
    firstFailedAt: integer('first_failed_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    /** past_due: when the memberships expire if still unpaid (grace after the last retry). */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** A claimed attempt holds the invoice until then; a crashed run's claim lapses and the same attempt is retried. */
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    paymentId: text('payment_id'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    receiptKey: text('receipt_key'),
    receiptSentAt: integer('receipt_sent_at', { mode: 'timestamp_ms' }),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    index('invoices_payer_created_idx').on(t.payerId, t.createdAt),
    index('invoices_status_next_idx').on(t.status, t.nextAttemptAt),
    index('invoices_status_paid_idx').on(t.status, t.paidAt),
    check('invoices_amounts_nonnegative', sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
