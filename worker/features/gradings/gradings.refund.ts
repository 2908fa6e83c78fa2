import { and, eq, inArray } from 'drizzle-orm';
import { gradingCandidates, payments } from '#db/schema/index.ts';
import { refundPayment } from '#worker/lib/payments/records.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { gradingFeeSettlement } from './gradings.settlement.ts';

/**
 * A cancelled grading gives every paid fee back through its gateway, each then marked refunded by the
 * settlement (only the payment that paid it moves it). A provider that fails leaves that fee paid, logged;
 * the school refunds it in Payments, which moves the fee the same way.
 */
export async function refundFees(ctx: ServiceCtx, gradingId: string, reason: string) {
  const paid = await ctx.db
    .select({ payment: payments })
    .from(gradingCandidates)
    .innerJoin(payments, eq(payments.id, gradingCandidates.paidByPaymentId))
    .where(
      and(eq(gradingCandidates.gradingId, gradingId), eq(gradingCandidates.paymentStatus, 'paid'), inArray(payments.status, ['succeeded'])),
    );
  const outcomes = await Promise.allSettled(
    paid.map(async ({ payment }) => {
      const refunded = await refundPayment(ctx, payment, reason);
      if (refunded.refundedAt)
        await batch(ctx.db, gradingFeeSettlement.refunded(ctx.db, payment.purchaseId, { paymentId: payment.id, at: refunded.refundedAt }));
    }),
  );
  for (const [i, o] of outcomes.entries())
    if (o.status === 'rejected')
      ctx.log.error('grading fee refund failed', { gradingId, paymentId: paid[i]!.payment.id, error: String(o.reason) });
}
