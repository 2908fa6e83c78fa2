import { serializeTechnique } from '#worker/lib/progression/technique-view.ts';
import type { SheetVerdict } from '#core/gradings/results.ts';
import type { Board, BoardCandidate } from './grading-results.queries.ts';
import { awardedRank, scoresOf, sheetOf } from './grading-results.queries.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The grading as the score sheet needs it (the full Grading view is the gradings feature's). */
export const serializeGradingBrief = (board: Board, userId: string) => {
  const g = board.grading;
  const me = board.examiners.find((e) => e.userId === userId);
  return {
    _id: g.id,
    programId: g.programId,
    programName: board.programName,
    title: g.title,
    heldOn: g.heldOn,
    location: g.location,
    status: g.status,
    resultRule: g.resultRule,
    approvedAt: iso(g.approvedAt),
    finalizedAt: iso(g.finalizedAt),
    amExaminer: !!me,
    myRole: me?.role ?? null,
  };
};

const sheetTechnique = (t: Board['techniques'][number]) => ({ ...serializeTechnique(t), rankId: t.rankId });

export const techniquesByRank = (board: Board) => {
  const out: Record<string, ReturnType<typeof sheetTechnique>[]> = {};
  for (const rankId of board.ranks.keys()) out[rankId] = [];
  for (const t of board.techniques) (out[t.rankId] ??= []).push(sheetTechnique(t));
  return out;
};

const rankBrief = (board: Board, rankId: string) => {
  const r = board.ranks.get(rankId);
  return { _id: rankId, name: r?.name ?? '', colorHex: r?.colorHex ?? '#ffffff' };
};

/** The other program's rank a pass hands this candidate to, by age on the grading's day; null when they stay on this ladder. */
const movesTo = (board: Board, c: BoardCandidate) => {
  const r = awardedRank(board, c);
  return r.movedAtAge === null ? null : { rankName: r.name, programName: r.programName, atAge: r.movedAtAge };
};

/** One candidate on one examiner's own sheet. */
export const serializeSheetRow = (board: Board, c: BoardCandidate, examinerId: string) => {
  const sheet = sheetOf(board, c.id, examinerId);
  const comments = Object.fromEntries(
    board.scores
      .filter((s) => s.candidateId === c.id && s.examinerUserId === examinerId && s.comment)
      .map((s) => [s.techniqueId, s.comment!]),
  );
  return {
    candidateId: c.id,
    name: c.name,
    studentId: c.studentId,
    targetRankId: c.targetRankId,
    targetRank: rankBrief(board, c.targetRankId),
    status: c.status,
    scores: scoresOf(board, c.id, examinerId),
    comments,
    comment: sheet?.comment ?? null,
    lockedAt: iso(sheet?.lockedAt),
  };
};

/** One candidate's result with every examiner's sheet, or with `onlyExaminerId`'s alone (`othersHidden`). */
export const serializeResult = (
  board: Board,
  c: BoardCandidate,
  outcome: 'passed' | 'failed' | 'pending',
  verdicts: SheetVerdict[],
  onlyExaminerId: string | null = null,
) => ({
  candidateId: c.id,
  userId: c.userId,
  name: c.name,
  studentId: c.studentId,
  status: c.status,
  paymentStatus: c.paymentStatus,
  targetRank: rankBrief(board, c.targetRankId),
  movesTo: movesTo(board, c),
  outcome,
  decidedAt: iso(c.decidedAt),
  verdicts: onlyExaminerId ? verdicts.filter((v) => v.examinerId === onlyExaminerId) : verdicts,
  othersHidden: !!onlyExaminerId,
  sheets: board.examiners
    .filter((e) => !onlyExaminerId || e.userId === onlyExaminerId)
    .map((e) => {
      const sheet = sheetOf(board, c.id, e.userId);
      return {
        examinerId: e.userId,
        examinerName: e.name,
        role: e.role,
        scores: scoresOf(board, c.id, e.userId),
        comment: sheet?.comment ?? null,
        lockedAt: iso(sheet?.lockedAt),
      };
    }),
});
