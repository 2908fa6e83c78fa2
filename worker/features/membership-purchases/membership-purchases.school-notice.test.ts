import { describe, expect, it } from 'vitest';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { createUser } from '#test/helpers.ts';
import { enrollmentRow, insertMembership, purchase, verifyMembership } from '#test/membership-helpers.ts';
import { expectToldOnce, noticesTo, school, settleAgain } from '#test/money-notice-helpers.ts';

describe('the school hears of a membership purchase', () => {
  it('every admin-capable account gets one notice (e-mail by preference) even when the payment settles again; members nothing', async () => {
    const s = await school();
    const buyer = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const created = await purchase(buyer, { membershipId: membership.id, planId: plan.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.enrollment._id;
    const sessionId = created.body.data.payment.sessionId;
    for (let i = 0; i < 2; i++) expect((await verifyMembership(buyer, { enrollmentId: id }, sessionId)).status).toBe(200);
    expect(await enrollmentRow(id)).toMatchObject({ status: 'pending_approval', paymentStatus: 'paid' });
    await settleDeferred();
    await settleAgain(id);
    await expectToldOnce(s, id, 'membership_paid_school', ['admin', 'mailed', 'gm']);
    const [notice] = await noticesTo(s.admin.id, id, 'membership_paid_school');
    expect(notice).toMatchObject({ title: 'Membership purchase waiting for approval', entityType: 'membership_enrollment' });
    expect(notice!.body).toContain(buyer.email);
    expect(notice!.actions[0]!.url).toBe(`/admin/membership-enrollments/${id}`);
    expect(await noticesTo(buyer.id, id, 'membership_paid_school')).toEqual([]);
  });
});
