import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import { gradingCandidates, gradings } from '#db/schema/index.ts';
import { refundedNow, type PurchaseSettlement } from '#worker/lib/payments/settlements.ts';
import { tellFeePaid } from './gradings.notify.ts';
import { PAYABLE_GRADING } from './gradings.queries.ts';

const payableGrading = sql`exists (select 1 from ${gradings} where ${gradings.id} = ${gradingCandidates.gradingId} and ${inArray(gradings.status, [...PAYABLE_GRADING])})`;

/**
 * A candidate's test fee (purchase type grading_fee, purchase id = candidate id): ONE conditional UPDATE
 * registered → paid while the fee is pending and the grading still takes it. A fee waived, a candidate
 * removed or a grading cancelled first leaves nothing to pay, and the payment is refunded by the kit.
 */
export const gradingFeeSettlement: PurchaseSettlement = {
  paid: (db, candidateId, at, paymentId) => ({
    move: db
      .update(gradingCandidates)
      .set({ status: 'paid', paymentStatus: 'paid', paidAt: at, paidByPaymentId: paymentId, updatedAt: at })
      .where(
        and(
          eq(gradingCandidates.id, candidateId),
          eq(gradingCandidates.status, 'registered'),
          eq(gradingCandidates.paymentStatus, 'pending'),
          payableGrading,
        ),
      )
      .returning({ id: gradingCandidates.id }),
    follow: [],
  }),
  afterPaid: tellFeePaid,
  /** Money given back (by the school in Payments or at the provider): only the payment that paid it moves the fee. */
  refunded: (db, candidateId, refund) => [
    db
      .update(gradingCandidates)
      .set({ paymentStatus: 'refunded', updatedAt: refund.at })
      .where(
        and(
          eq(gradingCandidates.id, candidateId),
          eq(gradingCandidates.paymentStatus, 'paid'),
          eq(gradingCandidates.paidByPaymentId, refund.paymentId),
          refundedNow(refund),
        ),
      ),
  ],
};

export const gradingSettlements: Partial<Record<PurchaseType, PurchaseSettlement>> = { grading_fee: gradingFeeSettlement };
