import { and, eq, sql, type SQL } from 'drizzle-orm';
import { acceptsScores } from '#core/gradings/grading-states.ts';
import { scoreRange, SCORING_MESSAGES, type PutScoresInput } from '#core/gradings/score-schemas.ts';
import type { Db } from '#db/client.ts';
import { gradingCandidates, gradings, gradingScores, gradingSheets, rankTechniques } from '#db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound, type FieldError } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { isStop, loadBoard, stopUnless, techniquesOf, type Board } from './grading-results.queries.ts';
import { serializeGradingBrief, serializeSheetRow, techniquesByRank } from './grading-results.serialize.ts';

/** Candidates an examiner sees on their sheet: those expected at the grading or already examined. */
const ON_SHEET = new Set(['paid', 'waived', 'present', 'absent', 'passed', 'failed', 'deferred']);

/** The board of a grading the caller examines: 404 when there is no such grading, 403 for anyone else. */
async function examinerBoard(ctx: ServiceCtx, gradingId: string) {
  const me = signedIn(ctx);
  const board = await loadBoard(ctx.db, gradingId);
  if (!board) throw notFound(SCORING_MESSAGES.gradingNotFound);
  if (!board.examiners.some((e) => e.userId === me.id)) throw forbidden(SCORING_MESSAGES.notExaminer);
  return { me, board };
}

/** GET /api/gradings/:id/sheet: the caller's own sheet, never another examiner's scores. */
export async function getMySheet(ctx: ServiceCtx, gradingId: string) {
  const { me, board } = await examinerBoard(ctx, gradingId);
  return {
    grading: serializeGradingBrief(board, me.id),
    techniquesByRank: techniquesByRank(board),
    candidates: board.candidates.filter((c) => ON_SHEET.has(c.status)).map((c) => serializeSheetRow(board, c, me.id)),
  };
}

/** The examiner may write this candidate's sheet now: the grading scoring, the candidate present, the sheet unlocked. */
const writable = (gradingId: string, candidateId: string, examinerId: string): SQL => sql`exists (
    select 1 from ${gradingCandidates} join ${gradings} on ${gradings.id} = ${gradingCandidates.gradingId}
    where ${gradingCandidates.id} = ${candidateId} and ${gradings.id} = ${gradingId}
      and ${gradings.status} = 'scoring' and ${gradingCandidates.status} = 'present')
  and not exists (select 1 from ${gradingSheets} where ${gradingSheets.candidateId} = ${candidateId}
      and ${gradingSheets.examinerUserId} = ${examinerId} and ${gradingSheets.lockedAt} is not null)`;

/** Why a write or a lock was refused, from a fresh read (the batch saw the same state). */
function refusal(board: Board, candidateId: string, examinerId: string) {
  const c = board.candidates.find((x) => x.id === candidateId);
  if (!acceptsScores(board.grading.status)) return conflict(SCORING_MESSAGES.notScoring);
  if (!c) return notFound(SCORING_MESSAGES.candidateNotFound);
  if (c.status !== 'present') return conflict(SCORING_MESSAGES.notPresent);
  if (board.sheets.some((s) => s.candidateId === candidateId && s.examinerUserId === examinerId && s.lockedAt))
    return conflict(SCORING_MESSAGES.sheetLocked);
  return null;
}

/**
 * PUT /api/gradings/:id/scores: upserts the caller's own rows only, so two examiners writing at once each
 * keep their sheet. The checks are read first for their words; the batch re-checks them in its first
 * statement, so a lock or an approval that lands in between writes nothing.
 */
export async function putScores(ctx: ServiceCtx, gradingId: string, input: PutScoresInput) {
  const { me, board } = await examinerBoard(ctx, gradingId);
  const candidate = board.candidates.find((c) => c.id === input.candidateId);
  if (!acceptsScores(board.grading.status)) throw conflict(SCORING_MESSAGES.notScoring);
  if (!candidate) throw notFound(SCORING_MESSAGES.candidateNotFound);

  const techniques = new Map(techniquesOf(board, candidate.targetRankId).map((t) => [t.id, t]));
  const errors: FieldError[] = [];
  input.scores.forEach((s, i) => {
    const t = techniques.get(s.techniqueId);
    if (!t) errors.push({ path: `scores.${i}.techniqueId`, message: SCORING_MESSAGES.notOfTarget });
    else if (s.score < 0 || s.score > t.maxScore) errors.push({ path: `scores.${i}.score`, message: scoreRange(t.maxScore) });
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
  const refused = refusal(board, candidate.id, me.id);
  if (refused) throw refused;

  const at = Date.now();
  try {
    await batch(ctx.db, [
      stopUnless(ctx.db, gradingId, writable(gradingId, candidate.id, me.id)),
      ...input.scores.map((s) => upsertScore(ctx.db, candidate.id, me.id, s, at)),
      ...(input.comment === undefined ? [] : [upsertSheetComment(ctx.db, candidate.id, me.id, input.comment, at)]),
    ]);
  } catch (err) {
    if (!isStop(err)) throw err;
    const fresh = await loadBoard(ctx.db, gradingId);
    throw (fresh && refusal(fresh, candidate.id, me.id)) ?? conflict(SCORING_MESSAGES.notScoring);
  }
  const fresh = (await loadBoard(ctx.db, gradingId))!;
  return serializeSheetRow(
    fresh,
    fresh.candidates.find((c) => c.id === candidate.id)!,
    me.id,
  );
}

const upsertScore = (db: Db, candidateId: string, examinerId: string, s: PutScoresInput['scores'][number], at: number) =>
  db
    .insert(gradingScores)
    .values({
      candidateId,
      examinerUserId: examinerId,
      techniqueId: s.techniqueId,
      score: s.score,
      comment: s.comment ?? null,
      updatedAt: new Date(at),
    })
    .onConflictDoUpdate({
      target: [gradingScores.candidateId, gradingScores.examinerUserId, gradingScores.techniqueId],
      set: {
        score: s.score,
        ...(s.comment === undefined ? {} : { comment: s.comment }),
        updatedAt: new Date(at),
      },
    });

const upsertSheetComment = (db: Db, candidateId: string, examinerId: string, comment: string | null, at: number) =>
  db
    .insert(gradingSheets)
    .values({ candidateId, examinerUserId: examinerId, comment, updatedAt: new Date(at) })
    .onConflictDoUpdate({ target: [gradingSheets.candidateId, gradingSheets.examinerUserId], set: { comment, updatedAt: new Date(at) } });

/**
 * POST /api/gradings/:id/sheets/:candidateId/lock: one conditional statement locks the caller's sheet once
 * every technique of the candidate's target rank has their score; locking a locked sheet answers it as it is.
 */
export async function lockSheet(ctx: ServiceCtx, gradingId: string, candidateId: string) {
  const { me, board } = await examinerBoard(ctx, gradingId);
  const candidate = board.candidates.find((c) => c.id === candidateId);
  if (!candidate) throw notFound(SCORING_MESSAGES.candidateNotFound);
  const existing = board.sheets.find((s) => s.candidateId === candidateId && s.examinerUserId === me.id && s.lockedAt);
  if (existing) return serializeSheetRow(board, candidate, me.id);

  const at = new Date();
  const unscored = sql`(select count(*) from ${rankTechniques} where ${rankTechniques.rankId} = ${candidate.targetRankId}
      and not exists (select 1 from ${gradingScores} where ${gradingScores.candidateId} = ${candidateId}
        and ${gradingScores.examinerUserId} = ${me.id} and ${gradingScores.techniqueId} = ${rankTechniques.id}))`;
  const locked = await ctx.db
    .insert(gradingSheets)
    .select(
      ctx.db
        .select({
          candidateId: sql`${candidateId}`.as('candidate_id'),
          examinerUserId: sql`${me.id}`.as('examiner_user_id'),
          comment: sql`null`.as('comment'),
          lockedAt: sql`${at.getTime()}`.as('locked_at'),
          updatedAt: sql`${at.getTime()}`.as('updated_at'),
        })
        .from(gradings)
        .where(and(eq(gradings.id, gradingId), writable(gradingId, candidateId, me.id), sql`${unscored} = 0`)),
    )
    .onConflictDoUpdate({
      target: [gradingSheets.candidateId, gradingSheets.examinerUserId],
      set: { lockedAt: at, updatedAt: at },
      setWhere: sql`${gradingSheets.lockedAt} is null`,
    })
    .returning();
  const fresh = (await loadBoard(ctx.db, gradingId))!;
  const row = fresh.candidates.find((c) => c.id === candidateId)!;
  if (locked.length || fresh.sheets.some((s) => s.candidateId === candidateId && s.examinerUserId === me.id && s.lockedAt))
    return serializeSheetRow(fresh, row, me.id);
  throw refusal(fresh, candidateId, me.id) ?? conflict(SCORING_MESSAGES.incompleteSheet);
}
