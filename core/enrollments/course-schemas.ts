/** Request shapes of `/api/enroll` and `POST /api/coupons/course-price` (decision 012), shared by the server and the browser. */
import { z } from 'zod';
import { forQuery, forUserIdField } from '#core/family/acting-for.ts';
import { idList, isoDateTime, jsonFlag, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { enumParam, searchParam, textParam } from '#core/catalog/query.ts';
import { VERIFY_FAILED } from '#core/shop/payment-schemas.ts';
import { ENROLLMENT_LIMITS } from './enrollment-options.ts';
import { COURSE_ENROLLMENT_STATUSES, ENROLLMENT_MESSAGES, ENROLLMENT_PAYMENT_STATUSES } from './enrollment-status.ts';

const BODY_OBJECT = 'Please send the request as a JSON object';
export const ENROLLMENT_IDS_REQUIRED = 'Enrollment IDs array is required';

const trimmedOrUndefined = (transform: (s: string) => string) => (v: unknown) =>
  typeof v === 'string' ? transform(v.trim()) || undefined : (v ?? undefined);

const paymentMethod = z.preprocess(
  trimmedOrUndefined((s) => s.toLowerCase()),
  z.string({ error: 'Payment method must be text' }).max(20, 'Payment method must be text').optional(),
);
const couponCode = z.preprocess(
  trimmedOrUndefined((s) => s.toUpperCase()),
  z.string({ error: 'Coupon code must be text' }).max(50, 'Invalid coupon code').optional(),
);
const notes = z.preprocess((v) => v ?? '', text('Notes', ENROLLMENT_LIMITS.notesMax));
const id = (label: string) =>
  z.preprocess(
    trimmedOrUndefined((s) => s),
    z
      .string({ error: `${label} must be text` })
      .max(64)
      .optional(),
  );
const reason = (label: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() ? v : undefined), text(label, ENROLLMENT_LIMITS.reasonMax).optional());

/** POST /api/enroll. Prices, totals and statuses are never read from it; `isRetry` + `enrollmentId` opens a new payment. */
export const CreateCourseEnrollmentSchema = z.object(
  {
    courseId: id('Course ID'),
    paymentMethod,
    couponCode,
    notes,
    enrollmentId: id('Enrollment ID'),
    isRetry: jsonFlag('isRetry').optional(),
    forUserId: forUserIdField,
  },
  { error: BODY_OBJECT },
);
export type CreateCourseEnrollmentInput = z.output<typeof CreateCourseEnrollmentSchema>;

const proofField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} is too long`);

/** POST /verify-payment: the enrolment (or the renewal) and the gateway's proof. */
export const VerifyEnrollmentPaymentSchema = z
  .object(
    {
      enrollmentId: id('Enrollment ID'),
      renewalId: id('Renewal ID'),
      sessionId: proofField('Session ID'),
      paymentId: proofField('Payment ID'),
      signature: z.string().trim().max(200, 'Signature is too long').default(''),
    },
    { error: VERIFY_FAILED },
  )
  .refine((v) => v.enrollmentId || v.renewalId, { message: `${VERIFY_FAILED}: an enrollment ID or renewal ID is required` });
export type VerifyEnrollmentPaymentInput = z.output<typeof VerifyEnrollmentPaymentSchema>;

export const RenewCourseEnrollmentSchema = z.object({ paymentMethod, couponCode, notes }, { error: BODY_OBJECT });
export type RenewCourseEnrollmentInput = z.output<typeof RenewCourseEnrollmentSchema>;

export const CancelEnrollmentSchema = z.object({ cancelReason: reason('Cancel reason') }, { error: BODY_OBJECT });
export const ApproveEnrollmentSchema = z.object({ approvalNotes: reason('Approval notes') }, { error: BODY_OBJECT });
export const RejectEnrollmentSchema = z.object({ rejectionReason: reason('Rejection reason') }, { error: BODY_OBJECT });
export const BulkDeleteEnrollmentsSchema = z.object({ enrollmentIds: idList(ENROLLMENT_IDS_REQUIRED) }, { error: ENROLLMENT_IDS_REQUIRED });

const STATUS_MESSAGE = `Status must be one of: ${COURSE_ENROLLMENT_STATUSES.join(', ')}`;
const PAYMENT_STATUS_MESSAGE = `Payment status must be one of: ${ENROLLMENT_PAYMENT_STATUSES.join(', ')}`;
const dateParam = (label: string) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v) || undefined, isoDateTime(label).optional());

export const MyCourseEnrollmentsQuery = pagingQuery(ENROLLMENT_LIMITS.adminCoursePageSize, ENROLLMENT_LIMITS.maxPageSize).extend({
  status: enumParam(COURSE_ENROLLMENT_STATUSES, STATUS_MESSAGE),
  ...forQuery,
});
export type MyCourseEnrollmentsQueryInput = z.output<typeof MyCourseEnrollmentsQuery>;

/** GET /admin/all: 10 a page by default (spec 9), at most 100. */
export const AdminCourseEnrollmentsQuery = pagingQuery(ENROLLMENT_LIMITS.adminCoursePageSize, ENROLLMENT_LIMITS.maxPageSize).extend({
  status: enumParam(COURSE_ENROLLMENT_STATUSES, STATUS_MESSAGE),
  paymentStatus: enumParam(ENROLLMENT_PAYMENT_STATUSES, PAYMENT_STATUS_MESSAGE),
  courseId: textParam('Course ID', 64),
  search: searchParam,
  from: dateParam('From'),
  to: dateParam('To'),
});
export type AdminCourseEnrollmentsQueryInput = z.output<typeof AdminCourseEnrollmentsQuery>;

/** POST /api/coupons/course-price. */
export const CoursePriceSchema = z.object(
  {
    courseId: z.preprocess(
      trimmedOrUndefined((s) => s),
      z.string({ error: ENROLLMENT_MESSAGES.courseIdRequired }).min(1, ENROLLMENT_MESSAGES.courseIdRequired).max(64),
    ),
    couponCode,
  },
  { error: ENROLLMENT_MESSAGES.courseIdRequired },
);
export type CoursePriceInput = z.output<typeof CoursePriceSchema>;
