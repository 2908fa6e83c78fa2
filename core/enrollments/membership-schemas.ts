/** Request shapes of `/api/purchase-membership` (decision 012), with the spec's words for refusals. */
import { z } from 'zod';
import { forQuery, forUserIdField } from '#core/family/acting-for.ts';
import { pagingQuery } from '#core/paging.ts';
import { couponCode } from '#core/shop/coupon-schemas.ts';
import { ENROLLMENT_LIMITS } from './enrollment-options.ts';
import { ENROLLMENT_PAYMENT_STATUSES, MEMBERSHIP_ENROLLMENT_STATUSES } from './enrollment-status.ts';
import { VERIFY_FAILED } from '#core/shop/payment-schemas.ts';

export const MEMBERSHIP_PURCHASE_MESSAGES = {
  bodyObject: 'The request body must be a JSON object',
  membershipIdRequired: 'A membership ID is required',
  planIdRequired: 'A plan ID is required',
  created: 'Membership purchase created successfully',
  verified: 'Payment verified',
  verifyFailed: VERIFY_FAILED,
  idsRequired: 'Enrollment ID or renewal ID is required',
  renewed: 'Membership renewal started',
  paymentStarted: 'Payment started',
  cancelled: 'Membership enrollment cancelled successfully',
  approved: 'Membership enrollment approved successfully',
  rejected: 'Membership enrollment rejected successfully',
  deleted: 'Membership enrollment deleted successfully',
  multipartRequired: 'Send the purchase as multipart form data',
  tooLarge: 'The upload is too large',
  gatewayDown: 'The payment service could not be reached. Your membership was not purchased; please try again.',
  idsListRequired: 'Enrollment IDs are required',
} as const;

const id = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, message).max(64, message));

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${label} must be text` })
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const paymentMethod = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
  z.string({ error: 'Payment method must be text' }).max(20, 'Payment method must be text').optional(),
);

const optionalCoupon = z.preprocess((v) => (v === '' || v === null ? undefined : v), couponCode.optional());

/** POST / (multipart text fields; the files are read apart). */
export const CreateMembershipPurchaseSchema = z.object(
  {
    membershipId: id(MEMBERSHIP_PURCHASE_MESSAGES.membershipIdRequired),
    planId: id(MEMBERSHIP_PURCHASE_MESSAGES.planIdRequired),
    paymentMethod,
    couponCode: optionalCoupon,
    notes: z.preprocess((v) => v ?? '', optionalText('Notes', ENROLLMENT_LIMITS.notesMax)).transform((v) => v ?? ''),
    forUserId: forUserIdField,
  },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
);
export type CreateMembershipPurchaseInput = z.output<typeof CreateMembershipPurchaseSchema>;

export const ValidateMembershipCouponSchema = z.object(
  {
    couponCode,
    membershipId: id(MEMBERSHIP_PURCHASE_MESSAGES.membershipIdRequired),
    planId: id(MEMBERSHIP_PURCHASE_MESSAGES.planIdRequired),
  },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
);

const proofField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} is too long`);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).max(64).optional());

/** POST /verify-payment: an enrolment's or a renewal's proof. */
export const VerifyMembershipPaymentSchema = z
  .object(
    {
      enrollmentId: optionalId,
      renewalId: optionalId,
      sessionId: proofField('Session ID'),
      paymentId: proofField('Payment ID'),
      signature: z.string().trim().max(200, 'Signature is too long').default(''),
    },
    { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
  )
  .refine((v) => Boolean(v.enrollmentId || v.renewalId), MEMBERSHIP_PURCHASE_MESSAGES.idsRequired);
export type VerifyMembershipPaymentInput = z.output<typeof VerifyMembershipPaymentSchema>;

export const RenewMembershipSchema = z.object(
  { paymentMethod, couponCode: optionalCoupon, notes: optionalText('Notes', ENROLLMENT_LIMITS.notesMax) },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
);
export const PayMembershipSchema = z.object({ paymentMethod }, { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject });
export const CancelMembershipSchema = z.object(
  { cancelReason: optionalText('Cancel reason', ENROLLMENT_LIMITS.reasonMax) },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
);
export const ApproveMembershipSchema = z.object(
  { approvalNotes: optionalText('Approval notes', ENROLLMENT_LIMITS.reasonMax) },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
);
export const RejectMembershipSchema = z.object(
  { rejectionReason: optionalText('Rejection reason', ENROLLMENT_LIMITS.reasonMax) },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.bodyObject },
);
export const BulkDeleteMembershipsSchema = z.object(
  {
    enrollmentIds: z
      .array(z.string().trim().min(1).max(64), { error: MEMBERSHIP_PURCHASE_MESSAGES.idsListRequired })
      .min(1, MEMBERSHIP_PURCHASE_MESSAGES.idsListRequired)
      .max(100, 'At most 100 enrollments at once'),
  },
  { error: MEMBERSHIP_PURCHASE_MESSAGES.idsListRequired },
);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values).optional().catch(undefined));

export const MyMembershipsQuery = pagingQuery(10, ENROLLMENT_LIMITS.maxPageSize).extend({
  status: optionalEnum(MEMBERSHIP_ENROLLMENT_STATUSES),
  ...forQuery,
});
export type MyMembershipsQueryInput = z.output<typeof MyMembershipsQuery>;

export const AdminMembershipsQuery = pagingQuery(ENROLLMENT_LIMITS.adminMembershipPageSize, ENROLLMENT_LIMITS.maxPageSize).extend({
  status: optionalEnum(MEMBERSHIP_ENROLLMENT_STATUSES),
  paymentStatus: optionalEnum(ENROLLMENT_PAYMENT_STATUSES),
  membershipId: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(64).optional().catch(undefined)),
  search: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional().catch(undefined)),
});
export type AdminMembershipsQueryInput = z.output<typeof AdminMembershipsQuery>;
