import { eq } from 'drizzle-orm';
import type { VerifyMembershipPaymentInput } from '#core/enrollments/membership-schemas.ts';
import { enrollmentRenewals } from '#db/schema/index.ts';
import { mustSee } from '#worker/lib/enrolment/moves.ts';
import { verifyProof } from '#worker/lib/payments/verify.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { enrollmentView, visibleEnrollment } from './membership-purchases.queries.ts';
import { serializeRenewal } from '#worker/lib/enrollment-views.ts';
import { membershipSettlements } from './membership-purchases.settlement.ts';

/** The caller's or their child's renewal (staff: anyone's); 404 otherwise. */
async function visibleRenewal(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, id)).get();
  await mustSee(ctx, row?.kind === 'membership' ? row.userId : undefined);
  return row!;
}

/**
 * POST /verify-payment: the gateway's proof for an enrolment or a renewal, settled in one batch. The same
 * proof again answers the same and changes nothing; every failure starts 'Payment verification failed'.
 */
export async function verifyMembershipPayment(ctx: ServiceCtx, { enrollmentId, renewalId, ...proof }: VerifyMembershipPaymentInput) {
  const renewal = renewalId ? await visibleRenewal(ctx, renewalId) : null;
  const enrollment = await visibleEnrollment(ctx, renewal?.enrollmentId ?? enrollmentId!);
  const purchaseType = renewal ? 'membership_renewal' : 'membership';
  const purchase = { purchaseType, purchaseId: renewal?.id ?? enrollment.row.id } as const;
  const result = await verifyProof(ctx, membershipSettlements[purchaseType]!, purchase, proof, 'membership');
  const fresh = renewal ? await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, renewal.id)).get() : null;
  return {
    enrollment: await enrollmentView(ctx.db, enrollment.row.id),
    ...(fresh ? { renewal: serializeRenewal(fresh) } : {}),
    payment: serializePayment(result.payment),
  };
}
