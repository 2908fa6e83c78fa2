import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import {
  couponUseOf,
  enroll,
  enrolled,
  enrollmentRow,
  insertCourse,
  insertCourseCoupon,
  notificationsOf,
  paymentsOf,
  verifyEnrollment,
} from '#test/enrollment-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

describe('POST /api/enroll', () => {
  it('prices from the database: discount price, course coupon and GST at the course rate, stored in cents', async () => {
    const student = await createUser();
    const course = await insertCourse();
    const coupon = await insertCourseCoupon();
    const res = await enroll(student, { courseId: course.id, couponCode: coupon.code.toLowerCase(), notes: 'Evenings', totalAmount: 1 });
    expect(res.status).toBe(201);
    const { enrollment, payment } = res.body.data;
    // 150.00 − 10% = 135.00; GST 5% = 6.75; total 141.75
    expect(enrollment).toMatchObject({
      enrollmentStatus: 'pending_approval',
      paymentStatus: 'pending',
      coursePrice: 150,
      discountAmount: 15,
      gstAmount: 6.75,
      totalAmount: 141.75,
      couponCode: coupon.code,
      notes: 'Evenings',
      paymentMethod: 'sandbox',
      canPay: true,
      canCancel: true,
    });
    expect(enrollment.course).toMatchObject({ _id: course.id, title: course.title, slug: course.slug, durationWeeks: 12 });
    expect(enrollment.user).toMatchObject({ _id: student.id, email: student.email });
    expect(payment).toMatchObject({ gateway: 'sandbox', amount: 14_175 });
    const row = await enrollmentRow(enrollment._id);
    expect(row).toMatchObject({ coursePriceCents: 15_000, discountCents: 1_500, gstCents: 675, totalCents: 14_175, couponId: coupon.id });
    const due = row!.paymentDueAt!.getTime() - row!.createdAt.getTime();
    expect(due).toBe(7 * 86_400_000);
    expect((await couponUseOf('course_enrollment', enrollment._id))?.status).toBe('reserved');
    const [p] = await paymentsOf('course_enrollment', enrollment._id);
    expect(p).toMatchObject({ status: 'created', amountCents: 14_175 });
  });

  it('a free course needs no payment', async () => {
    const student = await createUser();
    const course = await insertCourse({ priceCents: 0, discountPriceCents: null });
    const res = await enroll(student, { courseId: course.id });
    expect(res.status).toBe(201);
    expect(res.body.data.payment).toBeNull();
    expect(res.body.data.enrollment).toMatchObject({ paymentStatus: 'free', totalAmount: 0, canPay: false, paymentDueAt: null });
    expect(await paymentsOf('course_enrollment', res.body.data.enrollment._id)).toHaveLength(0);
  });

  it('refuses an unknown or inactive course, a missing course id and a method not offered, writing nothing', async () => {
    const student = await createUser();
    const inactive = await insertCourse({ isActive: false });
    expect(await enroll(student, { courseId: 'nope' })).toMatchObject({
      status: 404,
      body: { message: 'This course is not available for enrolment' },
    });
    expect(await enroll(student, { courseId: inactive.id })).toMatchObject({
      status: 400,
      body: { message: 'This course is not available for enrolment' },
    });
    expect(await enroll(student, {})).toMatchObject({ status: 400, body: { message: 'A course ID is required' } });
    const course = await insertCourse();
    const res = await enroll(student, { courseId: course.id, paymentMethod: 'stripe' });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Payment method stripe is not available' } });
    const again = await enroll(student, { courseId: course.id });
    expect(again.status).toBe(201);
  });

  it('refuses coupons in the spec 8 words: unknown, wrong category, used up', async () => {
    const student = await createUser();
    const course = await insertCourse();
    expect(await enroll(student, { courseId: course.id, couponCode: 'NOSUCH' })).toMatchObject({
      status: 400,
      body: { message: 'Coupon code not found' },
    });
    const shop = await insertCourseCoupon({ category: 'shop' });
    const wrong = await enroll(student, { courseId: course.id, couponCode: shop.code });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/course/i);
    const once = await insertCourseCoupon({ usageLimit: 1 });
    const other = await createUser();
    expect((await enroll(other, { courseId: course.id, couponCode: once.code })).status).toBe(201);
    expect(await enroll(student, { courseId: course.id, couponCode: once.code })).toMatchObject({
      status: 400,
      body: { message: 'Coupon usage limit exceeded' },
    });
  });

  it('refuses a second live enrolment with 409, and allows one again after a cancel', async () => {
    const { student, course, enrollment } = await enrolled();
    expect(await enroll(student, { courseId: course.id })).toMatchObject({
      status: 409,
      body: { message: 'You are already enrolled in this course' },
    });
    expect((await api(`/api/enroll/${enrollment._id}/cancel`, { method: 'PATCH', token: student.token, body: {} })).status).toBe(200);
    expect((await enroll(student, { courseId: course.id })).status).toBe(201);
  });

  it('a full course answers 409 This course is full', async () => {
    const course = await insertCourse({ capacity: 1 });
    expect((await enroll(await createUser(), { courseId: course.id })).status).toBe(201);
    expect(await enroll(await createUser(), { courseId: course.id })).toMatchObject({
      status: 409,
      body: { message: 'This course is full' },
    });
  });

  it('retry opens a new payment for your own unpaid enrolment only', async () => {
    const { student, course, enrollment } = await enrolled();
    expect(await enroll(student, { isRetry: true, enrollmentId: enrollment._id })).toMatchObject({
      status: 400,
      body: { message: 'Retry payment needs enrollment ID and course ID' },
    });
    const stranger = await createUser();
    expect((await enroll(stranger, { isRetry: true, enrollmentId: enrollment._id, courseId: course.id })).status).toBe(404);
    const retry = await enroll(student, { isRetry: true, enrollmentId: enrollment._id, courseId: course.id });
    expect(retry.status).toBe(201);
    expect(retry.body.data.payment.sessionId).toBeTruthy();
    expect(await paymentsOf('course_enrollment', enrollment._id)).toHaveLength(2);
    expect((await verifyEnrollment(student, { enrollmentId: enrollment._id }, retry.body.data.payment.sessionId)).status).toBe(200);
    expect(await enroll(student, { isRetry: true, enrollmentId: enrollment._id, courseId: course.id })).toMatchObject({
      status: 409,
      body: { message: 'This enrollment is already paid' },
    });
  });
});

describe('POST /api/enroll/verify-payment', () => {
  it('marks it paid (still pending approval), confirms the coupon use, notifies and e-mails a receipt once', async () => {
    const student = await createUser({ profile: { firstName: '<b>Aiko</b>' } });
    const course = await insertCourse({ title: 'Judo <i>basics</i>' });
    const coupon = await insertCourseCoupon();
    const created = await enroll(student, { courseId: course.id, couponCode: coupon.code });
    const { enrollment, payment } = created.body.data;
    const res = await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Payment verified' });
    expect(res.body.data.enrollment).toMatchObject({ enrollmentStatus: 'pending_approval', paymentStatus: 'paid', termEndsAt: null });
    expect(res.body.data.payment).toMatchObject({ status: 'succeeded', purchaseType: 'course_enrollment' });
    expect((await couponUseOf('course_enrollment', enrollment._id))?.status).toBe('confirmed');
    const again = await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(again.status).toBe(200);
    await settleDeferred();
    const mails = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, student.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Total: $141.75');
    expect(mails[0]!.html).toContain('Judo &lt;i&gt;basics&lt;/i&gt;');
    expect(mails[0]!.html).not.toContain('<b>Aiko</b>');
    const notes = await notificationsOf(student.id);
    expect(notes.filter((n) => n.eventType === 'course_enrollment_paid')).toHaveLength(1);
  });

  it('an approved enrolment becomes active when paid, its term starting then', async () => {
    const admin = await createUser({ role: 'admin' });
    const { student, enrollment, payment } = await enrolled();
    const approved = await api(`/api/enroll/${enrollment._id}/approve`, { method: 'POST', token: admin.token, body: {} });
    expect(approved.body.data).toMatchObject({ enrollmentStatus: 'approved', paymentStatus: 'pending' });
    const before = Date.now();
    const res = await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(res.body.data.enrollment).toMatchObject({ enrollmentStatus: 'active', paymentStatus: 'paid' });
    const ends = Date.parse(res.body.data.enrollment.termEndsAt);
    expect(ends).toBeGreaterThanOrEqual(before + 12 * 7 * 86_400_000 - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 12 * 7 * 86_400_000);
  });

  it('owner or admin only; a bad proof fails in words', async () => {
    const { student, enrollment, payment } = await enrolled();
    const stranger = await createUser();
    expect((await verifyEnrollment(stranger, { enrollmentId: enrollment._id }, payment.sessionId)).status).toBe(404);
    const bad = await api('/api/enroll/verify-payment', {
      method: 'POST',
      token: student.token,
      body: { enrollmentId: enrollment._id, sessionId: payment.sessionId, paymentId: 'x', signature: 'forged' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Payment verification failed/);
    const admin = await createUser({ role: 'grandmaster' });
    expect((await verifyEnrollment(admin, { enrollmentId: enrollment._id }, payment.sessionId)).status).toBe(200);
  });

  it('a payment landing on a cancelled enrolment is refunded and answers 409', async () => {
    const { student, enrollment, payment } = await enrolled();
    await api(`/api/enroll/${enrollment._id}/cancel`, { method: 'PATCH', token: student.token, body: {} });
    const res = await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Payment verification failed/);
    const [p] = await paymentsOf('course_enrollment', enrollment._id);
    expect(p!.status).toBe('refunded');
    expect((await enrollmentRow(enrollment._id))!.paymentStatus).toBe('pending');
  });
});
