import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chargeKey } from '#core/billing/dunning.ts';
import { invoices, paymentMethods, payments } from '#db/schema/index.ts';
import { createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { addMonths } from '#test/membership-helpers.ts';
import { sandboxChargesFor, sandboxVault } from '#worker/lib/payments/sandbox-vault.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { chargeInvoice } from './autopay.charge.ts';
import { invoiceDueMemberships } from './autopay.invoice.ts';
import { runAutopay } from './autopay.jobs.ts';
import {
  DAY,
  autopayMember,
  autopayMembership,
  chargesOf,
  enrollment,
  freshEpoch,
  stopAutopay,
  insertCard,
  invoiceRow,
  invoicesOf,
  linesOf,
  mailsOf,
} from './autopay.test-helpers.ts';

let base: number;
beforeEach(() => {
  base = freshEpoch();
});
afterEach(stopAutopay);
const HOUR = 3_600_000;

describe('the renewal job', () => {
  it('charges a due membership once when two runs go at once, extends it one period and sends the receipt', async () => {
    const { user, enrollment: e } = await autopayMember(base);
    const now = new Date(base + HOUR);
    await Promise.all([runAutopay(testServiceCtx(), now), runAutopay(testServiceCtx(), now)]);
    await settleDeferred();
    const [invoice, ...others] = await invoicesOf(user.id);
    expect(others).toHaveLength(0);
    expect(sandboxChargesFor(invoice!.id)).toBe(1);
    expect(invoice).toMatchObject({ status: 'paid', subtotalCents: 9_000, taxCents: 1_170, totalCents: 10_170, failures: 0 });
    expect(invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const charges = await chargesOf(invoice!.id);
    expect(charges.map((c) => [c.sessionId, c.status])).toEqual([[chargeKey(invoice!.id, 1), 'succeeded']]);
    expect(invoice!.paymentId).toBe(charges[0]!.id);
    const [line] = await linesOf(invoice!.id);
    expect(line).toMatchObject({ status: 'paid', paidByPaymentId: charges[0]!.id, totalCents: 10_170 });
    expect(line!.periodStartsAt!.getTime()).toBe(base);
    expect((await enrollment(e.id)).endsAt!.getTime()).toBe(addMonths(base, 1));
    // the receipt: a PDF in R2 and one e-mail linking it
    const pdf = await testServiceCtx().storage.get(`receipts/${invoice!.id}.pdf`);
    expect(new TextDecoder().decode(new Uint8Array(await pdf!.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const mails = await mailsOf(user.id, 'invoice_receipt');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/api/billing/invoices/${invoice!.id}/receipt`);
    // a second run charges nothing
    await runAutopay(testServiceCtx(), new Date(base + 2 * HOUR));
    expect(sandboxChargesFor(invoice!.id)).toBe(1);
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });

  it("puts a family's dues in one invoice paid by one charge", async () => {
    const guardian = await createUser({ role: 'member' });
    await insertCard(guardian.id);
    const [a, b] = [await createUser({ role: 'student' }), await createUser({ role: 'student' })];
    const ea = await autopayMembership(a.id, base, guardian.id);
    const eb = await autopayMembership(b.id, base + 10 * 60_000, guardian.id);
    await runAutopay(testServiceCtx(), new Date(base + HOUR));
    const [invoice, ...others] = await invoicesOf(guardian.id);
    expect(others).toHaveLength(0);
    expect(sandboxChargesFor(invoice!.id)).toBe(1);
    expect(await invoicesOf(a.id)).toHaveLength(0);
    expect(invoice).toMatchObject({ status: 'paid', totalCents: 20_340 });
    expect(invoice!.dueAt.getTime()).toBe(base);
    expect((await linesOf(invoice!.id)).map((l) => l.userId).sort()).toEqual([a.id, b.id].sort());
    expect(await chargesOf(invoice!.id)).toHaveLength(1);
    expect((await enrollment(ea.id)).endsAt!.getTime()).toBe(addMonths(base, 1));
    expect((await enrollment(eb.id)).endsAt!.getTime()).toBe(addMonths(base + 10 * 60_000, 1));
  });

  it('after a decline, a success on the retry extends the membership once, with a fresh idempotency key', async () => {
    const { user, method, enrollment: e } = await autopayMember(base, 'decline');
    const t0 = base + HOUR;
    await runAutopay(testServiceCtx(), new Date(t0));
    await settleDeferred();
    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ status: 'open', failures: 1, lastError: 'Your card was declined' });
    expect(invoice!.nextAttemptAt!.getTime()).toBe(t0 + DAY);
    expect((await enrollment(e.id)).status).toBe('active');
    const told = await mailsOf(user.id, 'invoice_declined');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('http://dojo.test/student/billing');
    // before the retry is due nothing is charged; the member then saves a card that works
    await runAutopay(testServiceCtx(), new Date(t0 + DAY - 1));
    expect(await chargesOf(invoice!.id)).toHaveLength(1);
    await testDb().update(paymentMethods).set({ providerMethodId: 'sbxpm_ok_retrycard01' }).where(eq(paymentMethods.id, method.id));
    await runAutopay(testServiceCtx(), new Date(t0 + DAY));
    await runAutopay(testServiceCtx(), new Date(t0 + DAY + HOUR));
    const charges = await chargesOf(invoice!.id);
    expect(charges.map((c) => [c.sessionId, c.status]).sort()).toEqual(
      [
        [chargeKey(invoice!.id, 1), 'failed'],
        [chargeKey(invoice!.id, 2), 'succeeded'],
      ].sort(),
    );
    expect((await invoiceRow(invoice!.id)).status).toBe('paid');
    const after = await enrollment(e.id);
    expect(after).toMatchObject({ status: 'active' });
    expect(after.endsAt!.getTime()).toBe(addMonths(base, 1));
  });

  it('a re-run after a crash between the charge and its record reuses the idempotency key: charged once', async () => {
    const { user } = await autopayMember(base);
    const ctx = testServiceCtx();
    const t0 = new Date(base + HOUR);
    await invoiceDueMemberships(ctx, t0);
    const [invoice] = await invoicesOf(user.id);
    const method = (await testDb().select().from(paymentMethods).where(eq(paymentMethods.userId, user.id)).get())!;
    // the crashed run: claimed, its payments row written, charged at the vault, then gone before recording it
    await testDb()
      .update(invoices)
      .set({ leaseUntil: new Date(t0.getTime() + 5 * 60_000) })
      .where(eq(invoices.id, invoice!.id));
    await sandboxVault(ctx.config, ctx.origin).charge({
      providerCustomerId: null,
      providerMethodId: method.providerMethodId!,
      amountCents: invoice!.totalCents,
      currency: 'CAD',
      idempotencyKey: chargeKey(invoice!.id, 1),
      description: 'crashed',
      paymentRecordId: 'lost',
      purchaseId: invoice!.id,
    });
    // while the crashed claim holds, a run leaves it alone; once it lapses the same attempt is retried
    await runAutopay(ctx, new Date(t0.getTime() + 60_000));
    expect((await invoiceRow(invoice!.id)).status).toBe('open');
    await runAutopay(ctx, new Date(t0.getTime() + 6 * 60_000));
    expect(sandboxChargesFor(invoice!.id)).toBe(1);
    expect((await invoiceRow(invoice!.id)).status).toBe('paid');
    expect(await chargesOf(invoice!.id)).toHaveLength(1);
  });

  it('leaves a due membership of a member without a saved card in dunning with the reason', async () => {
    const user = await createUser({ role: 'member' });
    await autopayMembership(user.id, base);
    await runAutopay(testServiceCtx(), new Date(base + HOUR));
    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ status: 'open', failures: 1, lastError: 'Add a payment method to turn on autopay' });
    expect(await chargesOf(invoice!.id)).toHaveLength(0);
  });

  it('"Pay now" charges an open invoice at once; a second call finds nothing left to charge', async () => {
    const { user, method } = await autopayMember(base, 'decline');
    await runAutopay(testServiceCtx(), new Date(base + HOUR));
    const [invoice] = await invoicesOf(user.id);
    await testDb().update(paymentMethods).set({ providerMethodId: 'sbxpm_ok_paynowcard1' }).where(eq(paymentMethods.id, method.id));
    const [first, second] = await Promise.all([chargeInvoice(testServiceCtx(), invoice!.id), chargeInvoice(testServiceCtx(), invoice!.id)]);
    expect([first.outcome, second.outcome].sort()).toEqual(['busy', 'paid']);
    expect((await chargesOf(invoice!.id)).filter((c) => c.status === 'succeeded').map((c) => c.sessionId)).toEqual([
      chargeKey(invoice!.id, 2),
    ]);
    expect((await chargeInvoice(testServiceCtx(), invoice!.id)).outcome).toBe('busy');
    expect(
      await testDb()
        .select()
        .from(payments)
        .where(and(eq(payments.purchaseId, invoice!.id), eq(payments.status, 'refunded'))),
    ).toHaveLength(0);
  });
});
