/**
 * The three enrolment status machines of spec 4 and the rules every call keeps (decision 012).
 *
 * Money and the school's decision are two axes: `paymentStatus` (pending → paid | free, paid → refunded)
 * and the status. A course or membership enrolment is `approved` when the school has accepted it and the
 * payment is still outstanding, `active` when it is accepted and paid (or free): approving a paid one
 * makes it active in the same statement, and paying an approved one does too.
 */
export const COURSE_ENROLLMENT_STATUSES = ['pending_approval', 'approved', 'active', 'cancelled'] as const;
export type CourseEnrollmentStatus = (typeof COURSE_ENROLLMENT_STATUSES)[number];

/** `past_due`: every automatic charge of the renewal was declined; usable until the grace ends, then expired (issue 26). */
export const MEMBERSHIP_ENROLLMENT_STATUSES = ['pending_approval', 'approved', 'active', 'past_due', 'expired', 'cancelled'] as const;
export type MembershipEnrollmentStatus = (typeof MEMBERSHIP_ENROLLMENT_STATUSES)[number];

export const INSTRUCTOR_ENROLLMENT_STATUSES = ['pending_approval', 'approved', 'active', 'cancelled', 'completed'] as const;
export type InstructorEnrollmentStatus = (typeof INSTRUCTOR_ENROLLMENT_STATUSES)[number];
export const INSTRUCTOR_STATUSES = ['pending', 'active', 'suspended', 'inactive'] as const;
export type InstructorStatus = (typeof INSTRUCTOR_STATUSES)[number];

export const ENROLLMENT_PAYMENT_STATUSES = ['pending', 'paid', 'free', 'refunded'] as const;
export type EnrollmentPaymentStatus = (typeof ENROLLMENT_PAYMENT_STATUSES)[number];

export const ENROLLMENT_STATUS_LABELS: Record<CourseEnrollmentStatus | MembershipEnrollmentStatus | InstructorEnrollmentStatus, string> = {
  pending_approval: 'Pending approval',
  approved: 'Approved',
  active: 'Active',
  past_due: 'Past due',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
export const INSTRUCTOR_STATUS_LABELS: Record<InstructorStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
  inactive: 'Inactive',
};
export const ENROLLMENT_PAYMENT_LABELS: Record<EnrollmentPaymentStatus, string> = {
  pending: 'Payment due',
  paid: 'Paid',
  free: 'Nothing to pay',
  refunded: 'Refunded',
};

/** Spec 4: enrolled = any enrolment not cancelled (a course: at most one per user, a unique index). */
export const LIVE_COURSE_STATUSES: readonly CourseEnrollmentStatus[] = ['pending_approval', 'approved', 'active'];
/** Spec 4: the membership "active set". */
export const MEMBERSHIP_ACTIVE_SET: readonly MembershipEnrollmentStatus[] = ['approved', 'active', 'past_due'];
/** A second purchase of the same membership is refused while one of these exists (renew it instead). */
export const LIVE_MEMBERSHIP_STATUSES: readonly MembershipEnrollmentStatus[] = ['pending_approval', 'approved', 'active', 'past_due'];
/** Spec 4: a user holds the instructor role only with an approved or active enrolment. */
export const INSTRUCTOR_ROLE_STATUSES: readonly InstructorEnrollmentStatus[] = ['approved', 'active'];

/** The states each call moves from (the WHERE of its one conditional UPDATE). */
export const COURSE_MOVES = {
  approve: ['pending_approval'],
  reject: ['pending_approval', 'approved', 'active'],
  userCancel: ['pending_approval', 'approved', 'active'],
  renew: ['active'],
} as const satisfies Record<string, readonly CourseEnrollmentStatus[]>;

export const MEMBERSHIP_MOVES = {
  approve: ['pending_approval'],
  reject: ['pending_approval', 'approved', 'active', 'past_due'],
  userCancel: ['pending_approval', 'approved', 'active', 'past_due'],
  renew: ['active', 'past_due', 'expired'],
  expire: ['active'],
} as const satisfies Record<string, readonly MembershipEnrollmentStatus[]>;

export const INSTRUCTOR_MOVES = {
  approve: ['pending_approval'],
  reject: ['pending_approval'],
  userCancel: ['pending_approval', 'approved', 'active'],
  /** Suspend and reactivate act on instructorStatus of an approved or active enrolment. */
  suspend: ['approved', 'active'],
  reactivate: ['approved', 'active'],
  complete: ['approved', 'active'],
} as const satisfies Record<string, readonly InstructorEnrollmentStatus[]>;

/**
 * Money comes back by itself only if the enrolment never became active (cancelled or rejected while
 * pending or approved); once active, the school refunds by hand from Payments if it chooses to.
 */
export const REFUNDED_ON_CANCEL_FROM = ['pending_approval', 'approved'] as const;

/** Spec 9 default cancel reasons and the scheduled run's. */
export const ENROLLMENT_CANCEL_REASONS = {
  user: 'Cancelled by user',
  admin: 'Cancelled by admin',
  unpaid: 'Payment not received in time',
} as const;

/** 409 answers of moves the machine does not allow, in words a person can act on. */
export const ENROLLMENT_MESSAGES = {
  notFound: 'Enrollment not found',
  alreadyEnrolled: 'You are already enrolled in this course',
  alreadyMember: 'You already have this membership; renew it instead',
  alreadyApplied: 'You already have an instructor application in progress',
  courseFull: 'This course is full',
  courseUnavailable: 'This course is not available for enrolment',
  courseIdRequired: 'A course ID is required',
  coursePriceFailed: 'Failed to calculate course price',
  membershipUnavailable: 'This membership plan is not available',
  cannotApprove: (status: string) => `Only an enrollment pending approval can be approved (this one is ${status})`,
  cannotReject: (status: string) => `This enrollment cannot be rejected (it is ${status})`,
  cannotCancel: (status: string) => `This enrollment cannot be cancelled (it is ${status})`,
  cannotRenew: (status: string) => `This enrollment cannot be renewed (it is ${status})`,
  autopayRenewing: 'Your automatic renewal is being charged: pay its invoice in Billing instead',
  alreadyPaid: 'This enrollment is already paid',
  notPayable: 'This enrollment is not awaiting payment',
  retryNeedsIds: 'Retry payment needs enrollment ID and course ID',
  notRenewable: 'This course has no term to renew',
  cannotSuspend: 'Only an active instructor can be suspended',
  cannotReactivate: 'Only a suspended instructor can be reactivated',
  cannotComplete: (status: string) => `Only an approved or active instructor can be completed (this one is ${status})`,
  cannotApply: 'Only students and members can apply to teach',
  paidUndeletable: 'A paid enrollment that is still live cannot be deleted: cancel or reject it first',
} as const;
