import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradings, notifications, payments, ranks } from '#db/schema/index.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { settleAgain } from '#test/money-notice-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { approve, call, candidateRow, feePayments, memberAt, newGrading, school, type School } from './gradings.test-helpers.ts';

/** The school's student invited to rank 2 (25.00) of an open grading. */
async function invited(s: School, extra: Record<string, unknown> = {}) {
  const id = await newGrading(s, extra);
  const cid = (await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })).body.data._id as string;
  return { id, cid };
}

const verify = async (s: School, id: string, cid: string, sessionId: string) =>
  call(s.student, 'POST', `/api/gradings/${id}/candidates/${cid}/verify-payment`, await approve(sessionId));

describe('the grading fee through the checkout', () => {
  it('registration opens a payment of exactly the rank fee; the sandbox proof marks it paid once', async () => {
    const s = await school();
    const { id, cid } = await invited(s);
    const res = await call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.candidate).toMatchObject({
      _id: cid,
      status: 'registered',
      paymentStatus: 'pending',
      fee: '25.00',
      feeCents: 2500,
    });
    expect(res.body.data.payment).toMatchObject({ gateway: 'sandbox', amount: 2500, returnPath: `/student/progress?paid=${cid}` });
    const [payment] = await feePayments(cid);
    expect(payment).toMatchObject({
      purchaseType: 'grading_fee',
      purchaseId: cid,
      amountCents: 2500,
      status: 'created',
      userId: s.student.id,
    });

    const paid = await verify(s, id, cid, res.body.data.payment.sessionId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.candidate).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    const row = (await candidateRow(cid))!;
    expect(row.paidByPaymentId).toBe(payment!.id);
    const paidAt = row.paidAt;

    // The same proof again, and the webhook replayed: nothing changes, nobody is told twice.
    expect((await verify(s, id, cid, res.body.data.payment.sessionId)).status).toBe(200);
    await settleAgain(cid);
    await settleDeferred();
    expect((await candidateRow(cid))!).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAt });
    expect(await feePayments(cid)).toHaveLength(1);
    const receipts = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.student.id), eq(notifications.eventType, 'grading_fee_paid')));
    expect(receipts).toHaveLength(1);
    const again = await call(s.student, 'POST', `/api/gradings/${id}/register`, {});
    expect([again.status, again.body.message]).toEqual([409, 'You are already registered for this grading']);
    const payAgain = await call(s.student, 'POST', `/api/gradings/${id}/candidates/${cid}/pay`, {});
    expect([payAgain.status, payAgain.body.message]).toEqual([409, 'This grading fee is already paid']);
  });

  it('re-opens a payment for a pending fee, and a refund at the school marks the fee refunded', async () => {
    const s = await school();
    const { id, cid } = await invited(s);
    await call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox' });
    const other = await createUser({ role: 'student' });
    expect((await call(other, 'POST', `/api/gradings/${id}/candidates/${cid}/pay`, {})).status).toBe(404);
    const second = await call(s.student, 'POST', `/api/gradings/${id}/candidates/${cid}/pay`, { gateway: 'sandbox' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.payment.amount).toBe(2500);
    expect(await feePayments(cid)).toHaveLength(2);
    await verify(s, id, cid, second.body.data.payment.sessionId);
    const payment = (await feePayments(cid)).find((p) => p.status === 'succeeded')!;
    const refund = await call(s.admin, 'PUT', `/api/payments/status/${payment.id}`, { status: 'refunded' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect((await candidateRow(cid))!.paymentStatus).toBe('refunded');
  });

  it('a free test is paid at registration with no payment', async () => {
    const s = await school();
    const id = await newGrading(s);
    const member = await memberAt(s, 0);
    await testDb().update(ranks).set({ testFeeCents: 0 }).where(eq(ranks.id, s.ranks[1]!.id));
    const cid = (await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: member.id })).body.data._id;
    const res = await call(member, 'POST', `/api/gradings/${id}/register`, {});
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ candidate: { status: 'paid', paymentStatus: 'none', fee: '0.00' }, payment: null });
    expect(await feePayments(cid)).toEqual([]);
  });

  it('refuses registration once it has closed, or before the grading opens', async () => {
    const s = await school();
    const { id } = await invited(s, { registrationClosesAt: '2026-01-01T00:00:00Z' });
    const res = await call(s.student, 'POST', `/api/gradings/${id}/register`, {});
    expect([res.status, res.body.message]).toEqual([409, 'Registration for this grading is closed']);
    await testDb().update(gradings).set({ registrationClosesAt: null, status: 'draft' }).where(eq(gradings.id, id));
    expect((await call(s.student, 'POST', `/api/gradings/${id}/register`, {})).body.message).toBe(
      'Registration for this grading is closed',
    );
    const stranger = await createUser({ role: 'student' });
    expect((await call(stranger, 'POST', `/api/gradings/${id}/register`, {})).status).toBe(404);
  });

  it('a payment that lands after the fee was waived is refunded and leaves the waiver', async () => {
    const s = await school();
    const { id, cid } = await invited(s);
    const started = await call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox' });
    await call(s.admin, 'POST', `/api/gradings/${id}/candidates/${cid}/waive`, { reason: 'Hardship' });
    const late = await verify(s, id, cid, started.body.data.payment.sessionId);
    expect(late.status).toBe(409);
    expect((await candidateRow(cid))!).toMatchObject({ status: 'waived', paymentStatus: 'waived' });
    const [payment] = await testDb().select().from(payments).where(eq(payments.purchaseId, cid));
    expect(payment!.status).toBe('refunded');
  });

  it('cancelling the grading gives a paid fee back and marks it refunded', async () => {
    const s = await school();
    const { id, cid } = await invited(s);
    const started = await call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox' });
    await verify(s, id, cid, started.body.data.payment.sessionId);
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/cancel`, { reason: 'Sensei is ill' })).status).toBe(200);
    expect((await candidateRow(cid))!.paymentStatus).toBe('refunded');
    const [payment] = await feePayments(cid);
    expect(payment).toMatchObject({ status: 'refunded', refundId: expect.any(String) });
  });
});
