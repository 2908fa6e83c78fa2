/** Shared by the enrolment tests (courses side): courses, coupons, enrolments made through the API, the sandbox's proof. */
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import {
  couponUses,
  coupons,
  courseEnrollments,
  courses,
  notifications,
  payments,
  type NewCouponRow,
  type NewCourseRow,
} from '#db/schema/index.ts';
import { api, createUser, testDb, uniq, type TestUser } from './helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { sandboxApproval } from '#worker/lib/payments/sandbox.ts';

const config = () => loadConfig(env as unknown as Bindings);

/** A course straight in the database: $200.00 with a $150.00 discount price, 5% GST, 12 weeks, no capacity unless told. */
export async function insertCourse(overrides: Partial<NewCourseRow> = {}) {
  const tag = uniq();
  return testDb()
    .insert(courses)
    .values({
      id: newId(),
      title: `Karate ${tag}`,
      slug: `karate-${tag.toLowerCase()}`,
      priceCents: 20_000,
      discountPriceCents: 15_000,
      gstRateBp: 500,
      durationWeeks: 12,
      ...overrides,
    })
    .returning()
    .get();
}

/** A course coupon, 10% unless told otherwise. */
export async function insertCourseCoupon(overrides: Partial<NewCouponRow> = {}) {
  return testDb()
    .insert(coupons)
    .values({
      id: newId(),
      code: `E${uniq().toUpperCase()}`,
      discountType: 'percentage',
      discountValue: 1000,
      category: 'course',
      ...overrides,
    })
    .returning()
    .get();
}

export const enroll = (user: TestUser, body: Record<string, unknown>) =>
  api('/api/enroll', { method: 'POST', token: user.token, body: { paymentMethod: 'sandbox', ...body } });

/** The sandbox's Approve: the proof a buyer brings back. */
export const approval = (sessionId: string) => sandboxApproval(config(), sessionId);

export async function verifyEnrollment(user: TestUser, ids: { enrollmentId?: string; renewalId?: string }, sessionId: string) {
  return api('/api/enroll/verify-payment', { method: 'POST', token: user.token, body: { ...ids, ...(await approval(sessionId)) } });
}

/** A fresh student enrolled (and, when `pay`, paid) in a fresh course through the API. */
export async function enrolled(opts: { pay?: boolean; course?: Partial<NewCourseRow>; user?: TestUser } = {}) {
  const student = opts.user ?? (await createUser({ role: 'student' }));
  const course = await insertCourse(opts.course);
  const created = await enroll(student, { courseId: course.id });
  if (created.status !== 201) throw new Error(`enrol failed: ${created.status} ${JSON.stringify(created.body)}`);
  const { enrollment, payment } = created.body.data;
  if (opts.pay) {
    const verified = await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId);
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  return { student, course, enrollment, payment };
}

export const enrollmentRow = (id: string) => testDb().select().from(courseEnrollments).where(eq(courseEnrollments.id, id)).get();

export const paymentsOf = (purchaseType: string, purchaseId: string) =>
  testDb()
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseType, purchaseType as 'course_enrollment'), eq(payments.purchaseId, purchaseId)));

export const couponUseOf = (purchaseType: string, purchaseId: string) =>
  testDb()
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.purchaseType, purchaseType as 'course_enrollment'), eq(couponUses.purchaseId, purchaseId)))
    .get();

export const notificationsOf = (userId: string) => testDb().select().from(notifications).where(eq(notifications.userId, userId));
