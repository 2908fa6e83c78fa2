import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#db/client.ts';
import { enrollmentRenewals, invoices } from '#db/schema/index.ts';
import { sendReceipt } from '#worker/lib/billing/receipt.ts';
import { refundedNow, type PurchaseSettlement } from '#worker/lib/payments/settlements.ts';
import { declineStatements, dunningPolicy } from './autopay.dunning.ts';
import { tellOfDecline } from './autopay.notify.ts';

const r = enrollmentRenewals;

/** The membership renewal settlement's statements for the renewals `which` selects (worker/settlements.ts hands them in). */
export type RenewalsPaid = (
  db: Db,
  which: SQL,
  at: Date,
  paymentId: string | null,
) => { move: BatchItem<'sqlite'>; follow: BatchItem<'sqlite'>[] };

/**
 * An automatic charge's invoice paid: the invoice (ONE conditional UPDATE from open/processing/past_due), then
 * each of its lines through the membership renewal's own statements, only if THIS payment paid the invoice —
 * all in the payment's batch, so whichever of the job, a webhook or "Pay now" arrives first wins and the
 * others change nothing. Each membership is extended exactly once, from the end it renews.
 */
export const invoiceSettlement = (renewalsPaid: RenewalsPaid): PurchaseSettlement => ({
  paid: (db, invoiceId, at, paymentId) => {
    const lines = renewalsPaid(
      db,
      sql`${r.invoiceId} = ${invoiceId} and exists (select 1 from ${invoices} where ${invoices.id} = ${invoiceId} and ${invoices.status} = 'paid' and ${invoices.paymentId} is ${paymentId} and ${invoices.paidAt} = ${at.getTime()})`,
      at,
      paymentId,
    );
    return {
      move: db
        .update(invoices)
        .set({ status: 'paid', paidAt: at, paymentId, leaseUntil: null, nextAttemptAt: null, lastError: null, updatedAt: at })
        .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ['open', 'processing', 'past_due'])))
        .returning({ id: invoices.id }),
      follow: [lines.move, ...lines.follow],
    };
  },
  afterPaid: (ctx, invoiceId) => ctx.defer('invoice receipt', () => sendReceipt(ctx, invoiceId)),
  refunded: (db, invoiceId, refund) => [
    db
      .update(r)
      .set({ status: 'refunded', updatedAt: refund.at })
      .where(and(eq(r.invoiceId, invoiceId), eq(r.status, 'paid'), eq(r.paidByPaymentId, refund.paymentId), refundedNow(refund))),
  ],
  // An asynchronous decline (a webhook) enters dunning exactly as the job's own decline does.
  failed: async (db, invoiceId, failure) => {
    const invoice = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).get();
    if (!invoice || !['open', 'processing'].includes(invoice.status)) return [];
    const { move, follow } = declineStatements(db, invoice, await dunningPolicy(db), { ...failure, paymentId: failure.paymentId });
    return [move, ...follow];
  },
  afterFailed: (ctx, invoiceId) =>
    ctx.defer('invoice decline notice', async () => {
      const invoice = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId)).get();
      if (invoice) tellOfDecline(ctx, invoice);
    }),
});
