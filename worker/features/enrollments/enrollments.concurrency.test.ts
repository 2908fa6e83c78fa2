import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseEnrollments, notifications, payments } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { approval, enroll, enrolled, insertCourse } from '#test/enrollment-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

describe('enrolment races (budget)', () => {
  it('30 concurrent verify-payment calls with one proof: one state change, one payment, one notification', async () => {
    const { student, enrollment, payment } = await enrolled();
    const proof = await approval(payment.sessionId);
    const calls = await Promise.all(
      Array.from({ length: 30 }, () =>
        api('/api/enroll/verify-payment', { method: 'POST', token: student.token, body: { enrollmentId: enrollment._id, ...proof } }),
      ),
    );
    await settleDeferred();
    const db = testDb();
    const ok = calls.filter((c) => c.status === 200).length;
    const row = await db.select().from(courseEnrollments).where(eq(courseEnrollments.id, enrollment._id)).get();
    // paidAt is written only by the statement that moved the enrolment: one distinct value = one state change.
    const stateChanges = row!.paymentStatus === 'paid' && row!.paidAt ? 1 : 0;
    const [succeeded] = await db
      .select({ n: count() })
      .from(payments)
      .where(
        and(eq(payments.purchaseType, 'course_enrollment'), eq(payments.purchaseId, enrollment._id), eq(payments.status, 'succeeded')),
      );
    const [notes] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, student.id), eq(notifications.eventType, 'course_enrollment_paid')));
    console.log(
      `[budget] verify race: calls 30, ok ${ok}, state changes ${stateChanges}, payments succeeded ${succeeded!.n}, notifications ${notes!.n}`,
    );
    expect(ok).toBe(30);
    expect(new Set(calls.map((c) => c.body.data.enrollment.paidAt)).size).toBe(1);
    expect(stateChanges).toBe(1);
    expect(succeeded!.n).toBe(1);
    expect(notes!.n).toBe(1);
  });

  it('a course with capacity 3 and 20 parallel enrolments takes exactly 3', async () => {
    const course = await insertCourse({ capacity: 3 });
    const students = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const results = await Promise.all(students.map((s) => enroll(s, { courseId: course.id })));
    const created = results.filter((r) => r.status === 201).length;
    const full = results.filter((r) => r.status === 409 && r.body.message === 'This course is full').length;
    const [live] = await testDb()
      .select({ n: count() })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, course.id)));
    console.log(
      `[budget] capacity race: attempts 20, enrolled ${created}, refused 'This course is full' ${full}, other ${20 - created - full}, rows ${live!.n}`,
    );
    expect(created).toBe(3);
    expect(full).toBe(17);
    expect(live!.n).toBe(3);
  });
});
