import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { GradingState } from '#core/gradings/grading-states.ts';
import type { Db } from '#db/client.ts';
import { gradingCandidates, gradingExaminers, gradings, programs, ranks, studentRanks, users, type GradingRow } from '#db/schema/index.ts';
import { batch } from '#worker/lib/sql.ts';
import type { CandidateViewRow, GradingExtras } from './gradings.serialize.ts';

/** What a student or member may see: gradings past draft, never cancelled ones they were not part of. */
export const SHOWN_TO_MEMBERS: readonly GradingState[] = ['open', 'locked', 'scoring', 'approved', 'finalized'];

/** A member sees a grading of a program they hold a rank in, or one they are a candidate of (any state but draft). */
export const memberMaySee = (userId: string): SQL =>
  sql`(${gradings.status} <> 'draft' and (exists (select 1 from ${gradingCandidates} where ${gradingCandidates.gradingId} = ${gradings.id} and ${gradingCandidates.userId} = ${userId})
    or (${inArray(gradings.status, [...SHOWN_TO_MEMBERS])} and exists (select 1 from ${studentRanks} where ${studentRanks.userId} = ${userId} and ${studentRanks.programId} = ${gradings.programId} and ${studentRanks.voidedAt} is null))))`;

/** A fee is payable while the grading is neither finalized nor cancelled (nor still a draft). */
export const PAYABLE_GRADING: readonly GradingState[] = ['open', 'locked', 'scoring', 'approved'];

/** The editable states (PATCH, examiners, invitations). */
export const EDITABLE: readonly GradingState[] = ['draft', 'open'];
export const gradingIn = (id: string, states: readonly GradingState[]) =>
  sql`exists (select 1 from ${gradings} where ${gradings.id} = ${id} and ${inArray(gradings.status, [...states])})`;

const rankBrief = {
  id: ranks.id,
  programId: ranks.programId,
  name: ranks.name,
  colorHex: ranks.colorHex,
  position: ranks.position,
  testFeeCents: ranks.testFeeCents,
};

/** What every Grading view adds to its row, for a page of gradings: ONE batch. */
export async function gradingExtras(db: Db, rows: readonly GradingRow[], viewerId: string | null): Promise<Map<string, GradingExtras>> {
  const out = new Map<string, GradingExtras>();
  if (!rows.length) return out;
  const ids = rows.map((r) => r.id);
  const programIds = [...new Set(rows.map((r) => r.programId))];
  const [programRows, rankRows, examinerRows, counts, mine] = await batch(db, [
    db.select({ id: programs.id, name: programs.name }).from(programs).where(inArray(programs.id, programIds)),
    db.select(rankBrief).from(ranks).where(inArray(ranks.programId, programIds)).orderBy(asc(ranks.position)),
    db
      .select({
        gradingId: gradingExaminers.gradingId,
        userId: gradingExaminers.userId,
        role: gradingExaminers.role,
        confirmedAt: gradingExaminers.confirmedAt,
        profile: users.profile,
        email: users.email,
      })
      .from(gradingExaminers)
      .innerJoin(users, eq(users.id, gradingExaminers.userId))
      .where(inArray(gradingExaminers.gradingId, ids))
      .orderBy(sql`${gradingExaminers.role} = 'panel'`, asc(gradingExaminers.createdAt)),
    db
      .select({ gradingId: gradingCandidates.gradingId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(gradingCandidates)
      .where(inArray(gradingCandidates.gradingId, ids))
      .groupBy(gradingCandidates.gradingId),
    db
      .select()
      .from(gradingCandidates)
      .where(and(inArray(gradingCandidates.gradingId, ids), eq(gradingCandidates.userId, viewerId ?? ''))),
  ]);
  for (const r of rows)
    out.set(r.id, {
      programName: programRows.find((p) => p.id === r.programId)?.name ?? '',
      ranks: rankRows.filter((k) => k.programId === r.programId),
      examiners: examinerRows.filter((e) => e.gradingId === r.id),
      candidateCount: counts.find((c) => c.gradingId === r.id)?.n ?? 0,
      mine: mine.find((c) => c.gradingId === r.id) ?? null,
      viewerId,
    });
  return out;
}

const fromRank = alias(ranks, 'from_rank');
const targetRank = alias(ranks, 'target_rank');

/** Candidates with their names and ranks, as the Candidate view needs them. */
export const candidateRowsQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({
      c: gradingCandidates,
      profile: users.profile,
      email: users.email,
      studentId: users.studentId,
      fromRank: { id: fromRank.id, name: fromRank.name, colorHex: fromRank.colorHex },
      targetRank: { id: targetRank.id, name: targetRank.name, colorHex: targetRank.colorHex },
    })
    .from(gradingCandidates)
    .innerJoin(users, eq(users.id, gradingCandidates.userId))
    .innerJoin(targetRank, eq(targetRank.id, gradingCandidates.targetRankId))
    .leftJoin(fromRank, eq(fromRank.id, gradingCandidates.fromRankId))
    .where(where)
    .orderBy(asc(targetRank.position), asc(gradingCandidates.createdAt));

export const toCandidateRow = (r: Awaited<ReturnType<typeof candidateRowsQuery>>[number]): CandidateViewRow => ({
  ...r.c,
  profile: r.profile,
  email: r.email,
  studentId: r.studentId,
  fromRank: r.fromRank?.id ? r.fromRank : null,
  targetRank: r.targetRank,
});

/** Members (students and members) who may be put forward: active accounts. */
export const activeMembers = (db: Db) =>
  db
    .select({ id: users.id, profile: users.profile, email: users.email, studentId: users.studentId })
    .from(users)
    .where(and(inArray(users.role, ['student', 'member']), eq(users.isActive, true), isNull(users.deactivatedAt), isNull(users.blockedAt)));
