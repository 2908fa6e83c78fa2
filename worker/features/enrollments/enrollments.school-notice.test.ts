import { describe, expect, it } from 'vitest';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { enrolled, enrollmentRow, verifyEnrollment } from '#test/enrollment-helpers.ts';
import { expectToldOnce, noticesTo, school, settleAgain } from '#test/money-notice-helpers.ts';

describe('the school hears of a paid enrolment waiting for approval', () => {
  it('every admin-capable account gets one notice (e-mail by preference) even when the payment settles again; students nothing', async () => {
    const s = await school();
    const { student, enrollment, payment } = await enrolled({ pay: true });
    expect(await enrollmentRow(enrollment._id)).toMatchObject({ status: 'pending_approval', paymentStatus: 'paid' });
    expect((await verifyEnrollment(student, { enrollmentId: enrollment._id }, payment.sessionId)).status).toBe(200);
    await settleDeferred();
    await settleAgain(enrollment._id);
    await expectToldOnce(s, enrollment._id, 'course_enrollment_paid_school', ['admin', 'mailed', 'gm']);
    const [notice] = await noticesTo(s.gm.id, enrollment._id, 'course_enrollment_paid_school');
    expect(notice).toMatchObject({ title: 'Paid enrolment waiting for approval', entityType: 'course_enrollment' });
    expect(notice!.body).toContain(student.email);
    expect(notice!.actions[0]!.url).toBe(`/admin/course-enrollments/${enrollment._id}`);
    expect(await noticesTo(student.id, enrollment._id, 'course_enrollment_paid_school')).toEqual([]);
  });
});
