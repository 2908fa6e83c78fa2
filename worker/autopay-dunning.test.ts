import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { chargeKey } from '#core/billing/dunning.ts';
import { newId } from '#core/ids.ts';
import { enrollmentRenewals, invoices, payments } from '#db/schema/index.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { handleWebhook } from '#worker/features/payments/payments.webhook.ts';
import { cancelUnpaidMemberships, expireMemberships } from '#worker/features/membership-purchases/membership-purchases.jobs.ts';
import { mayTrainSql } from '#worker/lib/class-eligibility.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { testDb, testServiceCtx } from '#test/helpers.ts';
import { addMonths } from '#test/membership-helpers.ts';
import { settleCharge } from '#worker/features/autopay/autopay.charge.ts';
import { dunningPolicy } from '#worker/features/autopay/autopay.dunning.ts';
import { invoiceDueMemberships } from '#worker/features/autopay/autopay.invoice.ts';
import { runAutopay } from '#worker/features/autopay/autopay.jobs.ts';
import {
  DAY,
  autopayMember,
  chargesOf,
  enrollment,
  freshEpoch,
  stopAutopay,
  invoiceRow,
  invoicesOf,
  linesOf,
  mailsOf,
} from '#worker/features/autopay/autopay.test-helpers.ts';

let base: number;
beforeEach(() => {
  base = freshEpoch();
});
afterEach(stopAutopay);
const HOUR = 3_600_000;

const mayTrain = async (userId: string, at: number) =>
  Boolean((await testDb().get<{ ok: number }>(sql`select ${mayTrainSql(userId, at)} as ok`))?.ok);

describe('dunning', () => {
  it('retries after the school days, then past due (still training), then expired after the grace', async () => {
    const policy = await dunningPolicy(testDb());
    const { user, enrollment: e } = await autopayMember(base, 'decline');
    const t0 = base + HOUR;
    const run = (at: number) => runAutopay(testServiceCtx(), new Date(at));
    await run(t0);
    const [invoice] = await invoicesOf(user.id);
    const id = invoice!.id;
    // the membership's own expiry leaves it alone while its renewal is being charged, and it may still train
    await expireMemberships(testServiceCtx(), new Date(t0));
    expect((await enrollment(e.id)).status).toBe('active');
    expect(await mayTrain(user.id, t0)).toBe(true);
    for (const [i, days] of policy.retryDays.entries()) {
      expect(await invoiceRow(id)).toMatchObject({ status: 'open', failures: i + 1 });
      expect((await invoiceRow(id)).nextAttemptAt!.getTime()).toBe(t0 + days * DAY);
      await run(t0 + days * DAY - 1);
      expect((await invoiceRow(id)).failures).toBe(i + 1);
      await run(t0 + days * DAY);
    }
    const last = policy.retryDays.at(-1)!;
    const pastDue = await invoiceRow(id);
    expect(pastDue).toMatchObject({ status: 'past_due', failures: policy.retryDays.length + 1, nextAttemptAt: null });
    expect(pastDue.expiresAt!.getTime()).toBe(t0 + (last + policy.graceDays) * DAY);
    expect((await enrollment(e.id)).status).toBe('past_due');
    expect(await mayTrain(user.id, t0 + last * DAY + HOUR)).toBe(true);
    // each attempt had its own key; the unpaid-renewal job does not end an automatic renewal before its dunning does
    expect((await chargesOf(id)).map((c) => c.sessionId).sort()).toEqual(
      Array.from({ length: policy.retryDays.length + 1 }, (_, i) => chargeKey(id, i + 1)).sort(),
    );
    const [line] = await linesOf(id);
    await cancelUnpaidMemberships(testServiceCtx(), new Date(line!.paymentDueAt.getTime() + 1));
    expect((await linesOf(id))[0]!.status).toBe('pending_payment');
    await run(pastDue.expiresAt!.getTime() - 1);
    expect((await invoiceRow(id)).status).toBe('past_due');
    await run(pastDue.expiresAt!.getTime());
    await run(pastDue.expiresAt!.getTime() + HOUR);
    await settleDeferred();
    expect((await invoiceRow(id)).status).toBe('failed');
    expect(await enrollment(e.id)).toMatchObject({ status: 'expired', endsAt: new Date(base) });
    expect((await linesOf(id))[0]!.status).toBe('cancelled');
    expect(await mayTrain(user.id, pastDue.expiresAt!.getTime() + HOUR)).toBe(false);
    expect(await mailsOf(user.id, 'invoice_declined')).toHaveLength(policy.retryDays.length);
    expect(await mailsOf(user.id, 'invoice_past_due')).toHaveLength(1);
    expect(await mailsOf(user.id, 'invoice_failed')).toHaveLength(1);
  });
});

const SECRETS = {
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'key-secret-of-the-test',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-the-test',
};
const razorpayCtx = () => testServiceCtx({ config: { ...loadConfig(env as unknown as Bindings), ...SECRETS } });

/** Razorpay at fetch, its documented payment read: every payment asked for is captured. */
function razorpayCaptured() {
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== 'api.razorpay.com') return original(input, init);
    const id = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname)?.[1];
    return Response.json({
      id,
      entity: 'payment',
      amount: 10_170,
      currency: 'CAD',
      status: 'captured',
      amount_refunded: 0,
      captured: true,
    });
  });
  onTestFinished(() => spy.mockRestore());
}

async function delivery(event: string, entity: Record<string, unknown>) {
  const rawBody = JSON.stringify({ entity: 'event', event, payload: { payment: { entity } }, created_at: Math.floor(Date.now() / 1000) });
  const headers = new Headers({ 'x-razorpay-signature': await hmacSha256Hex(SECRETS.RAZORPAY_WEBHOOK_SECRET, rawBody) });
  return { rawBody, headers };
}

/** An invoice whose attempt was made at Razorpay and awaits its word: the payments row of attempt 1, the invoice `processing`. */
async function processingAtRazorpay(userId: string) {
  await invoiceDueMemberships(testServiceCtx(), new Date(base + HOUR));
  const [invoice] = await invoicesOf(userId);
  const payment = await testDb()
    .insert(payments)
    .values({
      id: newId(),
      userId,
      purchaseType: 'invoice',
      purchaseId: invoice!.id,
      gateway: 'razorpay',
      sessionId: chargeKey(invoice!.id, 1),
      amountCents: invoice!.totalCents,
      currency: 'CAD',
    })
    .returning()
    .get();
  await testDb().update(invoices).set({ status: 'processing' }).where(eq(invoices.id, invoice!.id));
  return { invoice: invoice!, payment };
}

describe('an autopay membership not invoiced yet', () => {
  it('is not expired while the job works through a backlog; a day past its end it may be', async () => {
    const { user, enrollment: e } = await autopayMember(base);
    await expireMemberships(testServiceCtx(), new Date(base + HOUR));
    expect((await enrollment(e.id)).status).toBe('active');
    expect(await mayTrain(user.id, base + HOUR)).toBe(true);
    await expireMemberships(testServiceCtx(), new Date(base + DAY + HOUR));
    expect((await enrollment(e.id)).status).toBe('expired');
  });
});

describe('webhooks of automatic charges', () => {
  it('a webhook and the job settling the same charge at once pay the invoice and extend the membership once', async () => {
    razorpayCaptured();
    const { user, enrollment: e } = await autopayMember(base);
    const { invoice, payment } = await processingAtRazorpay(user.id);
    const providerPaymentId = `pay_${newId()}`;
    const hook = await delivery('payment.captured', {
      id: providerPaymentId,
      order_id: payment.sessionId,
      amount: 10_170,
      currency: 'CAD',
    });
    const [fromJob] = await Promise.all([
      settleCharge(razorpayCtx(), payment, providerPaymentId),
      handleWebhook(razorpayCtx(), 'razorpay', hook),
      handleWebhook(razorpayCtx(), 'razorpay', hook),
    ]);
    expect(fromJob).toBe(true);
    expect((await invoiceRow(invoice.id)).status).toBe('paid');
    expect((await chargesOf(invoice.id)).map((c) => c.status)).toEqual(['succeeded']);
    const lines = await linesOf(invoice.id);
    expect(lines.map((l) => l.status)).toEqual(['paid']);
    expect((await enrollment(e.id)).endsAt!.getTime()).toBe(addMonths(base, 1));
    const renewals = await testDb().select().from(enrollmentRenewals).where(eq(enrollmentRenewals.enrollmentId, e.id));
    expect(renewals).toHaveLength(1);
  });

  it('an asynchronous decline by webhook enters dunning once, and the payer is told', async () => {
    const { user, enrollment: e } = await autopayMember(base);
    const { invoice, payment } = await processingAtRazorpay(user.id);
    const hook = await delivery('payment.failed', { id: `pay_${newId()}`, order_id: payment.sessionId, amount: 10_170, currency: 'CAD' });
    await handleWebhook(razorpayCtx(), 'razorpay', hook);
    await handleWebhook(razorpayCtx(), 'razorpay', await delivery('payment.failed', { id: `pay_${newId()}`, order_id: payment.sessionId }));
    await settleDeferred();
    const after = await invoiceRow(invoice.id);
    expect(after).toMatchObject({ status: 'open', failures: 1 });
    expect(after.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await chargesOf(invoice.id))[0]!.status).toBe('failed');
    expect((await enrollment(e.id)).status).toBe('active');
    expect(await mailsOf(user.id, 'invoice_declined')).toHaveLength(1);
  });
});
