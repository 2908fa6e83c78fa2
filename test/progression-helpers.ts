/** Program, ladder, ledger and grading fixtures shared by the progression, gradings and certificates tests. */
import { newId } from '#core/ids.ts';
import {
  gradingCandidates,
  gradingExaminers,
  gradings,
  programs,
  rankRequirements,
  rankTechniques,
  ranks,
  studentRanks,
  type NewRankRow,
} from '#db/schema/index.ts';
import type { Requirement } from '#core/progression/requirements.ts';
import { testDb, uniq } from '#test/helpers.ts';

type NewRank = Partial<NewRankRow> & { requirements?: Requirement[]; techniques?: number };

/**
 * A program with a ladder of `ranks.length` ranks (position 1…n). Each rank may carry requirements and
 * `techniques` (that many techniques, max 10, pass 6, weight 1, the first mandatory).
 */
export async function insertProgram(
  opts: { slug?: string; attendanceWindow?: 'since_last_promotion' | 'all_time'; ranks?: NewRank[] } = {},
) {
  const db = testDb();
  const program = await db
    .insert(programs)
    .values({
      id: newId(),
      slug: opts.slug ?? `p-${uniq()}`,
      name: `Program ${uniq()}`,
      attendanceWindow: opts.attendanceWindow ?? 'since_last_promotion',
    })
    .returning()
    .get();
  const out: (typeof ranks.$inferSelect & { techniqueIds: string[] })[] = [];
  for (const [i, r] of (opts.ranks ?? [{}, {}, {}]).entries()) {
    const { requirements = [], techniques = 0, ...row } = r;
    const rank = await db
      .insert(ranks)
      .values({ id: newId(), programId: program.id, position: i + 1, name: `Rank ${i + 1}`, ...row })
      .returning()
      .get();
    for (const [j, q] of requirements.entries())
      await db.insert(rankRequirements).values({ id: newId(), rankId: rank.id, type: q.type, mode: q.mode, value: q.value, position: j });
    const techniqueIds: string[] = [];
    for (let j = 0; j < techniques; j++) {
      const id = newId();
      techniqueIds.push(id);
      await db
        .insert(rankTechniques)
        .values({ id, rankId: rank.id, title: `Technique ${j + 1}`, category: 'kata', mandatory: j === 0, position: j });
    }
    out.push({ ...rank, techniqueIds });
  }
  return { program, ranks: out };
}

/** A valid ledger row: `userId` holds `rankId` since `awardedOn` ('YYYY-MM-DD'). */
export async function awardRank(
  userId: string,
  programId: string,
  rankId: string,
  awardedOn: string,
  extra: Partial<typeof studentRanks.$inferInsert> = {},
) {
  return testDb()
    .insert(studentRanks)
    .values({ id: newId(), userId, programId, rankId, awardedOn, source: 'manual', ...extra })
    .returning()
    .get();
}

/** A grading in `status` (default open) held on `heldOn`, with optional examiners and candidates. */
export async function insertGrading(
  programId: string,
  opts: {
    status?: (typeof gradings.$inferInsert)['status'];
    heldOn?: string;
    examiners?: { userId: string; role?: 'head' | 'panel'; confirmed?: boolean }[];
    candidates?: {
      userId: string;
      targetRankId: string;
      status?: (typeof gradingCandidates.$inferInsert)['status'];
      feeCents?: number;
      paymentStatus?: (typeof gradingCandidates.$inferInsert)['paymentStatus'];
    }[];
  } = {},
) {
  const db = testDb();
  const grading = await db
    .insert(gradings)
    .values({ id: newId(), programId, title: `Grading ${uniq()}`, heldOn: opts.heldOn ?? '2026-12-12', status: opts.status ?? 'open' })
    .returning()
    .get();
  for (const e of opts.examiners ?? [])
    await db
      .insert(gradingExaminers)
      .values({ gradingId: grading.id, userId: e.userId, role: e.role ?? 'panel', confirmedAt: e.confirmed ? new Date() : null });
  const candidates = [];
  for (const c of opts.candidates ?? [])
    candidates.push(
      await db
        .insert(gradingCandidates)
        .values({
          id: newId(),
          gradingId: grading.id,
          userId: c.userId,
          targetRankId: c.targetRankId,
          status: c.status ?? 'invited',
          feeCents: c.feeCents ?? 0,
          paymentStatus: c.paymentStatus ?? 'none',
          eligibilitySnapshot: { eligible: true, checks: [] },
        })
        .returning()
        .get(),
    );
  return { grading, candidates };
}
