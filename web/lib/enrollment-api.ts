import type {
  CourseEnrollmentView,
  CoursePriceView,
  EnrollmentCheckout,
  EnrollmentStats,
  InstructorEnrollmentView,
  MembershipEnrollmentView,
} from '#core/enrollments/views.ts';
import type { CouponCalculationView, CouponView, PaymentMethodsView } from '#core/shop/views.ts';
import { api } from './api.ts';
import { FALLBACK_METHODS } from './shop-api.ts';
import { uploadForm } from './enrollment-upload.ts';
import { readWithStoredCopy } from './stored-copy.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { signWaiverFirst } from './waiver-gate.ts';

/** The gateway's proof the browser brings back from the payment page (decision 012). */
export type PaymentProof = { enrollmentId?: string; renewalId?: string; sessionId: string; paymentId: string; signature: string };

/** Spec 8: the methods' own fallback (stripe and paypal) when the call fails; the membership side keeps C$. */
async function methodsFrom(path: string, symbol?: string): Promise<PaymentMethodsView> {
  try {
    const body = await api<PaymentMethodsView>(path);
    if (body.data) return body.data;
  } catch {
    /* the fallback below */
  }
  return symbol ? { ...FALLBACK_METHODS, currency: { ...FALLBACK_METHODS.currency, symbol } } : FALLBACK_METHODS;
}

// Courses (/api/enroll)

export const coursePrice = (courseId: string, couponCode?: string) =>
  api<CoursePriceView>('/coupons/course-price', {
    method: 'POST',
    body: couponCode ? { courseId, couponCode } : { courseId },
    fallback: 'Failed to calculate course price',
  });

export const coursePaymentMethods = () => methodsFrom('/enroll/payment-methods');

export type EnrollInput = { courseId: string; paymentMethod: string; couponCode?: string; notes?: string; forUserId?: string };
export const enrollInCourse = (input: EnrollInput) =>
  signWaiverFirst(
    api<EnrollmentCheckout<CourseEnrollmentView>>('/enroll', { method: 'POST', body: input, fallback: 'Failed to enroll in course' }),
    input.forUserId,
  );

/** A new payment for the user's own unpaid enrolment (spec 5: retry needs the enrolment and the course). */
export const retryCoursePayment = (enrollmentId: string, courseId: string, paymentMethod: string) =>
  api<EnrollmentCheckout<CourseEnrollmentView>>('/enroll', {
    method: 'POST',
    body: { courseId, enrollmentId, isRetry: true, paymentMethod },
    fallback: 'Failed to retry payment',
  });

export const readCourseEnrollment = (id: string) =>
  api<CourseEnrollmentView>(`/enroll/${encodeURIComponent(id)}`, { fallback: 'Failed to fetch enrollment' });

export const verifyCoursePayment = (proof: PaymentProof) =>
  api<{ enrollment: CourseEnrollmentView }>('/enroll/verify-payment', {
    method: 'POST',
    body: proof,
    fallback: 'Payment verification failed',
  });

/** The user's course enrolments, kept under `user_enrollments` (an offline copy, spec 8). */
export const myCourseEnrollments = () =>
  readWithStoredCopy<CourseEnrollmentView[]>(STORAGE_KEYS.userEnrollments, '/enroll/my-enrollments', {
    query: { limit: 100 },
    fallback: 'Failed to fetch enrollments',
  });

// Memberships (/api/purchase-membership)

export const membershipPaymentMethods = () => methodsFrom('/purchase-membership/payment-methods', 'C$');

/** Spec 7 totals of a plan with the coupon, in decimals. */
export type MembershipTotalsView = {
  planPrice: number;
  discountAmount: number;
  couponDiscount: number;
  gstAmount: number;
  totalAmount: number;
};
export type MembershipCouponAnswer = { coupon: CouponView; calculation: CouponCalculationView; totals: MembershipTotalsView };
export const validateMembershipCoupon = (couponCode: string, membershipId: string, planId: string) =>
  api<MembershipCouponAnswer>('/purchase-membership/validate-coupon', {
    method: 'POST',
    body: { couponCode, membershipId, planId },
    fallback: 'Failed to validate coupon',
  });

/** Multipart (the documents), with the upload's progress. */
export const purchaseMembership = (form: FormData, onProgress: (percent: number) => void) =>
  signWaiverFirst(
    uploadForm<EnrollmentCheckout<MembershipEnrollmentView>>('/purchase-membership', form, {
      fallback: 'Failed to purchase membership',
      onProgress,
    }),
    (form.get('forUserId') as string | null) ?? null,
  );

export const readMembershipEnrollment = (id: string) =>
  api<MembershipEnrollmentView>(`/purchase-membership/${encodeURIComponent(id)}`, { fallback: 'Failed to fetch membership enrollment' });

/** A new payment for the user's own unpaid membership enrolment. */
export const payMembershipAgain = (id: string, paymentMethod: string) =>
  api<EnrollmentCheckout<MembershipEnrollmentView>>(`/purchase-membership/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    body: { paymentMethod },
    fallback: 'Failed to purchase membership',
  });

export const verifyMembershipPayment = (proof: PaymentProof) =>
  api<{ enrollment: MembershipEnrollmentView }>('/purchase-membership/verify-payment', {
    method: 'POST',
    body: proof,
    fallback: 'Membership payment verification failed',
  });

/** Spec 9: my membership enrolments fall back to the stored ones. */
export const myMembershipEnrollments = () =>
  readWithStoredCopy<MembershipEnrollmentView[]>(STORAGE_KEYS.membershipEnrollments, '/purchase-membership/my-enrollments', {
    query: { limit: 100 },
    fallback: 'Failed to fetch membership enrollments',
  });

// Instructors (/api/instructors)

export const applyToTeach = (form: FormData, onProgress: (percent: number) => void) =>
  uploadForm<{ enrollment: InstructorEnrollmentView }>('/instructors', form, {
    fallback: 'Failed to submit instructor application',
    onProgress,
  });

export const myInstructorEnrollments = () =>
  api<{ enrollments: InstructorEnrollmentView[]; summary: EnrollmentStats }>('/instructors/my-enrollments', {
    fallback: 'Failed to fetch instructor applications',
  });
