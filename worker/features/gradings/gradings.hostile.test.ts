import { describe, expect, it } from 'vitest';
import { createUser } from '#test/helpers.ts';
import { approve, call, candidateRow, feePayments, memberAt, newGrading, school } from './gradings.test-helpers.ts';

describe('gradings refuse what callers must not do', () => {
  it('ignores a fee, a state or a payment sent with an invitation or a registration', async () => {
    const s = await school();
    const id = await newGrading(s);
    const invited = await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, {
      userId: s.student.id,
      status: 'paid',
      paymentStatus: 'paid',
      feeCents: 1,
      eligibilitySnapshot: { eligible: true, checks: [] },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ status: 'invited', paymentStatus: 'none', feeCents: 2500 });
    const registered = await call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox', amount: 1, feeCents: 1 });
    expect(registered.body.data.payment.amount).toBe(2500);
    expect((await feePayments(invited.body.data._id))[0]!.amountCents).toBe(2500);
  });

  it("never lets a student reach another member's candidacy, nor a candidacy through another grading's path", async () => {
    const s = await school();
    const id = await newGrading(s);
    const cid = (await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })).body.data._id;
    const started = await call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox' });
    const proof = await approve(started.body.data.payment.sessionId);
    const other = await memberAt(s, 0);
    for (const [method, path, body] of [
      ['POST', `/api/gradings/${id}/candidates/${cid}/pay`, {}],
      ['POST', `/api/gradings/${id}/candidates/${cid}/verify-payment`, proof],
    ] as const) {
      const res = await call(other, method, path, body);
      expect([res.status, res.body.message], path).toEqual([404, 'Candidate not found']);
    }
    const elsewhere = await newGrading(s);
    const crossed = await call(s.student, 'POST', `/api/gradings/${elsewhere}/candidates/${cid}/verify-payment`, proof);
    expect(crossed.status).toBe(404);
    expect((await call(s.admin, 'POST', `/api/gradings/${elsewhere}/candidates/${cid}/waive`, { reason: 'x' })).status).toBe(404);
    expect((await candidateRow(cid))!).toMatchObject({ status: 'registered', paymentStatus: 'pending' });
    // A forged signature settles nothing.
    const forged = await call(s.student, 'POST', `/api/gradings/${id}/candidates/${cid}/verify-payment`, {
      ...proof,
      signature: 'f'.repeat(64),
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/^Payment verification failed/);
    expect((await candidateRow(cid))!.paymentStatus).toBe('pending');
  });

  it('refuses a candidate list to a student and an unknown grading to staff', async () => {
    const s = await school();
    const id = await newGrading(s);
    expect((await call(s.student, 'GET', `/api/gradings/${id}/candidates`)).status).toBe(403);
    const admin = await createUser({ role: 'admin' });
    const res = await call(admin, 'GET', `/api/gradings/nope/candidates`);
    expect([res.status, res.body.message]).toEqual([404, 'Grading not found']);
  });
});
