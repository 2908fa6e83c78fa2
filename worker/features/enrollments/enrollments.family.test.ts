import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import {
  couponUseOf,
  enroll,
  enrollmentRow,
  insertCourse,
  insertCourseCoupon,
  paymentsOf,
  verifyEnrollment,
} from '#test/enrollment-helpers.ts';

const mine = (u: TestUser, forId?: string) => api(`/api/enroll/my-enrollments${forId ? `?for=${forId}` : ''}`, { token: u.token });
const cancel = (u: TestUser, id: string) => api(`/api/enroll/${id}/cancel`, { method: 'PATCH', token: u.token, body: {} });

// The Worker's first request in a file compiles the app (seconds on a busy machine).
beforeAll(() => api('/api/health'), 60_000);

describe('a guardian enrols their child in a course (issue 26)', () => {
  it('makes the enrolment and coupon use the child’s, the payment the guardian’s; the guardian pays, verifies, reads and cancels it', async () => {
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const course = await insertCourse();
    const coupon = await insertCourseCoupon();
    const res = await enroll(parent, { courseId: course.id, couponCode: coupon.code, forUserId: child.id });
    expect(res.status).toBe(201);
    const { enrollment } = res.body.data;
    expect(enrollment.user).toMatchObject({ _id: child.id });
    expect((await enrollmentRow(enrollment._id))?.userId).toBe(child.id);
    expect((await couponUseOf('course_enrollment', enrollment._id))?.userId).toBe(child.id);
    expect((await paymentsOf('course_enrollment', enrollment._id)).map((p) => p.userId)).toEqual([parent.id]);

    const retry = await enroll(parent, { isRetry: true, enrollmentId: enrollment._id, courseId: course.id });
    expect(retry.status).toBe(201);
    const verified = await verifyEnrollment(parent, { enrollmentId: enrollment._id }, retry.body.data.payment.sessionId);
    expect(verified.status).toBe(200);
    expect(verified.body.data.enrollment).toMatchObject({ paymentStatus: 'paid', user: { _id: child.id } });
    expect((await paymentsOf('course_enrollment', enrollment._id)).map((p) => p.userId)).toEqual([parent.id, parent.id]);

    expect((await api(`/api/enroll/${enrollment._id}`, { token: parent.token })).status).toBe(200);
    expect((await mine(parent, child.id)).body.data.map((e: { _id: string }) => e._id)).toEqual([enrollment._id]);
    expect((await mine(parent)).body.data).toEqual([]);

    const other = await enroll(parent, { courseId: (await insertCourse()).id, forUserId: child.id });
    const cancelled = await cancel(parent, other.body.data.enrollment._id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.enrollmentStatus).toBe('cancelled');
  });

  it('applies the child’s own limits: one live enrolment per child and course, whatever the guardian holds', async () => {
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const course = await insertCourse();
    expect((await enroll(parent, { courseId: course.id })).status).toBe(201);
    expect((await enroll(parent, { courseId: course.id, forUserId: child.id })).status).toBe(201);
    const again = await enroll(parent, { courseId: course.id, forUserId: child.id });
    expect(again.status).toBe(409);
  });

  it('refuses another family’s child (403 to enrol, 404 to read, pay or cancel theirs) and a student naming another adult', async () => {
    const parent = await createUser({ role: 'member' });
    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    const course = await insertCourse();
    const refused = await enroll(parent, { courseId: course.id, forUserId: theirs.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only act for yourself or your own children');

    const { enrollment, payment } = (await enroll(stranger, { courseId: course.id, forUserId: theirs.id })).body.data;
    expect((await mine(parent, theirs.id)).body).toMatchObject({ success: false, message: 'Child not found' });
    expect((await mine(parent, theirs.id)).status).toBe(404);
    expect((await api(`/api/enroll/${enrollment._id}`, { token: parent.token })).status).toBe(404);
    expect((await cancel(parent, enrollment._id)).status).toBe(404);
    expect((await verifyEnrollment(parent, { enrollmentId: enrollment._id }, payment.sessionId)).status).toBe(404);
    expect((await enroll(parent, { isRetry: true, enrollmentId: enrollment._id, courseId: course.id })).status).toBe(404);
    expect((await enrollmentRow(enrollment._id))?.status).toBe('pending_approval');

    const student = await createUser({ role: 'student' });
    expect((await enroll(student, { courseId: course.id, forUserId: parent.id })).status).toBe(403);
    expect((await mine(student, parent.id)).status).toBe(404);
  });
});
