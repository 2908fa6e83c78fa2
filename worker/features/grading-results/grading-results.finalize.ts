import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { cannotMove, SCORING_MESSAGES } from '#core/gradings/score-schemas.ts';
import { certificates, gradingCandidates, gradings, studentRanks } from '#db/schema/index.ts';
import { issueWithRetry } from '#worker/lib/certificates/prepare.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { awardStatements } from '#worker/lib/progression/award.ts';
import { batch } from '#worker/lib/sql.ts';
import { noticeResults } from './grading-results.notify.ts';
import { awardedRank, isStop, loadBoard, moved, stopUnless, type Board, type BoardCandidate } from './grading-results.queries.ts';

/** A passed candidate may be promoted once the fee is settled: paid, waived, or there was none. */
const SETTLED = ['paid', 'waived', 'none'] as const;
const ATTEMPTS = 3;

export type FinalizeResult = { finalized: true; awarded: number; certificates: { _id: string; number: string; userId: string }[] };

/** What a finalized grading wrote: its ledger rows and certificates (a second finalize answers this). */
async function finalizedResult(ctx: ServiceCtx, gradingId: string): Promise<FinalizeResult> {
  const candidateIds = ctx.db
    .select({ id: gradingCandidates.id })
    .from(gradingCandidates)
    .where(eq(gradingCandidates.gradingId, gradingId));
  const [awarded, certs] = await batch(ctx.db, [
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(studentRanks)
      .where(inArray(studentRanks.candidateId, candidateIds)),
    ctx.db
      .select({ _id: certificates.id, number: certificates.number, userId: certificates.userId })
      .from(certificates)
      .where(eq(certificates.gradingId, gradingId))
      .orderBy(asc(certificates.number)),
  ]);
  return { finalized: true, awarded: awarded[0]?.n ?? 0, certificates: certs };
}

/**
 * POST /api/gradings/:id/finalize (admin-capable). One batch: the grading approved → finalized first (only
 * while every passed candidate's fee is settled), then a statement that stops the batch unless that move
 * happened here, then per passed candidate one ledger row (awardedOn = the grading's day; the profile's
 * grade follows, worker/lib/progression) and one certificate (worker/lib/certificates, numbered again if
 * another issue took a number meanwhile). A concurrent or second finalize stops at the gate, so it adds
 * nothing and answers what the first wrote. PDFs go to R2 before the batch; notifications after it.
 */
export async function finalizeGrading(ctx: ServiceCtx, gradingId: string): Promise<FinalizeResult> {
  const me = signedIn(ctx);
  for (let attempt = 1; ; attempt++) {
    const board = await loadBoard(ctx.db, gradingId);
    if (!board) throw notFound(SCORING_MESSAGES.gradingNotFound);
    const { grading } = board;
    if (grading.status === 'finalized') return finalizedResult(ctx, gradingId);
    if (grading.status !== 'approved') throw conflict(cannotMove(grading.status, 'finalized'));
    const passed = board.candidates.filter((c) => c.status === 'passed');
    if (passed.some((c) => !(SETTLED as readonly string[]).includes(c.paymentStatus))) throw conflict(SCORING_MESSAGES.unpaid);

    const awards = passed.map((c) => ({ candidate: c, award: newAward(board, c, me.id) }));
    const examiners = board.examiners.map((e) => ({ name: e.name, role: e.role, rank: e.rankName }));
    const items = awards.map(({ candidate: c, award }) => {
      const rank = awardedRank(board, c);
      const moved = rank.movedAtAge === null ? '' : ` Moved to the ${rank.programName} ladder at ${rank.movedAtAge}.`;
      return {
        studentRankId: award.id,
        userId: c.userId,
        email: c.email,
        holderName: c.name,
        gradingId,
        rank: { id: rank.rankId, name: rank.name },
        programName: rank.programName,
        issuedOn: grading.heldOn,
        examiners,
        resultNarrative: `Passed ${grading.title}, examined by a panel of ${examiners.length}.${moved}`,
      };
    });
    const at = new Date();
    try {
      const rows = await issueWithRetry(ctx, items, async ({ rows }) => {
        await batch(ctx.db, [
          ctx.db
            .update(gradings)
            .set({ status: 'finalized', finalizedAt: at, finalizedBy: me.id, updatedAt: at })
            .where(
              and(
                eq(gradings.id, gradingId),
                eq(gradings.status, 'approved'),
                sql`not exists (select 1 from ${gradingCandidates} where ${gradingCandidates.gradingId} = ${gradingId}
                  and ${gradingCandidates.status} = 'passed' and ${notInArray(gradingCandidates.paymentStatus, [...SETTLED])})`,
              ),
            ),
          stopUnless(ctx.db, gradingId, moved),
          ...awards.flatMap(({ award }) => awardStatements(ctx.db, award)),
          ...(rows.length ? [ctx.db.insert(certificates).values(rows)] : []),
        ]);
        return rows;
      });
      noticeResults(ctx, board);
      return {
        finalized: true,
        awarded: awards.length,
        certificates: rows.map((r) => ({ _id: r.id!, number: r.number, userId: r.userId })),
      };
    } catch (err) {
      // Stopped at the gate: read again (finalized by another → its result; moved or unpaid meanwhile → 409).
      if (!isStop(err)) throw err;
      if (attempt >= ATTEMPTS) throw conflict(SCORING_MESSAGES.changedMeanwhile);
    }
  }
}

/** A passed candidate's ledger row: the rank awarded (awardedRank) on the grading's day, tied to the candidate (unique). */
const newAward = (board: Board, c: BoardCandidate, by: string) => ({
  id: newId(),
  userId: c.userId,
  programId: awardedRank(board, c).programId,
  rankId: awardedRank(board, c).rankId,
  awardedOn: board.grading.heldOn,
  source: 'grading' as const,
  candidateId: c.id,
  awardedBy: by,
});
