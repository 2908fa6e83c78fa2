import { describe, expect, it } from 'vitest';
import { api, createUser, testServiceCtx } from '#test/helpers.ts';
import { insertOrder } from '#test/order-helpers.ts';
import { adminHome } from './dashboard.admin.ts';
import { monthWeeks } from './dashboard.queries.ts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';
import {
  DAY,
  insertCourseEnrollment,
  insertEnquiryRow,
  insertMembershipEnrollment,
  insertPayment,
  lonelyMonth,
} from './dashboard.test-helpers.ts';

const HOUR = 3_600_000;

describe('the admin home', () => {
  it("nets this month's refunds out of its payments, week by week, in cents", async () => {
    const payer = await createUser({ role: 'student' });
    const now = lonelyMonth();
    const { weeks, start, end } = monthWeeks(now, DEFAULT_SCHOOL_TIME_ZONE);
    const [w0, w1, w2] = [weeks[0]!, weeks[1]!, weeks[2]!];
    await insertPayment(10_000, new Date(w0.from + HOUR), { userId: payer.id });
    await insertPayment(1_999, new Date(w2.from + HOUR));
    await insertPayment(1, new Date(w2.from + 2 * HOUR));
    await insertPayment(3_000, new Date(w1.from + HOUR), { status: 'refunded', refundedAt: new Date(w2.from + 3 * HOUR) });
    // Paid last month, refunded this month: the refund counts here, the payment there.
    await insertPayment(2_500, new Date(start - DAY), { status: 'refunded', refundedAt: new Date(w0.from + 2 * HOUR) });
    await insertPayment(99_999, new Date(w1.from + HOUR), { status: 'failed' });
    await insertPayment(99_999, new Date(end + HOUR));

    const { revenue } = await adminHome(testServiceCtx({ user: { ...payer, role: 'admin', emailVerified: true, tokenVersion: 0 } }), now);
    expect(revenue).toMatchObject({ paid: 150, refunded: 55, net: 95, currency: 'CAD' });
    expect(revenue.weeks.map((w) => w.net)).toEqual(weeks.map((_, i) => [75, 30, -10][i] ?? 0));
    expect(revenue.weeks[0]!.from).toBe(new Date(start).toISOString());
  });

  it('counts active memberships ending within 14 days and lists them soonest first with the member', async () => {
    const member = await createUser({ role: 'member', profile: { firstName: 'Ada', lastName: 'Lee' } });
    const now = lonelyMonth();
    const soon = await insertMembershipEnrollment(member.id, { endsAt: new Date(now + 3 * DAY) });
    const later = await insertMembershipEnrollment(member.id, { endsAt: new Date(now + 13 * DAY) });
    await insertMembershipEnrollment(member.id, { endsAt: new Date(now + 15 * DAY) });
    await insertMembershipEnrollment(member.id, { status: 'expired', endsAt: new Date(now + 2 * DAY) });
    await insertMembershipEnrollment(member.id, { endsAt: new Date(now - DAY) });
    const ctx = testServiceCtx({ user: { id: member.id, email: member.email, role: 'admin', emailVerified: true, tokenVersion: 0 } });
    const data = await adminHome(ctx, now);
    expect(data.queues.expiringMemberships).toBe(2);
    expect(data.expiring.map((m) => [m._id, m.who])).toEqual([
      [soon.id, 'Ada Lee'],
      [later.id, 'Ada Lee'],
    ]);
  });

  it('counts each queue from real rows: enquiries, approvals, orders to ship, unpaid items', async () => {
    const admin = await createUser({ role: 'admin' });
    const buyer = await createUser({ role: 'student' });
    const before = (await api('/api/dashboard/admin', { token: admin.token })).body.data.queues;
    await insertEnquiryRow('New');
    await insertEnquiryRow('Contacted');
    await insertEnquiryRow('New', true);
    await insertOrder(buyer, 2000, 'paid');
    await insertOrder(buyer, 2000, 'processing');
    await insertOrder(buyer, 2000, 'shipped');
    await insertOrder(buyer, 2000, 'pending_payment');
    await insertCourseEnrollment(buyer.id, { status: 'pending_approval', paymentStatus: 'pending' });
    await insertMembershipEnrollment(buyer.id, { status: 'pending_approval', paymentStatus: 'paid', endsAt: null });

    const res = await api('/api/dashboard/admin', { token: admin.token });
    expect(res.status).toBe(200);
    const q = res.body.data.queues;
    expect(q.newEnquiries - before.newEnquiries).toBeGreaterThanOrEqual(1);
    expect(q.ordersToShip - before.ordersToShip).toBeGreaterThanOrEqual(2);
    expect(q.courseEnrollments - before.courseEnrollments).toBeGreaterThanOrEqual(1);
    expect(q.membershipEnrollments - before.membershipEnrollments).toBeGreaterThanOrEqual(1);
    expect(q.unpaid.orders - before.unpaid.orders).toBeGreaterThanOrEqual(1);
    expect(q.unpaid.courseEnrollments - before.unpaid.courseEnrollments).toBeGreaterThanOrEqual(1);
    expect(q.unpaid.total).toBe(q.unpaid.orders + q.unpaid.courseEnrollments + q.unpaid.membershipEnrollments + q.unpaid.renewals);
  });

  it('feeds the latest orders, enrolments, enquiries and payments, newest first, without spam', async () => {
    const admin = await createUser({ role: 'admin' });
    const buyer = await createUser({ role: 'student', profile: { firstName: 'Kai' } });
    const spam = await insertEnquiryRow('New', true);
    const order = await insertOrder(buyer, 1234, 'paid');
    const data = (await api('/api/dashboard/admin', { token: admin.token })).body.data;
    const ats = data.activity.map((a: { at: string }) => a.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(data.activity.length).toBeLessThanOrEqual(10);
    expect(data.activity.map((a: { _id: string }) => a._id)).not.toContain(spam.id);
    expect(data.activity).toContainEqual(expect.objectContaining({ kind: 'order', _id: order, amount: 12.34, status: 'paid' }));
  });
});
