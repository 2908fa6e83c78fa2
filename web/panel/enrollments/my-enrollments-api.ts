/**
 * The member panels' enrolment calls (decision 012's contract). Reads and payment retries are the
 * public pages' (web/lib/enrollment-api.ts: one way to each call); what only the panel does — cancel,
 * renew, the application's details — is here, with the step to the gateway.
 */
import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import type {
  CourseEnrollmentView,
  EnrollmentCheckout,
  InstructorEnrollmentView,
  InstructorStatusDetails,
  MembershipEnrollmentView,
} from '#core/enrollments/views.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { api } from '#web/lib/api.ts';
import type { ContentAnswer, OfflineInfo } from '#web/lib/content-api.ts';
import {
  coursePaymentMethods,
  membershipPaymentMethods,
  myCourseEnrollments,
  myInstructorEnrollments,
  myMembershipEnrollments,
  payMembershipAgain,
  retryCoursePayment,
} from '#web/lib/enrollment-api.ts';
import { retryMethod } from '#web/lib/enrollment-panel-format.ts';
import { goToGateway } from '#web/pages/public/enrollment/enrollment-kit.tsx';
import { STORAGE_KEYS, writeStored } from '#web/lib/storage-keys.ts';

export { coursePaymentMethods, membershipPaymentMethods };

export type MyList<T> = { success: boolean; items: T[]; offline?: OfflineInfo };

const id = (s: string) => encodeURIComponent(s);
const reason = (text: string) => ({ cancelReason: text.trim() || ENROLLMENT_CANCEL_REASONS.user });
const listOf = <T>(answer: ContentAnswer<T[]>): MyList<T> => ({
  success: answer.success,
  items: answer.data ?? [],
  ...(answer.offline ? { offline: answer.offline } : {}),
});

/** Off to the gateway the server opened (the enrolment pages' way, returning to their complete page); 'free' when nothing was due. */
async function checkout(description: string, payment: PaymentStart | null | undefined): Promise<'left' | 'free'> {
  if (!payment) return 'free';
  await goToGateway(payment, description);
  return 'left';
}

export type RenewForm = { paymentMethod: string; couponCode: string; notes: string };
const renewBody = (f: RenewForm) => ({
  paymentMethod: f.paymentMethod,
  ...(f.couponCode.trim() ? { couponCode: f.couponCode.trim() } : {}),
  ...(f.notes.trim() ? { notes: f.notes.trim() } : {}),
});

// Courses ------------------------------------------------------------------------------------------

export const readMyCourses = async () => listOf(await myCourseEnrollments());

export const cancelCourse = (e: CourseEnrollmentView, text: string) =>
  api<CourseEnrollmentView>(`/enroll/${id(e._id)}/cancel`, {
    method: 'PATCH',
    body: reason(text),
    fallback: 'Failed to cancel enrollment',
  });

/** Retry (decision 012): a new payment for your unpaid enrolment, with its own method while offered. */
export async function payCourse(e: CourseEnrollmentView) {
  const offered = (await coursePaymentMethods()).availableGateways;
  const body = await retryCoursePayment(e._id, e.course._id ?? '', retryMethod(e.paymentMethod, offered) ?? e.paymentMethod);
  return checkout(`Enrolment: ${e.course.title}`, body.data?.payment);
}

export async function renewCourse(e: CourseEnrollmentView, form: RenewForm) {
  const body = await api<EnrollmentCheckout<CourseEnrollmentView>>(`/enroll/${id(e._id)}/renew`, {
    method: 'POST',
    body: renewBody(form),
    fallback: 'Failed to renew enrollment',
  });
  return checkout(`Renewal: ${e.course.title}`, body.data?.payment);
}

// Memberships --------------------------------------------------------------------------------------

export const readMyMemberships = async () => listOf(await myMembershipEnrollments());

export const cancelMembership = (e: MembershipEnrollmentView, text: string) =>
  api<MembershipEnrollmentView>(`/purchase-membership/${id(e._id)}/cancel`, {
    method: 'PATCH',
    body: reason(text),
    fallback: 'Failed to cancel membership enrollment',
  });

const membershipName = (e: MembershipEnrollmentView) => `${e.membership.name} (${e.plan.name})`;

export async function payMembership(e: MembershipEnrollmentView) {
  const offered = (await membershipPaymentMethods()).availableGateways;
  const body = await payMembershipAgain(e._id, retryMethod(e.paymentMethod, offered) ?? e.paymentMethod);
  return checkout(`Membership: ${membershipName(e)}`, body.data?.payment);
}

export async function renewMembership(e: MembershipEnrollmentView, form: RenewForm) {
  const body = await api<EnrollmentCheckout<MembershipEnrollmentView>>(`/purchase-membership/${id(e._id)}/renew`, {
    method: 'POST',
    body: renewBody(form),
    fallback: 'Failed to renew membership',
  });
  return checkout(`Renewal: ${membershipName(e)}`, body.data?.payment);
}

// Instructor application ---------------------------------------------------------------------------

export type ApplicationDetails = { enrollment: InstructorEnrollmentView; statusDetails: InstructorStatusDetails };

export const readMyApplications = async () => (await myInstructorEnrollments()).data?.enrollments ?? [];

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
