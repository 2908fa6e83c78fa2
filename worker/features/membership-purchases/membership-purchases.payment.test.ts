import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { couponUsesOf, enrollmentRow, insertCoupon, insertMembership, purchase, verifyMembership } from '#test/membership-helpers.ts';
import { GATEWAY_START_FAILED } from '#worker/lib/payments/open.ts';
import { purchasePayment } from './membership-purchases.pay.ts';

describe('membership payments through the school and the gateway', () => {
  it('a payment taken by hand settles the enrolment; the school refunding it marks it refunded', async () => {
    const buyer = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const created = await purchase(buyer, { membershipId: membership.id, planId: plan.id });
    const id = created.body.data.enrollment._id;
    const payment = (await testDb().select().from(payments).where(eq(payments.purchaseId, id)).get())!;
    expect(payment).toMatchObject({ purchaseType: 'membership', amountCents: 10_170 });
    const admin = await createUser({ role: 'admin' });
    const paid = await api(`/api/payments/status/${payment.id}`, { method: 'PUT', token: admin.token, body: { status: 'succeeded' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await enrollmentRow(id))!).toMatchObject({ paymentStatus: 'paid', status: 'pending_approval' });
    const refunded = await api(`/api/payments/status/${payment.id}`, { method: 'PUT', token: admin.token, body: { status: 'refunded' } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect((await enrollmentRow(id))!.paymentStatus).toBe('refunded');
  });

  it('a payment that cannot be started cancels the new enrolment at once, its coupon use back', async () => {
    const buyer = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon();
    const created = await purchase(buyer, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code });
    const row = (await enrollmentRow(created.body.data.enrollment._id))!;
    await expect(purchasePayment(testServiceCtx(), { kind: 'membership', row }, 'stripe', { abandonOnFailure: true })).rejects.toThrow(
      'Payment method stripe is not available',
    );
    expect((await enrollmentRow(row.id))!).toMatchObject({ status: 'cancelled', cancelReason: GATEWAY_START_FAILED });
    expect((await couponUsesOf(row.id)).map((u) => u.status)).toEqual(['released']);
    // The member may buy it again now.
    const again = await purchase(buyer, { membershipId: membership.id, planId: plan.id });
    expect(again.status).toBe(201);
  });

  it('the owner cancelling a paid enrolment before it is active gets the money back', async () => {
    const buyer = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const created = await purchase(buyer, { membershipId: membership.id, planId: plan.id });
    const id = created.body.data.enrollment._id;
    await verifyMembership(buyer, { enrollmentId: id }, created.body.data.payment.sessionId);
    const res = await api(`/api/purchase-membership/${id}/cancel`, {
      method: 'PATCH',
      token: buyer.token,
      body: { cancelReason: 'Moving away' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ enrollmentStatus: 'cancelled', paymentStatus: 'refunded', cancelReason: 'Moving away' });
    expect((await testDb().select().from(payments).where(eq(payments.purchaseId, id)).get())!.status).toBe('refunded');
  });
});
