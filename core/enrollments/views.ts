/**
 * Enrolments' JSON as the API sends it and the browser reads it (ARCHITECTURE "API contract": `_id`,
 * camelCase, ISO dates, money as decimals with 2 places). The three features' serialisers return these.
 */
import type { PaymentStart } from '#core/shop/views.ts';
import type {
  CourseEnrollmentStatus,
  EnrollmentPaymentStatus,
  InstructorEnrollmentStatus,
  InstructorStatus,
  MembershipEnrollmentStatus,
} from './enrollment-status.ts';
import type { InstructorType } from './enrollment-options.ts';

/** Who an enrolment belongs to (admin lists show it; the owner sees their own). */
export type EnrollmentUserView = {
  _id: string;
  name: string;
  email: string;
  role: string;
  studentId: string | null;
  membershipId: string | null;
};

/** An uploaded document; `url` is an API path only the owner and the school can open. */
export type EnrollmentDocumentView = { name: string; type: string; size: number; url: string };

/** What the owner may do next (the server decides; the browser shows buttons from it). */
export type EnrollmentActions = { canPay: boolean; canCancel: boolean; canRenew: boolean };

export type CourseEnrollmentView = EnrollmentActions & {
  _id: string;
  user: EnrollmentUserView;
  course: { _id: string | null; title: string; slug: string | null; image: string | null; durationWeeks: number | null };
  enrollmentStatus: CourseEnrollmentStatus;
  paymentStatus: EnrollmentPaymentStatus;
  paymentMethod: string;
  currency: string;
  coursePrice: number;
  discountAmount: number;
  gstAmount: number;
  totalAmount: number;
  couponCode: string | null;
  notes: string;
  approvedAt: string | null;
  approvalNotes: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  paidAt: string | null;
  termEndsAt: string | null;
  paymentDueAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type MembershipEnrollmentView = EnrollmentActions & {
  _id: string;
  user: EnrollmentUserView;
  membership: { _id: string | null; name: string };
  plan: { _id: string | null; name: string; durationMonths: number };
  enrollmentStatus: MembershipEnrollmentStatus;
  paymentStatus: EnrollmentPaymentStatus;
  paymentMethod: string;
  /** Always C$ on the membership side (spec 9). */
  currency: string;
  currencySymbol: string;
  planPrice: number;
  /** The plan's own reduction. */
  discountAmount: number;
  couponDiscount: number;
  gstAmount: number;
  totalAmount: number;
  couponCode: string | null;
  notes: string;
  documents: EnrollmentDocumentView[];
  startsAt: string | null;
  endsAt: string | null;
  /** Whole days until `endsAt` on the school's calendar (0 on the last day and after it), null before it starts. */
  daysLeft: number | null;
  /** Renews itself with the saved card (issue 26 §3). */
  autopay: boolean;
  /** Its automatic renewal is being charged (an open invoice): pay it in Billing, not by renewing by hand. */
  autopayCharging: boolean;
  approvedAt: string | null;
  approvalNotes: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  paidAt: string | null;
  paymentDueAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A renewal (course term or membership period) and the payment to complete it. */
export type EnrollmentRenewalView = {
  _id: string;
  kind: 'course' | 'membership';
  enrollmentId: string;
  status: 'pending_payment' | 'paid' | 'cancelled' | 'refunded';
  paymentMethod: string;
  price: number;
  discountAmount: number;
  couponDiscount: number;
  gstAmount: number;
  totalAmount: number;
  couponCode: string | null;
  periodStartsAt: string | null;
  periodEndsAt: string | null;
  paymentDueAt: string;
  createdAt: string;
};

/** POST create / retry / renew answers: the enrolment (or renewal) and the payment to open, null when nothing is due. */
export type EnrollmentCheckout<T> = { enrollment: T; renewal?: EnrollmentRenewalView; payment: PaymentStart | null };

export type InstructorEnrollmentView = {
  _id: string;
  user: EnrollmentUserView;
  enrollmentStatus: InstructorEnrollmentStatus;
  instructorStatus: InstructorStatus;
  instructorType: InstructorType;
  instructorId: string | null;
  /** The user's role now (instructor while approved or active and not suspended). */
  userRole: string;
  grade: string;
  experienceYears: number;
  specialties: string[];
  bio: string;
  availability: string;
  phone: string;
  documents: EnrollmentDocumentView[];
  notes: string;
  approvedAt: string | null;
  approvalNotes: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  suspendReason: string | null;
  suspendedAt: string | null;
  reactivateReason: string | null;
  reactivatedAt: string | null;
  completionNotes: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /instructors/:id `statusDetails`: the status in words for the applicant. */
export type InstructorStatusDetails = { label: string; description: string; canCancel: boolean };

/** Counts by status (`summary` of my-enrollments, `stats` of the admin lists). */
export type EnrollmentStats = { total: number } & Partial<Record<string, number>>;

/** GET /instructors/type/:type (public): active instructors of a kind, without private fields. */
export type PublicInstructorView = {
  _id: string;
  name: string;
  instructorType: InstructorType;
  instructorId: string | null;
  grade: string;
  specialties: string[];
  bio: string;
  profilePicture: string | null;
};

/** GET /purchase-membership/public-members: a membership and its plans as a buyer sees them (no secrets). */
export type PublicMembershipView = {
  _id: string;
  name: string;
  description: string | null;
  benefits: string[];
  image: string | null;
  featured: boolean;
  plans: { _id: string; name: string; durationMonths: number; price: number; discountPrice: number | null; gstRate: number }[];
};

/** Coupon course price calculation (`POST /api/coupons/course-price`). */
export type CoursePriceView = {
  courseId: string;
  coursePrice: number;
  discountAmount: number;
  gstAmount: number;
  finalAmount: number;
  currency: string;
  coupon: { code: string; discountType: string; discountValue: number } | null;
};
