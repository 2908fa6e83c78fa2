import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { chargeKey } from '#core/billing/dunning.ts';
import { currencySettings } from '#core/shop/currency.ts';
import { newId } from '#core/ids.ts';
import { invoices, paymentMethods, payments, type InvoiceRow, type PaymentRow } from '#db/schema/index.ts';
import { settlePayment } from '#worker/lib/payments/records.ts';
import { vaultFor } from '#worker/lib/payments/vault-registry.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import { batch } from '#worker/lib/sql.ts';
import { declineStatements, dunningPolicy } from './autopay.dunning.ts';
import { tellOfDecline } from './autopay.notify.ts';

/** A claimed attempt holds its invoice this long; a run that crashed lets it lapse and the same attempt is retried. */
export const LEASE_MS = 5 * 60_000;
/** At most this many invoices are charged a run. */
export const CHARGE_BATCH = 100;

export type ChargeResult = { outcome: 'paid' | 'declined' | 'processing' | 'error' | 'busy'; invoice: InvoiceRow };

/** ONE conditional UPDATE … RETURNING: the invoices `which` selects that are free (no live lease) become this run's. */
async function claim(ctx: ServiceCtx, which: SQL, now: Date, limit: number) {
  const free = sql`(${invoices.leaseUntil} is null or ${invoices.leaseUntil} < ${now.getTime()})`;
  return ctx.db
    .update(invoices)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
    .where(and(sql`${invoices.id} in (select ${invoices.id} from ${invoices} where ${which} and ${free} limit ${limit})`, which, free))
    .returning();
}

const releaseLease = (ctx: ServiceCtx, invoice: InvoiceRow) =>
  ctx.db
    .update(invoices)
    .set({ leaseUntil: null })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.leaseUntil, invoice.leaseUntil!)));

const current = async (ctx: ServiceCtx, id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)).get())!;

/** The attempt's payments row: one per idempotency key (a re-run after a crash finds the first one). */
async function paymentFor(ctx: ServiceCtx, invoice: InvoiceRow, gateway: PaymentRow['gateway'], key: string): Promise<PaymentRow> {
  await ctx.db
    .insert(payments)
    .values({
      id: newId(),
      userId: invoice.payerId,
      purchaseType: 'invoice',
      purchaseId: invoice.id,
      gateway,
      sessionId: key,
      amountCents: invoice.totalCents,
      currency: invoice.currency,
    })
    .onConflictDoNothing();
  return (await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.sessionId, key)))
    .get())!;
}

/** A decline recorded once (dunning), the payer told when this call recorded it. */
async function decline(ctx: ServiceCtx, invoice: InvoiceRow, reason: string, now: Date, payment: PaymentRow | null): Promise<ChargeResult> {
  const policy = await dunningPolicy(ctx.db);
  const { move, follow } = declineStatements(ctx.db, invoice, policy, { reason, at: now, paymentId: payment?.id ?? null });
  const paymentMove = payment
    ? [
        ctx.db
          .update(payments)
          .set({ status: 'failed', failureReason: reason, updatedAt: now })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'created'))),
      ]
    : [];
  const results = await batch(ctx.db, [...paymentMove, move, ...follow]);
  const row = (results[paymentMove.length] as InvoiceRow[])[0];
  if (row) tellOfDecline(ctx, row);
  else await releaseLease(ctx, invoice);
  return { outcome: 'declined', invoice: row ?? (await current(ctx, invoice.id)) };
}

/** A charge the vault reported succeeded, settled as a webhook settles it (records.ts settlePayment): whichever comes first pays. */
export async function settleCharge(ctx: ServiceCtx, payment: PaymentRow, providerPaymentId: string) {
  return (await settlePayment(ctx, SETTLEMENTS.invoice, payment, providerPaymentId)).purchasePaid;
}

/**
 * One attempt at a claimed invoice: a payments row for the attempt (sessionId = chargeKey(id, failures + 1)),
 * then the payer's default method charged through its gateway's vault with that key, so a retry of the same
 * attempt never charges twice. Succeeded → settled (the `invoice` settlement); declined → dunning; pending →
 * `processing` until the webhook; a throw (an outage) releases the lease without counting an attempt.
 */
async function attempt(ctx: ServiceCtx, invoice: InvoiceRow, now: Date): Promise<ChargeResult> {
  const method = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, invoice.payerId), eq(paymentMethods.isDefault, true), eq(paymentMethods.status, 'active')))
    .get();
  if (!method?.providerMethodId) return decline(ctx, invoice, BILLING_MESSAGES.noMethod, now, null);
  const key = chargeKey(invoice.id, invoice.failures + 1);
  await ctx.db.update(invoices).set({ paymentMethodId: method.id }).where(eq(invoices.id, invoice.id));
  const payment = await paymentFor(ctx, invoice, method.gateway, key);
  let outcome;
  try {
    outcome = await vaultFor(ctx.config, ctx.origin, method.gateway).charge({
      providerCustomerId: method.providerCustomerId,
      providerMethodId: method.providerMethodId,
      amountCents: invoice.totalCents,
      currency: currencySettings(invoice.currency).gatewayCodes[method.gateway],
      idempotencyKey: key,
      description: `Invoice ${invoice.number}`,
      paymentRecordId: payment.id,
      purchaseId: invoice.id,
    });
  } catch (err) {
    ctx.log.warn('automatic charge failed to reach the gateway', { invoiceId: invoice.id, error: String(err) });
    await releaseLease(ctx, invoice);
    return { outcome: 'error', invoice: await current(ctx, invoice.id) };
  }
  if (outcome.status === 'succeeded') {
    const paid = await settleCharge(ctx, payment, outcome.providerPaymentId);
    if (!paid) await releaseLease(ctx, invoice);
    return { outcome: paid ? 'paid' : 'busy', invoice: await current(ctx, invoice.id) };
  }
  if (outcome.status === 'declined') return decline(ctx, invoice, outcome.reason || BILLING_MESSAGES.declined, now, payment);
  await batch(ctx.db, [
    ctx.db
      .update(payments)
      .set({ providerPaymentId: outcome.providerPaymentId, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created'))),
    ctx.db
      .update(invoices)
      .set({ status: 'processing', leaseUntil: null, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), inArray(invoices.status, ['open', 'past_due']))),
  ]);
  return { outcome: 'processing', invoice: await current(ctx, invoice.id) };
}

/** Step 2–3 of the job: the open invoices whose attempt is due, claimed and charged one by one. */
export async function chargeDueInvoices(ctx: ServiceCtx, now: Date) {
  const claimed = await claim(ctx, sql`${invoices.status} = 'open' and ${invoices.nextAttemptAt} <= ${now.getTime()}`, now, CHARGE_BATCH);
  const counts = { paid: 0, declined: 0, processing: 0, error: 0, busy: 0 };
  for (const invoice of claimed) counts[(await attempt(ctx, invoice, now)).outcome]++;
  return counts;
}

/**
 * Charges one open or past-due invoice NOW with the payer's current default method (the payer's "Pay now", the
 * school's retry): the same claim and attempt as the job. 'busy' when another attempt holds it or it is not chargeable.
 */
export async function chargeInvoice(ctx: ServiceCtx, invoiceId: string, now = new Date()): Promise<ChargeResult> {
  const [invoice] = await claim(ctx, sql`${invoices.id} = ${invoiceId} and ${invoices.status} in ('open', 'past_due')`, now, 1);
  if (!invoice) return { outcome: 'busy', invoice: await current(ctx, invoiceId) };
  return attempt(ctx, invoice, now);
}
