import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { MEMBERSHIP_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { courses } from './courses.ts';
import { membershipPlans, memberships } from './memberships.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** A document uploaded with an application (R2 key under enrollments/ or instructors/). */
export type EnrollmentDocument = { key: string; name: string; type: string; size: number };

/**
 * How an enrolment's money stands, apart from the school's decision (`status`): `pending` until a
 * verified payment, `free` when nothing was due, `refunded` when the money went back.
 */
const paymentStatus = (name: string) =>
  text(name, { enum: ['pending', 'paid', 'free', 'refunded'] })
    .notNull()
    .default('pending');

/** A row of one user's (gone with the user). */
const ownedRow = () => ({
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** The school's decision on a request (course, membership, instructor): who approved it and when, or why it ended. */
const decisionColumns = () => ({
  approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
  approvedBy: text('approved_by'),
  approvalNotes: text('approval_notes'),
  cancelReason: text('cancel_reason'),
  cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
});

/**
 * What every enrolment purchase and renewal records of its money (priced by the server when it was made,
 * in cents): the gateway, the coupon, the payment that paid it, and the token its release statements follow.
 */
const purchaseColumns = () => ({
  paymentMethod: text('payment_method').notNull(),
  currency: text('currency').notNull().default('CAD'),
  discountCents: integer('discount_cents').notNull().default(0),
  gstCents: integer('gst_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  couponId: text('coupon_id'),
  couponCode: text('coupon_code'),
  notes: text('notes').notNull().default(''),
  paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
  /** The payment that made it paid (null when free or paid before 0014): only that payment's refund moves it. */
  paidByPaymentId: text('paid_by_payment_id'),
  /** Written by the statement that ends it, so the release statements of the same batch act only once. */
  releaseToken: text('release_token'),
});

const timestamps = () => ({
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/** The lists' and the unpaid job's indexes of a purchase table (the admin list by status or all, the user's own, the due index). */
const purchaseIndexes = (
  table: string,
  t: Record<'status' | 'createdAt' | 'userId' | 'paymentStatus' | 'paymentDueAt', AnySQLiteColumn>,
) => [
  index(`${table}_status_created_idx`).on(t.status, t.createdAt),
  index(`${table}_created_idx`).on(t.createdAt),
  index(`${table}_user_created_idx`).on(t.userId, t.createdAt),
  index(`${table}_due_idx`).on(t.paymentStatus, t.paymentDueAt),
];

/**
 * Spec 3 Course enrolment, spec 4 status machine (core/enrollments/enrollment-status.ts); its money in
 * `purchaseColumns` (`discountCents` is the coupon's).
 */
export const courseEnrollments = sqliteTable(
  'course_enrollments',
  {
    ...ownedRow(),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseTitle: text('course_title').notNull(),
    status: text('status', { enum: ['pending_approval', 'approved', 'active', 'cancelled'] })
      .notNull()
      .default('pending_approval'),
    paymentStatus: paymentStatus('payment_status'),
    coursePriceCents: integer('course_price_cents').notNull(),
    ...purchaseColumns(),
    ...decisionColumns(),
    cancelledBy: text('cancelled_by'),
    /** End of the paid term (course duration from when it became active); a renewal extends it. */
    termEndsAt: integer('term_ends_at', { mode: 'timestamp_ms' }),
    /** An unpaid enrolment is cancelled by the scheduled run after this (its seat and coupon use back). */
    paymentDueAt: integer('payment_due_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [
    // Enrolled = any enrolment for the course not cancelled: at most one such per user and course.
    uniqueIndex('course_enrollments_live_uq')
      .on(t.userId, t.courseId)
      .where(sql`${t.status} <> 'cancelled'`),
    ...purchaseIndexes('course_enrollments', t),
    index('course_enrollments_course_status_idx').on(t.courseId, t.status),
    check(
      'course_enrollments_amounts_nonnegative',
      sql`${t.coursePriceCents} >= 0 and ${t.discountCents} >= 0 and ${t.gstCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/** Spec 3 Membership enrollment; the period runs from `startsAt` to `endsAt` once active. */
export const membershipEnrollments = sqliteTable(
  'membership_enrollments',
  {
    ...ownedRow(),
    membershipId: text('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    planId: text('plan_id').references(() => membershipPlans.id, { onDelete: 'set null' }),
    membershipName: text('membership_name').notNull(),
    planName: text('plan_name').notNull(),
    durationMonths: integer('duration_months').notNull(),
    status: text('status', { enum: MEMBERSHIP_ENROLLMENT_STATUSES }).notNull().default('pending_approval'),
    paymentStatus: paymentStatus('payment_status'),
    /** Renews itself by charging the payer's saved method when the period ends (issue 26 §3). */
    autopay: integer('autopay', { mode: 'boolean' }).notNull().default(false),
    /** Who pays the automatic renewals: a guardian for a child's membership; null = the member. */
    payerId: text('payer_id').references(() => users.id, { onDelete: 'set null' }),
    planPriceCents: integer('plan_price_cents').notNull(),
    /** The plan's own reduction (price − discount price); `discountCents` of a course is its coupon's. */
    ...purchaseColumns(),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    documents: text('documents', { mode: 'json' }).$type<EnrollmentDocument[]>().notNull().default([]),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    expiredAt: integer('expired_at', { mode: 'timestamp_ms' }),
    ...decisionColumns(),
    cancelledBy: text('cancelled_by'),
    paymentDueAt: integer('payment_due_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [
    ...purchaseIndexes('membership_enrollments', t),
    index('membership_enrollments_status_ends_idx').on(t.status, t.endsAt),
    index('membership_enrollments_autopay_ends_idx').on(t.autopay, t.status, t.endsAt),
    check(
      'membership_enrollments_amounts_nonnegative',
      sql`${t.planPriceCents} >= 0 and ${t.discountCents} >= 0 and ${t.couponDiscountCents} >= 0 and ${t.gstCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/**
 * A renewal of a course term or a membership period: its own price, coupon use and payment
 * (purchase types course_renewal / membership_renewal). Paid, it extends the enrolment from its current end.
 */
export const enrollmentRenewals = sqliteTable(
  'enrollment_renewals',
  {
    ...ownedRow(),
    kind: text('kind', { enum: ['course', 'membership'] }).notNull(),
    enrollmentId: text('enrollment_id').notNull(),
    status: text('status', { enum: ['pending_payment', 'paid', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending_payment'),
    priceCents: integer('price_cents').notNull(),
    ...purchaseColumns(),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    /** The period the renewal added (set when paid). */
    periodStartsAt: integer('period_starts_at', { mode: 'timestamp_ms' }),
    periodEndsAt: integer('period_ends_at', { mode: 'timestamp_ms' }),
    paymentDueAt: integer('payment_due_at', { mode: 'timestamp_ms' }).notNull(),
    /** An automatic renewal: the enrolment's end it renews from (one per enrolment and end, a unique index). */
    autopayFor: integer('autopay_for', { mode: 'timestamp_ms' }),
    /** The invoice that charges it (automatic renewals only). */
    invoiceId: text('invoice_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('enrollment_renewals_autopay_uq')
      .on(t.enrollmentId, t.autopayFor)
      .where(sql`${t.autopayFor} is not null`),
    index('enrollment_renewals_invoice_idx').on(t.invoiceId),
    index('enrollment_renewals_enrollment_idx').on(t.kind, t.enrollmentId, t.createdAt),
    index('enrollment_renewals_due_idx').on(t.status, t.paymentDueAt),
    check('enrollment_renewals_amounts_nonnegative', sql`${t.priceCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

/**
 * Spec 3 Instructor enrollment: an application to teach. Approval gives the user the instructor role
 * (the role they had is kept in `previousRole` and given back on suspension, completion or cancel).
 */
export const instructorEnrollments = sqliteTable(
  'instructor_enrollments',
  {
    ...ownedRow(),
    status: text('status', { enum: ['pending_approval', 'approved', 'active', 'cancelled', 'completed'] })
      .notNull()
      .default('pending_approval'),
    instructorStatus: text('instructor_status', { enum: ['pending', 'active', 'suspended', 'inactive'] })
      .notNull()
      .default('pending'),
    instructorType: text('instructor_type').notNull(),
    instructorId: text('instructor_id'),
    previousRole: text('previous_role').notNull(),
    grade: text('grade').notNull().default(''),
    experienceYears: integer('experience_years').notNull().default(0),
    specialties: text('specialties', { mode: 'json' }).$type<string[]>().notNull().default([]),
    bio: text('bio').notNull().default(''),
    availability: text('availability').notNull().default(''),
    phone: text('phone').notNull().default(''),
    documents: text('documents', { mode: 'json' }).$type<EnrollmentDocument[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    ...decisionColumns(),
    suspendReason: text('suspend_reason'),
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    reactivateReason: text('reactivate_reason'),
    reactivatedAt: integer('reactivated_at', { mode: 'timestamp_ms' }),
    completionNotes: text('completion_notes'),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [
    // One live application (not cancelled or completed) per user.
    uniqueIndex('instructor_enrollments_live_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('pending_approval', 'approved', 'active')`),
    index('instructor_enrollments_status_created_idx').on(t.status, t.createdAt),
    index('instructor_enrollments_created_idx').on(t.createdAt),
    index('instructor_enrollments_type_status_idx').on(t.instructorType, t.status),
    index('instructor_enrollments_user_idx').on(t.userId, t.createdAt),
  ],
);

export type CourseEnrollmentRow = typeof courseEnrollments.$inferSelect;
export type MembershipEnrollmentRow = typeof membershipEnrollments.$inferSelect;
export type EnrollmentRenewalRow = typeof enrollmentRenewals.$inferSelect;
export type InstructorEnrollmentRow = typeof instructorEnrollments.$inferSelect;
