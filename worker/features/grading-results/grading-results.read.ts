import { isGradingStaff } from '#core/gradings/grading-schemas.ts';
import { isAdminCapable } from '#core/roles.ts';
import { acceptsScores } from '#core/gradings/grading-states.ts';
import { judgeCandidate } from '#core/gradings/results.ts';
import { SCORING_MESSAGES } from '#core/gradings/score-schemas.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { asTechnique, loadBoard, scoresOf, sheetOf, techniquesOf, type Board, type BoardCandidate } from './grading-results.queries.ts';
import { serializeGradingBrief, serializeResult } from './grading-results.serialize.ts';

/** A candidate's result from every examiner's sheet by the grading's rule (core/gradings/results.ts). */
export function judge(board: Board, c: BoardCandidate) {
  const techniques = techniquesOf(board, c.targetRankId).map(asTechnique);
  const examinerIds = board.examiners.map((e) => e.userId);
  const sheets = examinerIds.map((id) => ({ examinerId: id, scores: scoresOf(board, c.id, id) }));
  return judgeCandidate(techniques, sheets, examinerIds, board.grading.resultRule);
}

/** Candidates with a result to show: those expected at the grading or already examined. */
const EXAMINED = new Set(['paid', 'waived', 'present', 'absent', 'passed', 'failed', 'deferred']);
const DECIDED = new Set(['approved', 'finalized']);

/**
 * GET /api/gradings/:id/results: staff see every candidate; a candidate sees their own row once the
 * grading is approved; anyone else 404, so a grading's existence is not told to strangers. While scoring,
 * an examiner sees only their own sheet of a candidate until they lock it, and an instructor who does not
 * examine sees none (nobody can pass an examiner the others' scores); the admin-capable who run it see all.
 */
export async function gradingResults(ctx: ServiceCtx, gradingId: string) {
  const me = signedIn(ctx);
  const board = await loadBoard(ctx.db, gradingId);
  if (!board) throw notFound(SCORING_MESSAGES.gradingNotFound);
  const staff = isGradingStaff(me.role);
  const mine = board.candidates.filter((c) => c.userId === me.id);
  if (!staff && !(DECIDED.has(board.grading.status) && mine.length)) throw notFound(SCORING_MESSAGES.gradingNotFound);
  const rows = (staff ? board.candidates : mine).filter((c) => EXAMINED.has(c.status));
  const hiding = acceptsScores(board.grading.status) && !(isAdminCapable(me.role) && !board.examiners.some((e) => e.userId === me.id));
  return {
    grading: serializeGradingBrief(board, me.id),
    results: rows.map((c) => {
      const { outcome, verdicts } = judge(board, c);
      const decided = c.status === 'passed' || c.status === 'failed' ? c.status : outcome;
      if (hiding && !sheetOf(board, c.id, me.id)?.lockedAt) return serializeResult(board, c, 'pending', verdicts, me.id);
      return serializeResult(board, c, decided, verdicts);
    }),
  };
}
