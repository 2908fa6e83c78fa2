/**
 * The member panels' enrolment calls (decision 012's contract). Lists keep a stored copy under the
 * spec's keys and answer with it, success false, when the API cannot be reached (spec 8/9).
 */
import { ENROLLMENT_STORAGE_KEYS } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import type {
  CourseEnrollmentView,
  EnrollmentCheckout,
  EnrollmentStats,
  InstructorEnrollmentView,
  InstructorStatusDetails,
  MembershipEnrollmentView,
} from '#core/enrollments/views.ts';
import type { PaymentMethodsView, PaymentStart } from '#core/shop/views.ts';
import { api } from '#web/lib/api.ts';
import type { OfflineInfo } from '#web/lib/content-api.ts';
import { retryMethod } from '#web/lib/enrollment-panel-format.ts';
import { FALLBACK_METHODS, goToPayment, NO_BROWSER_FLOW } from '#web/lib/shop-api.ts';
import { STORAGE_KEYS, writeStored, type StorageKey } from '#web/lib/storage-keys.ts';
import { readWithStoredCopy } from '#web/lib/stored-copy.ts';

export type MyList<T> = { success: boolean; items: T[]; offline?: OfflineInfo };

const id = (s: string) => encodeURIComponent(s);
const reason = (text: string) => ({ cancelReason: text.trim() || ENROLLMENT_CANCEL_REASONS.user });

async function readList<T>(key: StorageKey, path: string, fallback: string): Promise<MyList<T>> {
  const answer = await readWithStoredCopy<T[]>(key, path, { query: { limit: 50 }, fallback });
  return { success: answer.success, items: answer.data ?? [], ...(answer.offline ? { offline: answer.offline } : {}) };
}

/** Spec 8: when the methods call fails, the shop's fallback (stripe and paypal). */
async function methods(path: string): Promise<PaymentMethodsView> {
  try {
    return (await api<PaymentMethodsView>(path)).data ?? FALLBACK_METHODS;
  } catch {
    return FALLBACK_METHODS;
  }
}

/** Sends the member to the gateway the server opened (nothing to do when it was free). */
async function checkout(enrollmentId: string, description: string, payment: PaymentStart | null | undefined): Promise<'left' | 'free'> {
  if (!payment) return 'free';
  if (await goToPayment(payment, { orderId: enrollmentId, description })) return 'left';
  throw new Error(NO_BROWSER_FLOW);
}

// Courses ------------------------------------------------------------------------------------------

export const readMyCourses = () =>
  readList<CourseEnrollmentView>(STORAGE_KEYS.userEnrollments, '/enroll/my-enrollments', 'Failed to fetch enrollment');
export const courseMethods = () => methods('/enroll/payment-methods');

export const cancelCourse = (e: CourseEnrollmentView, text: string) =>
  api<CourseEnrollmentView>(`/enroll/${id(e._id)}/cancel`, {
    method: 'PATCH',
    body: reason(text),
    fallback: 'Failed to cancel enrollment',
  });

/** Retry (decision 012): a new payment for your unpaid enrolment, with its method while offered. */
export async function payCourse(e: CourseEnrollmentView) {
  const offered = (await courseMethods()).availableGateways;
  const body = await api<EnrollmentCheckout<CourseEnrollmentView>>('/enroll', {
    method: 'POST',
    body: { isRetry: true, enrollmentId: e._id, courseId: e.course._id, paymentMethod: retryMethod(e.paymentMethod, offered) },
    fallback: 'Failed to start the payment',
  });
  return checkout(e._id, `Enrolment: ${e.course.title}`, body.data?.payment);
}

export type RenewForm = { paymentMethod: string; couponCode: string; notes: string };
const renewBody = (f: RenewForm) => ({
  paymentMethod: f.paymentMethod,
  ...(f.couponCode.trim() ? { couponCode: f.couponCode.trim() } : {}),
  ...(f.notes.trim() ? { notes: f.notes.trim() } : {}),
});

export async function renewCourse(e: CourseEnrollmentView, form: RenewForm) {
  const body = await api<EnrollmentCheckout<CourseEnrollmentView>>(`/enroll/${id(e._id)}/renew`, {
    method: 'POST',
    body: renewBody(form),
    fallback: 'Failed to renew enrollment',
  });
  return checkout(e._id, `Renewal: ${e.course.title}`, body.data?.payment);
}

// Memberships --------------------------------------------------------------------------------------

/** Spec 3 names the key `membership_enrollments`; web/lib/storage-keys.ts does not list it yet (see the report). */
const MEMBERSHIP_KEY = ENROLLMENT_STORAGE_KEYS.membershipEnrollments as string as StorageKey;

export const readMyMemberships = () =>
  readList<MembershipEnrollmentView>(MEMBERSHIP_KEY, '/purchase-membership/my-enrollments', 'Failed to fetch membership enrollments');
export const membershipMethods = () => methods('/purchase-membership/payment-methods');

export const cancelMembership = (e: MembershipEnrollmentView, text: string) =>
  api<MembershipEnrollmentView>(`/purchase-membership/${id(e._id)}/cancel`, {
    method: 'PATCH',
    body: reason(text),
    fallback: 'Failed to cancel membership enrollment',
  });

const membershipName = (e: MembershipEnrollmentView) => `${e.membership.name} (${e.plan.name})`;

export async function payMembership(e: MembershipEnrollmentView) {
  const offered = (await membershipMethods()).availableGateways;
  const body = await api<EnrollmentCheckout<MembershipEnrollmentView>>(`/purchase-membership/${id(e._id)}/pay`, {
    method: 'POST',
    body: { paymentMethod: retryMethod(e.paymentMethod, offered) },
    fallback: 'Failed to start the payment',
  });
  return checkout(e._id, `Membership: ${membershipName(e)}`, body.data?.payment);
}

export async function renewMembership(e: MembershipEnrollmentView, form: RenewForm) {
  const body = await api<EnrollmentCheckout<MembershipEnrollmentView>>(`/purchase-membership/${id(e._id)}/renew`, {
    method: 'POST',
    body: renewBody(form),
    fallback: 'Failed to renew membership',
  });
  return checkout(e._id, `Renewal: ${membershipName(e)}`, body.data?.payment);
}

// Instructor application ---------------------------------------------------------------------------

export type MyApplications = { enrollments: InstructorEnrollmentView[]; summary: EnrollmentStats };
export type ApplicationDetails = { enrollment: InstructorEnrollmentView; statusDetails: InstructorStatusDetails };

export const readMyApplications = async () =>
  (await api<MyApplications>('/instructors/my-enrollments', { fallback: 'Failed to fetch instructor applications' })).data ?? {
    enrollments: [],
    summary: { total: 0 },
  };

export async function readApplication(appId: string): Promise<ApplicationDetails | null> {
  const details =
    (await api<ApplicationDetails>(`/instructors/${id(appId)}`, { fallback: 'Failed to fetch instructor application' })).data ?? null;
  // Spec 3 "instructor data": the browser keeps the latest application.
  if (details) writeStored(STORAGE_KEYS.instructorData, JSON.stringify(details.enrollment));
  return details;
}

export const cancelApplication = (e: InstructorEnrollmentView, text: string) =>
  api<{ enrollment: InstructorEnrollmentView }>(`/instructors/${id(e._id)}/cancel`, {
    method: 'PATCH',
    body: reason(text),
    fallback: 'Failed to cancel instructor application',
  });
