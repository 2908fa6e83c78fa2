import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { GRADING_MESSAGES as M } from '#core/gradings/grading-schemas.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { gradingCandidates, gradings, ranks, type GradingCandidateRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import type { PaymentProof } from '#worker/lib/payments/gateway.ts';
import { openPayment } from '#worker/lib/payments/open.ts';
import { chosenGateway } from '#worker/lib/payments/registry.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import { verifyProof } from '#worker/lib/payments/verify.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { candidateView } from './gradings.candidates.ts';
import { PROGRESS_PATH } from './gradings.notify.ts';
import { PAYABLE_GRADING } from './gradings.queries.ts';
import { gradingFeeSettlement } from './gradings.settlement.ts';

const feePayment = (ctx: ServiceCtx, c: GradingCandidateRow, title: string, gateway: string, abandon?: () => Promise<unknown>) =>
  openPayment(
    ctx,
    {
      purchaseType: 'grading_fee',
      purchaseId: c.id,
      userId: c.userId,
      amountCents: c.feeCents,
      gateway,
      description: `Grading fee: ${title}`,
      customerEmail: ctx.user?.email ?? null,
      returnPath: `${PROGRESS_PATH}?paid=${encodeURIComponent(c.id)}`,
      cancelPath: PROGRESS_PATH,
    },
    abandon
      ? { abandon, message: 'The payment service could not be reached, so your registration was not kept. Please try again.' }
      : undefined,
  );

/**
 * POST /api/gradings/:id/register: the candidate themself, invited → registered, in ONE conditional UPDATE
 * while the grading is open and registration has not closed. The target rank's fee is frozen on the row; a
 * free test is paid at once, otherwise a payment opens (and a gateway that fails undoes the registration).
 */
export async function register(ctx: ServiceCtx, id: string, gateway: string | undefined) {
  const user = signedIn(ctx);
  const [[grading], [mine]] = await batch(ctx.db, [
    ctx.db.select().from(gradings).where(eq(gradings.id, id)),
    ctx.db
      .select({ c: gradingCandidates, fee: ranks.testFeeCents })
      .from(gradingCandidates)
      .innerJoin(ranks, eq(ranks.id, gradingCandidates.targetRankId))
      .where(and(eq(gradingCandidates.gradingId, id), eq(gradingCandidates.userId, user.id))),
  ]);
  if (!grading || !mine) throw notFound(mine || !grading ? M.notFound : M.notYourCandidacy);
  const chosen = mine.fee > 0 ? chosenGateway(ctx, gateway) : null;
  const now = new Date();
  const fee = sql`(select ${ranks.testFeeCents} from ${ranks} where ${ranks.id} = ${gradingCandidates.targetRankId})`;
  const row = await ctx.db
    .update(gradingCandidates)
    .set({
      feeCents: fee,
      status: sql`case when ${fee} = 0 then 'paid' else 'registered' end`,
      paymentStatus: sql`case when ${fee} = 0 then 'none' else 'pending' end`,
      registeredAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(gradingCandidates.id, mine.c.id),
        eq(gradingCandidates.status, 'invited'),
        sql`exists (select 1 from ${gradings} where ${gradings.id} = ${id} and ${gradings.status} = 'open' and ${or(
          isNull(gradings.registrationClosesAt),
          gt(gradings.registrationClosesAt, now),
        )})`,
      ),
    )
    .returning()
    .get();
  if (!row) throw conflict(mine.c.status === 'invited' ? M.registrationClosed : M.alreadyRegistered);
  let payment: PaymentStart | null = null;
  if (row.paymentStatus === 'pending')
    payment = await feePayment(ctx, row, grading.title, chosen ?? chosenGateway(ctx, gateway), () =>
      ctx.db
        .update(gradingCandidates)
        .set({ status: 'invited', paymentStatus: 'none', registeredAt: null, updatedAt: new Date() })
        .where(
          and(eq(gradingCandidates.id, row.id), eq(gradingCandidates.status, 'registered'), eq(gradingCandidates.paymentStatus, 'pending')),
        ),
    );
  return { candidate: await candidateView(ctx, row.id), payment };
}

/** The caller's own candidacy (staff reach any) of this grading, with the grading's title and state. */
async function candidacy(ctx: ServiceCtx, id: string, cid: string) {
  const user = signedIn(ctx);
  const row = await ctx.db
    .select({ c: gradingCandidates, title: gradings.title, status: gradings.status })
    .from(gradingCandidates)
    .innerJoin(gradings, eq(gradings.id, gradingCandidates.gradingId))
    .where(and(eq(gradingCandidates.id, cid), eq(gradingCandidates.gradingId, id)))
    .get();
  if (!row || (row.c.userId !== user.id && !isAdminCapable(user.role))) throw notFound(M.candidateNotFound);
  return row;
}

/** POST /api/gradings/:id/candidates/:cid/pay: another payment for the caller's own fee still awaiting one. */
export async function payFee(ctx: ServiceCtx, id: string, cid: string, gateway: string | undefined) {
  const { c, title, status } = await candidacy(ctx, id, cid);
  if (c.userId !== ctx.user!.id) throw notFound(M.candidateNotFound);
  if (c.paymentStatus === 'paid') throw conflict(M.alreadyPaid);
  if (c.paymentStatus !== 'pending' || c.status !== 'registered' || !PAYABLE_GRADING.includes(status)) throw conflict(M.notPayable);
  const payment = await feePayment(ctx, c, title, chosenGateway(ctx, gateway));
  return { candidate: await candidateView(ctx, cid), payment };
}

/** POST …/candidates/:cid/verify-payment: the gateway's proof the payer brings back, settled once (a replay changes nothing). */
export async function verifyFee(ctx: ServiceCtx, id: string, cid: string, proof: PaymentProof) {
  await candidacy(ctx, id, cid);
  const result = await verifyProof(ctx, gradingFeeSettlement, { purchaseType: 'grading_fee', purchaseId: cid }, proof, 'grading fee');
  return { candidate: await candidateView(ctx, cid), payment: serializePayment(result.payment) };
}
