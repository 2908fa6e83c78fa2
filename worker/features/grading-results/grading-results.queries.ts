import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Technique } from '#core/gradings/results.ts';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import {
  gradingCandidates,
  gradingExaminers,
  gradings,
  gradingScores,
  gradingSheets,
  programs,
  rankTechniques,
  ranks,
  users,
} from '#db/schema/index.ts';
import { alias } from 'drizzle-orm/sqlite-core';
import { movesUp } from '#core/progression/age-upgrade.ts';
import { currentRankSql } from '#worker/lib/progression/current-rank.ts';
import { batch } from '#worker/lib/sql.ts';

const upgradeRanks = alias(ranks, 'upgrade_rank');
const upgradePrograms = alias(programs, 'upgrade_program');

/**
 * Everything a grading's sheets, results, approval and finalize read, in one round trip: the grading, its
 * examiners (with their current rank in the program, for certificates) and candidates with names, the target ranks with their techniques, and every score and sheet.
 */
export async function loadBoard(db: Db, gradingId: string) {
  const candidateIds = db.select({ id: gradingCandidates.id }).from(gradingCandidates).where(eq(gradingCandidates.gradingId, gradingId));
  const targetRankIds = db
    .selectDistinct({ id: gradingCandidates.targetRankId })
    .from(gradingCandidates)
    .where(eq(gradingCandidates.gradingId, gradingId));
  const [[grading], examiners, candidates, targetRanks, techniques, scores, sheets] = await batch(db, [
    db
      .select({ grading: gradings, programName: programs.name })
      .from(gradings)
      .innerJoin(programs, eq(programs.id, gradings.programId))
      .where(eq(gradings.id, gradingId)),
    db
      .select({
        userId: gradingExaminers.userId,
        role: gradingExaminers.role,
        confirmedAt: gradingExaminers.confirmedAt,
        profile: users.profile,
        rankName: sql<string | null>`(select ${ranks.name} from ${ranks} where ${ranks.id} = ${currentRankSql(
          sql`${gradingExaminers.userId}`,
          sql`(select ${gradings.programId} from ${gradings} where ${gradings.id} = ${gradingId})`,
        )})`,
      })
      .from(gradingExaminers)
      .innerJoin(users, eq(users.id, gradingExaminers.userId))
      .where(eq(gradingExaminers.gradingId, gradingId))
      .orderBy(sql`${gradingExaminers.role} = 'head' desc`, asc(gradingExaminers.createdAt)),
    db
      .select({ candidate: gradingCandidates, profile: users.profile, email: users.email, studentId: users.studentId })
      .from(gradingCandidates)
      .innerJoin(users, eq(users.id, gradingCandidates.userId))
      .where(eq(gradingCandidates.gradingId, gradingId))
      .orderBy(asc(gradingCandidates.createdAt), asc(gradingCandidates.id)),
    db
      .select({
        id: ranks.id,
        name: ranks.name,
        colorHex: ranks.colorHex,
        gradeKey: ranks.gradeKey,
        ageUpgradeRankId: ranks.ageUpgradeRankId,
        ageUpgradeAtYears: ranks.ageUpgradeAtYears,
        upgrade: { id: upgradeRanks.id, name: upgradeRanks.name, programId: upgradeRanks.programId, programName: upgradePrograms.name },
      })
      .from(ranks)
      .leftJoin(upgradeRanks, eq(upgradeRanks.id, ranks.ageUpgradeRankId))
      .leftJoin(upgradePrograms, eq(upgradePrograms.id, upgradeRanks.programId))
      .where(inArray(ranks.id, targetRankIds)),
    db
      .select()
      .from(rankTechniques)
      .where(inArray(rankTechniques.rankId, targetRankIds))
      .orderBy(asc(rankTechniques.position), asc(rankTechniques.id)),
    db.select().from(gradingScores).where(inArray(gradingScores.candidateId, candidateIds)),
    db.select().from(gradingSheets).where(inArray(gradingSheets.candidateId, candidateIds)),
  ]);
  if (!grading) return null;
  return {
    grading: grading.grading,
    programName: grading.programName,
    examiners: examiners.map(({ profile, ...e }) => ({ ...e, name: profileName(profile, 'Examiner') })),
    candidates: candidates.map((c) => ({
      ...c.candidate,
      name: profileName(c.profile, c.studentId ?? 'Member'),
      email: c.email,
      studentId: c.studentId,
      dateOfBirth: typeof c.profile?.dateOfBirth === 'string' ? c.profile.dateOfBirth : null,
    })),
    ranks: new Map(targetRanks.map((r) => [r.id, r])),
    techniques,
    scores,
    sheets,
  };
}

export type Board = NonNullable<Awaited<ReturnType<typeof loadBoard>>>;
export type BoardCandidate = Board['candidates'][number];

/**
 * The rank a passed candidate is awarded, with its program: the target, or the target's age-upgrade rank in
 * another program when they are old enough on the grading's day (core/progression/age-upgrade.ts).
 */
export function awardedRank(board: Board, c: BoardCandidate) {
  const target = board.ranks.get(c.targetRankId);
  const up = target?.upgrade;
  if (target && up?.id && up.programId && movesUp(target, c.dateOfBirth, board.grading.heldOn))
    return {
      rankId: up.id,
      name: up.name ?? '',
      programId: up.programId,
      programName: up.programName ?? '',
      movedAtAge: target.ageUpgradeAtYears,
    };
  return {
    rankId: c.targetRankId,
    name: target?.name ?? '',
    programId: board.grading.programId,
    programName: board.programName,
    movedAtAge: null,
  };
}

/** The techniques a candidate is examined on: those of their target rank, in order. */
export const techniquesOf = (board: Board, rankId: string) => board.techniques.filter((t) => t.rankId === rankId);

export const asTechnique = (t: Board['techniques'][number]): Technique => ({
  id: t.id,
  maxScore: t.maxScore,
  passScore: t.passScore,
  weight: t.weight,
  mandatory: t.mandatory,
});

/** One examiner's scores of one candidate, by technique id. */
export const scoresOf = (board: Board, candidateId: string, examinerId: string) =>
  Object.fromEntries(
    board.scores.filter((s) => s.candidateId === candidateId && s.examinerUserId === examinerId).map((s) => [s.techniqueId, s.score]),
  ) as Record<string, number>;

export const sheetOf = (board: Board, candidateId: string, examinerId: string) =>
  board.sheets.find((s) => s.candidateId === candidateId && s.examinerUserId === examinerId) ?? null;

/** The grading is in `status` (inside a batch: as this batch sees it). */
export const gradingIs = (gradingId: string, status: string): SQL =>
  sql`exists (select 1 from ${gradings} where ${gradings.id} = ${gradingId} and ${gradings.status} = ${status})`;

/**
 * A statement that fails the batch it is in (and so rolls back everything before it) unless `condition`
 * holds: SQLite has no RAISE outside triggers, so it makes json() read a grading's id, which is no JSON.
 */
export const stopUnless = (db: Db, gradingId: string, condition: SQL) =>
  db.run(sql`select json('stop:' || ${gradings.id}) from ${gradings} where ${gradings.id} = ${gradingId} and not (${condition})`);

export const isStop = (err: unknown) => /malformed JSON/i.test(String((err as Error)?.message ?? '') + String((err as Error)?.cause ?? ''));

/** The statement just before changed a row: put right after a conditional move, with stopUnless. */
export const moved = sql`changes() > 0`;
