import { describe, expect, it } from 'vitest';
import { atWallTime, localDate } from '#core/time-zone.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertOrder } from '#test/order-helpers.ts';
import { DAY, insertCourseEnrollment, insertMembershipEnrollment, insertOrderItem, insertSyllabusItem } from './dashboard.test-helpers.ts';

const home = async (token: string) => {
  const res = await api('/api/dashboard/student', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('GET /api/dashboard/student', () => {
  it("answers the caller's courses, membership with days left, grade's syllabus and latest orders", async () => {
    const me = await createUser({ role: 'student', profile: { firstName: 'Rin', grade: 'Orange Belt' } });
    // Noon on the school's calendar 10 and 5 days from today: days left count calendar days, whatever the hour now.
    const zone = await schoolTimeZone(testDb());
    const noonIn = (days: number) => {
      const d = localDate(days, Date.now(), zone);
      return atWallTime(d.y, d.month, d.day, 12, 0, zone);
    };
    const active = await insertCourseEnrollment(me.id, { termEndsAt: noonIn(10) });
    await insertCourseEnrollment(me.id, { status: 'cancelled' });
    const membership = await insertMembershipEnrollment(me.id, { endsAt: noonIn(5) });
    await insertMembershipEnrollment(me.id, { status: 'expired', endsAt: new Date(Date.now() - DAY) });
    const orderId = await insertOrder(me, 4250, 'paid');
    await insertOrderItem(orderId, 2);
    await insertOrderItem(orderId, 1);
    const before = (await home(me.token)).syllabus.count;
    await insertSyllabusItem('orange', 2);
    await insertSyllabusItem('orange', 2, false);

    const data = await home(me.token);
    expect(data.grade).toBe('orange');
    expect(data.courses).toEqual([expect.objectContaining({ _id: active.id, status: 'active', daysLeft: 10 })]);
    expect(data.membership).toMatchObject({ _id: membership.id, status: 'active', daysLeft: 5 });
    expect(data.orders).toEqual([expect.objectContaining({ _id: orderId, status: 'paid', total: 42.5, items: 3 })]);
    expect(data.syllabus).toEqual({ grade: 'orange', count: expect.any(Number) });
    expect(data.syllabus.count - before).toBeGreaterThanOrEqual(1);
    expect(data.nextClasses.length).toBeLessThanOrEqual(3);
  });

  it("never shows another student's enrolments, membership or orders", async () => {
    const me = await createUser({ role: 'member' });
    const other = await createUser({ role: 'student' });
    await insertCourseEnrollment(other.id);
    await insertMembershipEnrollment(other.id);
    await insertOrder(other, 1000, 'paid');
    const data = await home(me.token);
    expect(data).toMatchObject({ grade: null, courses: [], membership: null, orders: [], syllabus: { grade: null, count: 0 } });
  });

  it('shows a membership waiting for approval when none is active', async () => {
    const me = await createUser({ role: 'student' });
    const waiting = await insertMembershipEnrollment(me.id, { status: 'pending_approval', paymentStatus: 'pending', endsAt: null });
    const data = await home(me.token);
    expect(data.membership).toMatchObject({ _id: waiting.id, status: 'pending_approval', endsAt: null, daysLeft: null });
  });
});
