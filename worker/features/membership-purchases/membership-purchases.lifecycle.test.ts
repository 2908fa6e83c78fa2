import { and, eq } from 'drizzle-orm';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { emailOutbox, payments } from '#db/schema/index.ts';
import { api, createUser, testDb, type TestUser } from '#test/helpers.ts';
import {
  addMonths,
  couponUsesOf,
  enrollmentRow,
  insertCoupon,
  insertMembership,
  purchase,
  renewalRow,
  verifyMembership,
} from '#test/membership-helpers.ts';
import { membershipEnrollments } from '#db/schema/index.ts';

const P = '/api/purchase-membership';
const DAY = 86_400_000;

async function bought(user?: TestUser, couponCode?: string) {
  const buyer = user ?? (await createUser({ role: 'member' }));
  const { membership, plan } = await insertMembership();
  const res = await purchase(buyer, { membershipId: membership.id, planId: plan.id, couponCode });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { buyer, membership, plan, enrollment: res.body.data.enrollment, payment: res.body.data.payment };
}

const staff = () => createUser({ role: 'admin' });
const approveIt = (admin: TestUser, id: string, body: Record<string, unknown> = {}) =>
  api(`${P}/${id}/approve`, { method: 'POST', token: admin.token, body });
const paymentOf = (id: string) => testDb().select().from(payments).where(eq(payments.purchaseId, id)).get();

describe('paying and the school deciding (decision 012)', () => {
  it('verifies once (idempotent), then approval makes it active with the period starting now', async () => {
    const { buyer, enrollment, payment } = await bought();
    const first = await verifyMembership(buyer, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Payment verified');
    expect(first.body.data.enrollment).toMatchObject({ paymentStatus: 'paid', enrollmentStatus: 'pending_approval', startsAt: null });
    await settleDeferred();
    const receipts = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, buyer.id), eq(emailOutbox.kind, 'membership_paid')));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Total paid: C$101.70 CAD');
    const again = await verifyMembership(buyer, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(again.status).toBe(200);
    await settleDeferred();
    expect(
      await testDb()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.userId, buyer.id), eq(emailOutbox.kind, 'membership_paid'))),
    ).toHaveLength(1);
    expect(again.body.data.enrollment.paymentStatus).toBe('paid');
    const bad = await api(`${P}/verify-payment`, {
      method: 'POST',
      token: buyer.token,
      body: { enrollmentId: enrollment._id, sessionId: 'nope', paymentId: 'x', signature: 'y' },
    });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toMatch(/^Payment verification failed/);

    const admin = await staff();
    const before = Date.now();
    const approved = await approveIt(admin, enrollment._id, { approvalNotes: 'Welcome' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ enrollmentStatus: 'active', approvalNotes: 'Welcome', canRenew: true });
    const row = (await enrollmentRow(enrollment._id))!;
    expect(row.startsAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.endsAt!.getTime()).toBe(addMonths(row.startsAt!.getTime(), 1));
    expect(approved.body.data.daysLeft).toBeGreaterThanOrEqual(27);
    const twice = await approveIt(admin, enrollment._id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ENROLLMENT_MESSAGES.cannotApprove('active'));
  });

  it('approved before paying: approved, then the payment makes it active and confirms the coupon use', async () => {
    const coupon = await insertCoupon();
    const buyer = await createUser({ role: 'member' });
    const { enrollment, payment } = await bought(buyer, coupon.code);
    const admin = await staff();
    const approved = await approveIt(admin, enrollment._id);
    expect(approved.body.data).toMatchObject({ enrollmentStatus: 'approved', startsAt: null, canPay: true });
    const paid = await verifyMembership(buyer, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(paid.body.data.enrollment).toMatchObject({ enrollmentStatus: 'active', paymentStatus: 'paid' });
    expect(paid.body.data.enrollment.endsAt).not.toBeNull();
    expect((await couponUsesOf(enrollment._id))[0]!.status).toBe('confirmed');
  });

  it('approves two racing admins once', async () => {
    const { enrollment } = await bought();
    const [a, b] = await Promise.all([staff(), staff()]);
    const results = await Promise.all([approveIt(a, enrollment._id), approveIt(b, enrollment._id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('rejecting a paid enrolment that never became active refunds it and releases the coupon use', async () => {
    const coupon = await insertCoupon();
    const buyer = await createUser({ role: 'member' });
    const { enrollment, payment } = await bought(buyer, coupon.code);
    await verifyMembership(buyer, { enrollmentId: enrollment._id }, payment.sessionId);
    const admin = await staff();
    const rejected = await api(`${P}/${enrollment._id}/reject`, {
      method: 'POST',
      token: admin.token,
      body: { rejectionReason: 'Class full' },
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ enrollmentStatus: 'cancelled', paymentStatus: 'refunded', cancelReason: 'Class full' });
    expect((await paymentOf(enrollment._id))!.status).toBe('refunded');
    expect((await couponUsesOf(enrollment._id))[0]!.status).toBe('released');
    const again = await api(`${P}/${enrollment._id}/reject`, { method: 'POST', token: admin.token, body: {} });
    expect(again.status).toBe(409);
  });

  it('cancelling an active membership refunds nothing; cancelling an expired one is 409', async () => {
    const { buyer, enrollment, payment } = await bought();
    await verifyMembership(buyer, { enrollmentId: enrollment._id }, payment.sessionId);
    await approveIt(await staff(), enrollment._id);
    const cancelled = await api(`${P}/${enrollment._id}/cancel`, { method: 'PATCH', token: buyer.token, body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ enrollmentStatus: 'cancelled', paymentStatus: 'paid', cancelReason: 'Cancelled by user' });
    expect((await paymentOf(enrollment._id))!.status).toBe('succeeded');

    const other = await bought();
    await testDb().update(membershipEnrollments).set({ status: 'expired' }).where(eq(membershipEnrollments.id, other.enrollment._id));
    const expired = await api(`${P}/${other.enrollment._id}/cancel`, { method: 'PATCH', token: other.buyer.token, body: {} });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(ENROLLMENT_MESSAGES.cannotCancel('expired'));
  });

  it('an admin cancelling says so; an unpaid cancel releases the coupon use once', async () => {
    const coupon = await insertCoupon();
    const { enrollment } = await bought(undefined, coupon.code);
    const admin = await staff();
    const res = await api(`${P}/${enrollment._id}/cancel`, { method: 'PATCH', token: admin.token, body: {} });
    expect(res.body.data).toMatchObject({ enrollmentStatus: 'cancelled', paymentStatus: 'pending', cancelReason: 'Cancelled by admin' });
    expect((await couponUsesOf(enrollment._id)).map((u) => u.status)).toEqual(['released']);
    expect((await api(`${P}/${enrollment._id}/cancel`, { method: 'PATCH', token: admin.token, body: {} })).status).toBe(409);
  });

  it('a payment for a cancelled enrolment is refunded and answered 409', async () => {
    const { buyer, enrollment, payment } = await bought();
    await api(`${P}/${enrollment._id}/cancel`, { method: 'PATCH', token: buyer.token, body: {} });
    const res = await verifyMembership(buyer, { enrollmentId: enrollment._id }, payment.sessionId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Payment verification failed: .*refunded/);
    expect((await paymentOf(enrollment._id))!.status).toBe('refunded');
  });

  it('pays again for an own unpaid enrolment, 409 once paid, 404 for someone else', async () => {
    const { buyer, enrollment, payment } = await bought();
    const again = await api(`${P}/${enrollment._id}/pay`, { method: 'POST', token: buyer.token, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.payment.sessionId).not.toBe(payment.sessionId);
    const stranger = await createUser({ role: 'member' });
    expect((await api(`${P}/${enrollment._id}/pay`, { method: 'POST', token: stranger.token, body: {} })).status).toBe(404);
    await verifyMembership(buyer, { enrollmentId: enrollment._id }, again.body.data.payment.sessionId);
    const paid = await api(`${P}/${enrollment._id}/pay`, { method: 'POST', token: buyer.token, body: {} });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(ENROLLMENT_MESSAGES.alreadyPaid);
  });
});

describe('renewals', () => {
  async function activeMembership() {
    const ctx = await bought();
    await verifyMembership(ctx.buyer, { enrollmentId: ctx.enrollment._id }, ctx.payment.sessionId);
    await approveIt(await staff(), ctx.enrollment._id);
    return ctx;
  }

  it('extends from the current end, clears the reminder, with its own price and payment', async () => {
    const { buyer, enrollment } = await activeMembership();
    const end = (await enrollmentRow(enrollment._id))!.endsAt!.getTime();
    await testDb().update(membershipEnrollments).set({ reminderSentAt: new Date() }).where(eq(membershipEnrollments.id, enrollment._id));
    const renewed = await api(`${P}/${enrollment._id}/renew`, { method: 'POST', token: buyer.token, body: { paymentMethod: 'sandbox' } });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const { renewal, payment } = renewed.body.data;
    expect(renewal).toMatchObject({ kind: 'membership', status: 'pending_payment', price: 100, discountAmount: 10, totalAmount: 101.7 });
    expect(payment.checkoutUrl).toContain(encodeURIComponent(`/memberships/complete?renewalId=${renewal._id}`));
    const verified = await verifyMembership(buyer, { renewalId: renewal._id }, payment.sessionId);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const row = (await enrollmentRow(enrollment._id))!;
    expect(row.endsAt!.getTime()).toBe(addMonths(end, 1));
    expect(row.reminderSentAt).toBeNull();
    expect((await renewalRow(renewal._id))!).toMatchObject({ status: 'paid' });
    expect((await renewalRow(renewal._id))!.periodStartsAt!.getTime()).toBe(end);
    // The same proof again changes nothing.
    await verifyMembership(buyer, { renewalId: renewal._id }, payment.sessionId);
    expect((await enrollmentRow(enrollment._id))!.endsAt!.getTime()).toBe(addMonths(end, 1));
  });

  it('an expired membership renews from now and becomes active again', async () => {
    const { buyer, enrollment } = await activeMembership();
    const past = new Date(Date.now() - 10 * DAY);
    await testDb()
      .update(membershipEnrollments)
      .set({ status: 'expired', endsAt: past, expiredAt: past })
      .where(eq(membershipEnrollments.id, enrollment._id));
    const renewed = await api(`${P}/${enrollment._id}/renew`, { method: 'POST', token: buyer.token, body: { paymentMethod: 'sandbox' } });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const before = Date.now();
    await verifyMembership(buyer, { renewalId: renewed.body.data.renewal._id }, renewed.body.data.payment.sessionId);
    const row = (await enrollmentRow(enrollment._id))!;
    expect(row.status).toBe('active');
    const start = (await renewalRow(renewed.body.data.renewal._id))!.periodStartsAt!.getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(row.endsAt!.getTime()).toBe(addMonths(start, 1));
  });

  it('refuses to renew a pending enrolment (409) and someone else’s (404); an unknown method is 400', async () => {
    const { buyer, enrollment } = await bought();
    const pending = await api(`${P}/${enrollment._id}/renew`, { method: 'POST', token: buyer.token, body: {} });
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(ENROLLMENT_MESSAGES.cannotRenew('pending_approval'));
    const active = await activeMembership();
    const stranger = await createUser({ role: 'member' });
    expect((await api(`${P}/${active.enrollment._id}/renew`, { method: 'POST', token: stranger.token, body: {} })).status).toBe(404);
    const wrong = await api(`${P}/${active.enrollment._id}/renew`, {
      method: 'POST',
      token: active.buyer.token,
      body: { paymentMethod: 'bitcoin' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Payment method bitcoin is not available');
  });
});

describe('races', () => {
  it('two cancels at once: one wins, the other is 409, the coupon use is released once', async () => {
    const coupon = await insertCoupon();
    const { buyer, enrollment } = await bought(undefined, coupon.code);
    const admin = await staff();
    const results = await Promise.all([
      api(`${P}/${enrollment._id}/cancel`, { method: 'PATCH', token: buyer.token, body: {} }),
      api(`${P}/${enrollment._id}/reject`, { method: 'POST', token: admin.token, body: {} }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await couponUsesOf(enrollment._id)).map((u) => u.status)).toEqual(['released']);
  });

  it('no new payment for an enrolment past its due date', async () => {
    const { buyer, enrollment } = await bought();
    await testDb()
      .update(membershipEnrollments)
      .set({ paymentDueAt: new Date(Date.now() - 1000) })
      .where(eq(membershipEnrollments.id, enrollment._id));
    const res = await api(`${P}/${enrollment._id}/pay`, { method: 'POST', token: buyer.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ENROLLMENT_MESSAGES.notPayable);
  });
});
