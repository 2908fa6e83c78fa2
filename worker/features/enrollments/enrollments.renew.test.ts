import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseEnrollments, courses, enrollmentRenewals } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import {
  couponUseOf,
  enroll,
  enrolled,
  enrollmentRow,
  insertCourse,
  insertCourseCoupon,
  paymentsOf,
  verifyEnrollment,
} from '#test/enrollment-helpers.ts';
import { cancelUnpaidEnrollments, cancelUnpaidRenewals } from './enrollments.jobs.ts';

const WEEK = 7 * 86_400_000;

async function activeEnrollment(
  course: Parameters<typeof enrolled>[0] extends infer O ? (O extends { course?: infer C } ? C : never) : never = {},
) {
  const admin = await createUser({ role: 'admin' });
  const made = await enrolled({ pay: true, course });
  await api(`/api/enroll/${made.enrollment._id}/approve`, { method: 'POST', token: admin.token, body: {} });
  return made;
}

describe('POST /api/enroll/:id/renew', () => {
  it('creates a renewal priced now with its own coupon use and payment; paid, it extends the term from its end', async () => {
    const { student, course, enrollment } = await activeEnrollment();
    const termEnd = (await enrollmentRow(enrollment._id))!.termEndsAt!.getTime();
    const coupon = await insertCourseCoupon({ discountType: 'fixed', discountValue: 5_000 });
    await testDb().update(courses).set({ discountPriceCents: 10_000 }).where(eq(courses.id, course.id));
    const res = await api(`/api/enroll/${enrollment._id}/renew`, {
      method: 'POST',
      token: student.token,
      body: { couponCode: coupon.code, paymentMethod: 'sandbox' },
    });
    expect(res.status).toBe(201);
    const { renewal, payment } = res.body.data;
    // 100.00 − 50.00 = 50.00; GST 5% = 2.50
    expect(renewal).toMatchObject({
      kind: 'course',
      status: 'pending_payment',
      price: 100,
      couponDiscount: 50,
      gstAmount: 2.5,
      totalAmount: 52.5,
    });
    expect(payment).toMatchObject({ amount: 5_250 });
    expect((await couponUseOf('course_renewal', renewal._id))!.status).toBe('reserved');
    const verified = await verifyEnrollment(student, { renewalId: renewal._id }, payment.sessionId);
    expect(verified.status).toBe(200);
    expect(verified.body.data.renewal).toMatchObject({ status: 'paid' });
    expect(Date.parse(verified.body.data.renewal.periodStartsAt)).toBe(termEnd);
    expect(Date.parse(verified.body.data.enrollment.termEndsAt)).toBe(termEnd + 12 * WEEK);
    expect((await couponUseOf('course_renewal', renewal._id))!.status).toBe('confirmed');
    const again = await verifyEnrollment(student, { renewalId: renewal._id }, payment.sessionId);
    expect(Date.parse(again.body.data.enrollment.termEndsAt)).toBe(termEnd + 12 * WEEK);
  });

  it('a term that has ended is renewed from now', async () => {
    const { student, enrollment } = await activeEnrollment();
    await testDb()
      .update(courseEnrollments)
      .set({ termEndsAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(courseEnrollments.id, enrollment._id));
    const res = await api(`/api/enroll/${enrollment._id}/renew`, { method: 'POST', token: student.token, body: {} });
    expect(res.body.data.renewal.paymentMethod).toBe('sandbox');
    const before = Date.now();
    const verified = await verifyEnrollment(student, { renewalId: res.body.data.renewal._id }, res.body.data.payment.sessionId);
    expect(Date.parse(verified.body.data.enrollment.termEndsAt)).toBeGreaterThanOrEqual(before + 12 * WEEK - 1_000);
  });

  it('only an active enrolment of a course with weeks can be renewed', async () => {
    const pending = await enrolled();
    expect(
      await api(`/api/enroll/${pending.enrollment._id}/renew`, { method: 'POST', token: pending.student.token, body: {} }),
    ).toMatchObject({
      status: 409,
      body: { message: 'This enrollment cannot be renewed (it is pending_approval)' },
    });
    const noTerm = await activeEnrollment({ durationWeeks: null });
    expect(
      await api(`/api/enroll/${noTerm.enrollment._id}/renew`, { method: 'POST', token: noTerm.student.token, body: {} }),
    ).toMatchObject({
      status: 409,
      body: { message: 'This course has no term to renew' },
    });
  });
});

describe('scheduled: unpaid enrolments and renewals', () => {
  it('cancels enrolments unpaid past their window, seat and coupon back, once', async () => {
    const course = await insertCourse({ capacity: 1 });
    const coupon = await insertCourseCoupon();
    const student = await createUser();
    const { enrollment } = (await enroll(student, { courseId: course.id, couponCode: coupon.code })).body.data;
    const fresh = await enrolled();
    const ctx = testServiceCtx();
    const later = new Date(Date.now() + 8 * 86_400_000);
    const first = await cancelUnpaidEnrollments(ctx, later);
    expect(first.cancelled).toContain(enrollment._id);
    expect(first.cancelled).toContain(fresh.enrollment._id);
    expect(await enrollmentRow(enrollment._id)).toMatchObject({ status: 'cancelled', cancelReason: 'Payment not received in time' });
    expect((await couponUseOf('course_enrollment', enrollment._id))!.status).toBe('released');
    expect((await cancelUnpaidEnrollments(ctx, later)).cancelled).not.toContain(enrollment._id);
    expect((await enroll(await createUser(), { courseId: course.id })).status).toBe(201);
    // Not yet due: nothing moves.
    const current = await enrolled();
    expect((await cancelUnpaidEnrollments(ctx, new Date())).cancelled).not.toContain(current.enrollment._id);
    // Paid later: refunded.
    const late = await verifyEnrollment(
      student,
      { enrollmentId: enrollment._id },
      (await paymentsOf('course_enrollment', enrollment._id))[0]!.sessionId,
    );
    expect(late.status).toBe(409);
  });

  it('cancels unpaid renewals past their window with their coupon use', async () => {
    const { student, enrollment } = await activeEnrollment();
    const coupon = await insertCourseCoupon();
    const res = await api(`/api/enroll/${enrollment._id}/renew`, {
      method: 'POST',
      token: student.token,
      body: { couponCode: coupon.code },
    });
    const id = res.body.data.renewal._id;
    const ctx = testServiceCtx();
    const { cancelled } = await cancelUnpaidRenewals(ctx, new Date(Date.now() + 8 * 86_400_000));
    expect(cancelled).toContain(id);
    expect((await testDb().select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, id)).get())!.status).toBe('cancelled');
    expect((await couponUseOf('course_renewal', id))!.status).toBe('released');
    expect((await enrollmentRow(enrollment._id))!.status).toBe('active');
  });
});
