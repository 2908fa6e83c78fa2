import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentMethods } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { runAutopay } from './autopay.jobs.ts';
import { autopayMember, chargesOf, freshEpoch, stopAutopay, invoiceRow, invoicesOf } from './autopay.test-helpers.ts';

let base: number;
beforeEach(() => {
  base = freshEpoch();
});
afterEach(stopAutopay);

/** A member whose automatic charge was declined once: their invoice is open and being retried. */
async function declinedInvoice() {
  const member = await autopayMember(base, 'decline');
  await runAutopay(testServiceCtx(), new Date(base + 3_600_000));
  const [invoice] = await invoicesOf(member.user.id);
  return { ...member, invoice: invoice! };
}

describe('admin billing', () => {
  it('is for admin-capable users only', async () => {
    const student = await createUser({ role: 'student' });
    const instructor = await createUser({ role: 'instructor' });
    for (const who of [student, instructor]) {
      expect((await api('/api/admin/billing/summary', { token: who.token })).status).toBe(403);
      expect((await api('/api/admin/billing/invoices', { token: who.token })).status).toBe(403);
      expect((await api('/api/admin/billing/invoices/x/retry', { method: 'POST', token: who.token })).status).toBe(403);
    }
    expect((await api('/api/admin/billing/summary')).status).toBe(401);
  }, 60_000);

  it('lists invoices by status and search, with payer and lines, and retries a declined one now', async () => {
    const admin = await createUser({ role: 'admin' });
    const { invoice, method, enrollment } = await declinedInvoice();
    const found = await api(`/api/admin/billing/invoices?status=declined&search=${invoice.number}`, { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({
      _id: invoice.id,
      status: 'open',
      statusLabel: 'Due',
      failures: 1,
      lastError: 'Your card was declined',
      total: '101.70',
      totalCents: 10_170,
      receiptUrl: null,
    });
    expect(found.body.data[0].lines).toEqual([expect.objectContaining({ enrollmentId: enrollment.id, amount: '101.70' })]);
    expect((await api(`/api/admin/billing/invoices?status=paid&search=${invoice.number}`, { token: admin.token })).body.data).toHaveLength(
      0,
    );
    expect((await api('/api/admin/billing/invoices?status=nope', { token: admin.token })).status).toBe(400);

    const summary = await api('/api/admin/billing/summary', { token: admin.token });
    expect(summary.status).toBe(200);
    expect(summary.body.data.failed.count).toBeGreaterThanOrEqual(1);
    expect(summary.body.data.revenueByMonth).toHaveLength(12);
    expect(summary.body.data.revenueByMonth[11].month).toMatch(/^\d{4}-\d{2}$/);
    const autopayBefore = summary.body.data.revenueByMonth[11].autopayCents as number;

    // declined again while the card still declines; paid once the member saved a working card
    const again = await api(`/api/admin/billing/invoices/${invoice.id}/retry`, { method: 'POST', token: admin.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Your card was declined', data: { failures: 2, status: 'open' } });
    await testDb().update(paymentMethods).set({ providerMethodId: 'sbxpm_ok_adminretry1' }).where(eq(paymentMethods.id, method.id));
    const paid = await api(`/api/admin/billing/invoices/${invoice.id}/retry`, { method: 'POST', token: admin.token });
    expect(paid.body).toMatchObject({
      message: 'Payment received',
      data: { status: 'paid', receiptUrl: `/api/billing/invoices/${invoice.id}/receipt` },
    });
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
    expect((await chargesOf(invoice.id)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
    const twice = await api(`/api/admin/billing/invoices/${invoice.id}/retry`, { method: 'POST', token: admin.token });
    expect(twice.status).toBe(409);
    expect((await api('/api/admin/billing/invoices/missing/retry', { method: 'POST', token: admin.token })).status).toBe(404);
    const after = await api('/api/admin/billing/summary', { token: admin.token });
    expect(after.body.data.revenueByMonth[11].autopayCents - autopayBefore).toBeGreaterThanOrEqual(10_170);
  }, 60_000);
});
