import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
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

const post = (path: string, token: string, body: Record<string, unknown> = {}) => api(path, { method: 'POST', token, body });
const cancel = (id: string, token: string, body: Record<string, unknown> = {}) =>
  api(`/api/enroll/${id}/cancel`, { method: 'PATCH', token, body });

describe('approve, reject, cancel', () => {
  it('approving a paid enrolment makes it active with a term; approving twice is a 409', async () => {
    const admin = await createUser({ role: 'admin' });
    const { student, enrollment } = await enrolled({ pay: true });
    const res = await post(`/api/enroll/${enrollment._id}/approve`, admin.token, { approvalNotes: 'Welcome' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ enrollmentStatus: 'active', paymentStatus: 'paid', approvalNotes: 'Welcome', canRenew: true });
    expect(res.body.data.termEndsAt).not.toBeNull();
    expect((await enrollmentRow(enrollment._id))!.approvedBy).toBe(admin.id);
    const again = await post(`/api/enroll/${enrollment._id}/approve`, admin.token);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Only an enrollment pending approval can be approved (this one is active)' },
    });
    await settleDeferred();
    const notes = await notificationsOf(student.id);
    expect(
      notes.some((n) => n.eventType === 'course_enrollment_active' && (n.actions as { url: string }[])[0]?.url === '/student/courses'),
    ).toBe(true);
  });

  it('approving a free enrolment makes it active; approving an unpaid one leaves it approved', async () => {
    const admin = await createUser({ role: 'admin' });
    const free = await enrolled({ course: { priceCents: 0, discountPriceCents: null } });
    expect((await post(`/api/enroll/${free.enrollment._id}/approve`, admin.token)).body.data.enrollmentStatus).toBe('active');
    const unpaid = await enrolled();
    expect((await post(`/api/enroll/${unpaid.enrollment._id}/approve`, admin.token)).body.data).toMatchObject({
      enrollmentStatus: 'approved',
      termEndsAt: null,
    });
  });

  it('approving a cancelled enrolment is a 409; two admins racing get one winner', async () => {
    const admin = await createUser({ role: 'admin' });
    const { student, enrollment } = await enrolled();
    await cancel(enrollment._id, student.token);
    expect(await post(`/api/enroll/${enrollment._id}/approve`, admin.token)).toMatchObject({
      status: 409,
      body: { message: 'Only an enrollment pending approval can be approved (this one is cancelled)' },
    });
    const other = await enrolled();
    const results = await Promise.all(Array.from({ length: 6 }, () => post(`/api/enroll/${other.enrollment._id}/approve`, admin.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('cancel before active refunds the payment at its gateway and releases the coupon use once', async () => {
    const student = await createUser();
    const course = await insertCourse();
    const coupon = await insertCourseCoupon();
    const created = await enroll(student, { courseId: course.id, couponCode: coupon.code });
    const { enrollment, payment } = created.body.data;
    await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId);
    const res = await cancel(enrollment._id, student.token, { cancelReason: 'Moving away' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ enrollmentStatus: 'cancelled', paymentStatus: 'refunded', cancelReason: 'Moving away' });
    expect((await paymentsOf('course_enrollment', enrollment._id))[0]!.status).toBe('refunded');
    expect((await couponUseOf('course_enrollment', enrollment._id))!.status).toBe('released');
    expect(await cancel(enrollment._id, student.token)).toMatchObject({
      status: 409,
      body: { message: 'This enrollment cannot be cancelled (it is cancelled)' },
    });
  });

  it('cancelling an active enrolment refunds nothing automatically', async () => {
    const admin = await createUser({ role: 'admin' });
    const { student, enrollment } = await enrolled({ pay: true });
    await post(`/api/enroll/${enrollment._id}/approve`, admin.token);
    const res = await cancel(enrollment._id, student.token);
    expect(res.body.data).toMatchObject({ enrollmentStatus: 'cancelled', paymentStatus: 'paid', cancelReason: 'Cancelled by user' });
    expect((await paymentsOf('course_enrollment', enrollment._id))[0]!.status).toBe('succeeded');
  });

  it('an admin cancelling someone else’s says so and tells the user; reject refunds and defaults its reason', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const a = await enrolled();
    const res = await cancel(a.enrollment._id, admin.token);
    expect(res.body.data).toMatchObject({ enrollmentStatus: 'cancelled', cancelReason: 'Cancelled by admin' });
    const b = await enrolled({ pay: true });
    const rejected = await post(`/api/enroll/${b.enrollment._id}/reject`, admin.token);
    expect(rejected.body.data).toMatchObject({
      enrollmentStatus: 'cancelled',
      paymentStatus: 'refunded',
      cancelReason: 'Cancelled by admin',
    });
    const c = await enrolled();
    const withReason = await post(`/api/enroll/${c.enrollment._id}/reject`, admin.token, { rejectionReason: 'Class full this term' });
    expect(withReason.body.data.cancelReason).toBe('Class full this term');
    expect((await post(`/api/enroll/${c.enrollment._id}/reject`, admin.token)).status).toBe(409);
    await settleDeferred();
    expect((await notificationsOf(a.student.id)).some((n) => n.eventType === 'course_enrollment_cancelled')).toBe(true);
    expect((await notificationsOf(c.student.id)).some((n) => n.eventType === 'course_enrollment_rejected')).toBe(true);
  });

  it('ownership: others get 404, non-admins 403 on staff calls, visitors 401', async () => {
    const { enrollment } = await enrolled();
    const stranger = await createUser({ role: 'member' });
    expect((await api(`/api/enroll/${enrollment._id}`, { token: stranger.token })).status).toBe(404);
    expect((await cancel(enrollment._id, stranger.token)).status).toBe(404);
    expect((await post(`/api/enroll/${enrollment._id}/renew`, stranger.token)).status).toBe(404);
    for (const role of ['student', 'member', 'instructor'] as const) {
      const u = await createUser({ role });
      expect((await post(`/api/enroll/${enrollment._id}/approve`, u.token)).status).toBe(403);
      expect((await post(`/api/enroll/${enrollment._id}/reject`, u.token)).status).toBe(403);
      expect((await api(`/api/enroll/${enrollment._id}`, { method: 'DELETE', token: u.token })).status).toBe(403);
      expect((await api('/api/enroll/admin/all', { token: u.token })).status).toBe(403);
    }
    expect((await api(`/api/enroll/${enrollment._id}`)).status).toBe(401);
    expect((await api('/api/enroll/payment-methods')).body.data.availableGateways).toContain('sandbox');
  });
});

describe('delete', () => {
  it('keeps a paid live enrolment; deletes an unpaid one giving its seat and coupon back; bulk lists what it kept', async () => {
    const admin = await createUser({ role: 'admin' });
    const paid = await enrolled({ pay: true });
    expect(await api(`/api/enroll/${paid.enrollment._id}`, { method: 'DELETE', token: admin.token })).toMatchObject({
      status: 409,
      body: { message: 'A paid enrollment that is still live cannot be deleted: cancel or reject it first' },
    });
    const course = await insertCourse({ capacity: 1 });
    const coupon = await insertCourseCoupon();
    const student = await createUser();
    const unpaid = (await enroll(student, { courseId: course.id, couponCode: coupon.code })).body.data.enrollment;
    expect(await enroll(await createUser(), { courseId: course.id })).toMatchObject({ status: 409 });
    const del = await api(`/api/enroll/${unpaid._id}`, { method: 'DELETE', token: admin.token });
    expect(del).toMatchObject({ status: 200, body: { data: { _id: unpaid._id } } });
    expect(await enrollmentRow(unpaid._id)).toBeUndefined();
    expect((await couponUseOf('course_enrollment', unpaid._id))!.status).toBe('released');
    expect((await enroll(await createUser(), { courseId: course.id })).status).toBe(201);
    expect((await api(`/api/enroll/${unpaid._id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);

    const other = await enrolled();
    const bulk = await api('/api/enroll/bulk/delete', {
      method: 'DELETE',
      token: admin.token,
      body: { enrollmentIds: [paid.enrollment._id, other.enrollment._id, 'unknown'] },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toEqual({ deletedCount: 1, deletedIds: [other.enrollment._id], keptIds: [paid.enrollment._id] });
    expect((await api('/api/enroll/bulk/delete', { method: 'DELETE', token: admin.token, body: { enrollmentIds: [] } })).status).toBe(400);
  });
});
