import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { paymentsOf } from '#test/enrollment-helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { couponUsesOf, enrollmentRow, insertCoupon, insertMembership, purchase, verifyMembership } from '#test/membership-helpers.ts';

const base = '/api/purchase-membership';
const mine = (u: TestUser, forId?: string) => api(`${base}/my-enrollments${forId ? `?for=${forId}` : ''}`, { token: u.token });
const payAgain = (u: TestUser, id: string) =>
  api(`${base}/${id}/pay`, { method: 'POST', token: u.token, body: { paymentMethod: 'sandbox' } });
const cancel = (u: TestUser, id: string) => api(`${base}/${id}/cancel`, { method: 'PATCH', token: u.token, body: {} });

// The Worker's first request in a file compiles the app (seconds on a busy machine).
beforeAll(() => api('/api/health'), 60_000);

describe('a guardian buys a membership for their child (issue 26)', () => {
  it('makes the enrolment and coupon use the child’s, each payment the guardian’s; the guardian pays, verifies, reads and cancels', async () => {
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon({});
    const res = await purchase(parent, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code, forUserId: child.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { enrollment } = res.body.data;
    expect((await enrollmentRow(enrollment._id))?.userId).toBe(child.id);
    expect((await couponUsesOf(enrollment._id)).map((u) => u.userId)).toEqual([child.id]);

    const again = await payAgain(parent, enrollment._id);
    expect(again.status).toBe(201);
    expect((await verifyMembership(parent, { enrollmentId: enrollment._id }, again.body.data.payment.sessionId)).status).toBe(200);
    expect((await paymentsOf('membership', enrollment._id)).map((p) => p.userId)).toEqual([parent.id, parent.id]);
    expect((await enrollmentRow(enrollment._id))?.paymentStatus).toBe('paid');

    expect((await api(`${base}/${enrollment._id}`, { token: parent.token })).status).toBe(200);
    expect((await mine(parent, child.id)).body.data.map((e: { _id: string }) => e._id)).toEqual([enrollment._id]);
    expect((await mine(parent)).body.data).toEqual([]);

    const other = await insertMembership();
    const second = await purchase(parent, { membershipId: other.membership.id, planId: other.plan.id, forUserId: child.id });
    expect((await cancel(parent, second.body.data.enrollment._id)).status).toBe(200);
    expect((await enrollmentRow(second.body.data.enrollment._id))?.status).toBe('cancelled');
  });

  it('applies the child’s own limits: one live enrolment per child and membership, whatever the guardian holds', async () => {
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const { membership, plan } = await insertMembership();
    const ids = { membershipId: membership.id, planId: plan.id };
    expect((await purchase(parent, ids)).status).toBe(201);
    expect((await purchase(parent, { ...ids, forUserId: child.id })).status).toBe(201);
    expect((await purchase(parent, { ...ids, forUserId: child.id })).status).toBe(409);
  });

  it('refuses another family’s child (403 to buy, 404 to read, pay or cancel theirs) and a student naming another adult', async () => {
    const parent = await createUser({ role: 'member' });
    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    const { membership, plan } = await insertMembership();
    const ids = { membershipId: membership.id, planId: plan.id };
    const refused = await purchase(parent, { ...ids, forUserId: theirs.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only act for yourself or your own children');

    const { enrollment, payment } = (await purchase(stranger, { ...ids, forUserId: theirs.id })).body.data;
    const read = await mine(parent, theirs.id);
    expect([read.status, read.body.message]).toEqual([404, 'Child not found']);
    expect((await api(`${base}/${enrollment._id}`, { token: parent.token })).status).toBe(404);
    expect((await payAgain(parent, enrollment._id)).status).toBe(404);
    expect((await cancel(parent, enrollment._id)).status).toBe(404);
    expect((await verifyMembership(parent, { enrollmentId: enrollment._id }, payment.sessionId)).status).toBe(404);
    expect(await enrollmentRow(enrollment._id)).toMatchObject({ status: 'pending_approval', paymentStatus: 'pending' });

    const student = await createUser({ role: 'student' });
    expect((await purchase(student, { ...ids, forUserId: parent.id })).status).toBe(403);
    expect((await mine(student, parent.id)).status).toBe(404);
  });
});
