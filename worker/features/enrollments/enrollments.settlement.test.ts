import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { enrolled, enrollmentRow, paymentsOf } from '#test/enrollment-helpers.ts';

const setPayment = (token: string, id: string, status: string) =>
  api(`/api/payments/status/${id}`, { method: 'PUT', token, body: { status } });

describe('course settlements through Payments (the school by hand)', () => {
  it('a payment marked succeeded at the desk settles an approved enrolment: active with a term', async () => {
    const admin = await createUser({ role: 'admin' });
    const { enrollment } = await enrolled();
    await api(`/api/enroll/${enrollment._id}/approve`, { method: 'POST', token: admin.token, body: {} });
    const [payment] = await paymentsOf('course_enrollment', enrollment._id);
    expect((await setPayment(admin.token, payment!.id, 'succeeded')).status).toBe(200);
    const row = await enrollmentRow(enrollment._id);
    expect(row).toMatchObject({ status: 'active', paymentStatus: 'paid' });
    expect(row!.termEndsAt).not.toBeNull();
  });

  it('a refund by the school after it became active marks the money refunded and keeps the enrolment', async () => {
    const admin = await createUser({ role: 'admin' });
    const { enrollment } = await enrolled({ pay: true });
    await api(`/api/enroll/${enrollment._id}/approve`, { method: 'POST', token: admin.token, body: {} });
    const [payment] = await paymentsOf('course_enrollment', enrollment._id);
    expect((await setPayment(admin.token, payment!.id, 'refunded')).status).toBe(200);
    expect(await enrollmentRow(enrollment._id)).toMatchObject({ status: 'active', paymentStatus: 'refunded' });
  });
});
