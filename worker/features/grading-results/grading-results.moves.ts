import { and, eq, inArray, sql } from 'drizzle-orm';
import { cannotMove, SCORING_MESSAGES } from '#core/gradings/score-schemas.ts';
import { isAdminCapable } from '#core/roles.ts';
import { gradingCandidates, gradingExaminers, gradings, gradingSheets } from '#db/schema/index.ts';
import { conflict, forbidden, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { isStop, loadBoard, moved, stopUnless } from './grading-results.queries.ts';
import { gradingResults, judge } from './grading-results.read.ts';

/** Some present candidate lacks a locked sheet from some examiner of the grading (checked inside the move). */
const sheetsMissing = (gradingId: string) => sql`exists (
  select 1 from ${gradingCandidates} c, ${gradingExaminers} e
  where c.grading_id = ${gradingId} and c.status = 'present' and e.grading_id = ${gradingId}
    and not exists (select 1 from ${gradingSheets} s where s.candidate_id = c.id and s.examiner_user_id = e.user_id
      and s.locked_at is not null))`;

/**
 * POST /api/gradings/:id/approve (admin-capable or the head examiner): scoring → approved and every
 * present candidate passed or failed by the grading's rule, every absent one deferred, in one batch whose
 * first statement moves the grading only while every sheet is locked; nothing else is written otherwise.
 */
export async function approveGrading(ctx: ServiceCtx, gradingId: string) {
  const me = signedIn(ctx);
  const board = await loadBoard(ctx.db, gradingId);
  if (!board) throw notFound(SCORING_MESSAGES.gradingNotFound);
  const head = board.examiners.some((e) => e.userId === me.id && e.role === 'head');
  if (!isAdminCapable(me.role) && !head) throw forbidden(SCORING_MESSAGES.notApprover);
  if (board.grading.status !== 'scoring') throw conflict(cannotMove(board.grading.status, 'approved'));

  const present = board.candidates.filter((c) => c.status === 'present');
  const decisions = present.map((c) => ({ id: c.id, outcome: judge(board, c).outcome }));
  const locked = (c: string, e: string) => board.sheets.some((s) => s.candidateId === c && s.examinerUserId === e && s.lockedAt);
  if (
    !board.examiners.length ||
    decisions.some((d) => d.outcome === 'pending') ||
    present.some((c) => board.examiners.some((e) => !locked(c.id, e.userId)))
  )
    throw conflict(SCORING_MESSAGES.sheetsUnlocked);

  const at = new Date();
  const decide = (ids: string[], outcome: 'passed' | 'failed') =>
    ctx.db
      .update(gradingCandidates)
      .set({ status: outcome, decidedAt: at, decidedBy: me.id, updatedAt: at })
      .where(and(inArray(gradingCandidates.id, ids), eq(gradingCandidates.status, 'present')));
  try {
    await batch(ctx.db, [
      ctx.db
        .update(gradings)
        .set({ status: 'approved', approvedAt: at, updatedAt: at })
        .where(and(eq(gradings.id, gradingId), eq(gradings.status, 'scoring'), sql`not ${sheetsMissing(gradingId)}`)),
      stopUnless(ctx.db, gradingId, moved),
      decide(
        decisions.filter((d) => d.outcome === 'passed').map((d) => d.id),
        'passed',
      ),
      decide(
        decisions.filter((d) => d.outcome === 'failed').map((d) => d.id),
        'failed',
      ),
      ctx.db
        .update(gradingCandidates)
        .set({ status: 'deferred', decidedAt: at, decidedBy: me.id, updatedAt: at })
        .where(and(eq(gradingCandidates.gradingId, gradingId), eq(gradingCandidates.status, 'absent'))),
    ]);
  } catch (err) {
    if (!isStop(err)) throw err;
    const fresh = await loadBoard(ctx.db, gradingId);
    const status = fresh?.grading.status ?? 'cancelled';
    throw conflict(status === 'scoring' ? SCORING_MESSAGES.sheetsUnlocked : cannotMove(status, 'approved'));
  }
  return gradingResults(ctx, gradingId);
}

/**
 * POST /api/gradings/:id/reopen-scoring (admin-capable): approved → scoring; the decisions are cleared
 * (passed and failed back to present, deferred back to absent) and the sheets unlocked so examiners can
 * correct them. One batch whose first statement is the move.
 */
export async function reopenScoring(ctx: ServiceCtx, gradingId: string) {
  signedIn(ctx);
  const at = new Date();
  const back = (from: ('passed' | 'failed' | 'deferred')[], to: 'present' | 'absent') =>
    ctx.db
      .update(gradingCandidates)
      .set({ status: to, decidedAt: null, decidedBy: null, updatedAt: at })
      .where(and(eq(gradingCandidates.gradingId, gradingId), inArray(gradingCandidates.status, from)));
  const candidateIds = ctx.db
    .select({ id: gradingCandidates.id })
    .from(gradingCandidates)
    .where(eq(gradingCandidates.gradingId, gradingId));
  try {
    await batch(ctx.db, [
      ctx.db
        .update(gradings)
        .set({ status: 'scoring', approvedAt: null, updatedAt: at })
        .where(and(eq(gradings.id, gradingId), eq(gradings.status, 'approved'))),
      stopUnless(ctx.db, gradingId, moved),
      back(['passed', 'failed'], 'present'),
      back(['deferred'], 'absent'),
      ctx.db.update(gradingSheets).set({ lockedAt: null, updatedAt: at }).where(inArray(gradingSheets.candidateId, candidateIds)),
    ]);
  } catch (err) {
    if (!isStop(err)) throw err;
    const fresh = await loadBoard(ctx.db, gradingId);
    if (!fresh) throw notFound(SCORING_MESSAGES.gradingNotFound);
    throw conflict(cannotMove(fresh.grading.status, 'scoring'));
  }
  return gradingResults(ctx, gradingId);
}
