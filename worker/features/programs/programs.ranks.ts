import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Requirement } from '#core/progression/requirements.ts';
import { PROGRAM_MESSAGES, type CreateRankInput, type TechniqueInput, type UpdateRankInput } from '#core/progression/program-schemas.ts';
import {
  gradingCandidates,
  gradings,
  programs,
  rankRequirements,
  rankTechniques,
  ranks,
  studentRanks,
  type NewRankRow,
} from '#db/schema/index.ts';
import { mapDbErrors } from '#worker/lib/catalog/db.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { checkReferences, ladderForWrite, requirementStatements, techniqueStatements, type LadderForWrite } from './programs.ladder.ts';
import { programIdOf } from './programs.queries.ts';
import { serializeRank } from './programs.serialize.ts';

const M = PROGRAM_MESSAGES;
const RANK_DB_ERRORS = { unique: { 'ranks.program_id, ranks.position': M.positionTaken } };

/** One rank as the API shows it (with its requirements and techniques), in one round trip. */
export async function rankView(ctx: ServiceCtx, rankId: string) {
  const [rank, reqs, techs] = await batch(ctx.db, [
    ctx.db.select().from(ranks).where(eq(ranks.id, rankId)),
    ctx.db.select().from(rankRequirements).where(eq(rankRequirements.rankId, rankId)).orderBy(asc(rankRequirements.position)),
    ctx.db.select().from(rankTechniques).where(eq(rankTechniques.rankId, rankId)).orderBy(asc(rankTechniques.position)),
  ]);
  if (!rank[0]) throw notFound(M.rankNotFound);
  return serializeRank(rank[0], reqs, techs);
}

function rankColumns(input: UpdateRankInput): Partial<NewRankRow> {
  const { requirements: _r, techniques: _t, testFee, ...rest } = input;
  const out: Record<string, unknown> = { ...rest, testFeeCents: testFee };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Partial<NewRankRow>;
}

function requireProgram(found: LadderForWrite): asserts found is LadderForWrite & { program: NonNullable<LadderForWrite['program']> } {
  if (!found.program) throw notFound(M.notFound);
}

/** POST /api/programs/:slug/ranks: the rank with its requirements and techniques in one batch; no position = the top of the ladder. */
export async function createRank(ctx: ServiceCtx, slug: string, input: CreateRankInput) {
  const found = await ladderForWrite(ctx, slug, input);
  requireProgram(found);
  checkReferences(input, found);
  const id = newId();
  const position = input.position ?? Math.max(0, ...found.ranks.map((r) => r.position)) + 1;
  await mapDbErrors(
    () =>
      batch(ctx.db, [
        ctx.db.insert(ranks).values({ ...rankColumns(input), id, programId: found.program.id, name: input.name, position }),
        ...(input.requirements?.length ? requirementStatements(ctx.db, id, input.requirements) : []),
        ...(input.techniques?.length ? techniqueStatements(ctx.db, id, input.techniques, found) : []),
      ]),
    RANK_DB_ERRORS,
  );
  return rankView(ctx, id);
}

/** PATCH /api/programs/:slug/ranks/:rankId: columns, and the requirement and technique lists when sent, in one batch. */
export async function updateRank(ctx: ServiceCtx, slug: string, rankId: string, input: UpdateRankInput) {
  const found = await ladderForWrite(ctx, slug, { ...input, rankId });
  requireProgram(found);
  if (!found.ranks.some((r) => r.id === rankId)) throw notFound(M.rankNotFound);
  checkReferences(input, found);
  const columns = rankColumns(input);
  if (!Object.keys(columns).length && !input.requirements && !input.techniques) throw badRequest(M.nothingToUpdate);
  await mapDbErrors(
    () =>
      batch(ctx.db, [
        ctx.db
          .update(ranks)
          .set({ ...columns, updatedAt: new Date() })
          .where(and(eq(ranks.id, rankId), eq(ranks.programId, found.program.id))),
        ...(input.requirements ? requirementStatements(ctx.db, rankId, input.requirements) : []),
        ...(input.techniques ? techniqueStatements(ctx.db, rankId, input.techniques, found) : []),
      ]),
    RANK_DB_ERRORS,
  );
  return rankView(ctx, rankId);
}

/** PUT …/requirements: a rank of another program is refused in the words of the issue (400), an unknown one 404. */
export async function putRequirements(ctx: ServiceCtx, slug: string, rankId: string, list: Requirement[]) {
  const [program, rank] = await batch(ctx.db, [
    ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.slug, slug)),
    ctx.db.select({ programId: ranks.programId }).from(ranks).where(eq(ranks.id, rankId)),
  ]);
  if (!program[0]) throw notFound(M.notFound);
  if (!rank[0]) throw notFound(M.rankNotFound);
  if (rank[0].programId !== program[0].id)
    throw badRequest(M.requirementsOtherProgram, [{ path: 'rankId', message: M.requirementsOtherProgram }]);
  await batch(ctx.db, requirementStatements(ctx.db, rankId, list));
  return rankView(ctx, rankId);
}

export async function putTechniques(ctx: ServiceCtx, slug: string, rankId: string, list: TechniqueInput[]) {
  return updateRank(ctx, slug, rankId, { techniques: list });
}

/** Where a rank is held or examined: the ledger, a candidate, a grading's targets. */
const rankUsed = (rankId: SQL) => sql`(exists (select 1 from ${studentRanks} where ${studentRanks.rankId} = ${rankId})
  or exists (select 1 from ${gradingCandidates} where ${gradingCandidates.targetRankId} = ${rankId} or ${gradingCandidates.fromRankId} = ${rankId})
  or exists (select 1 from ${gradings}, json_each(${gradings.targetRankIds}) j where j.value = ${rankId}))`;

/**
 * DELETE /api/programs/:slug/ranks/:rankId: one conditional DELETE (never awarded, never in a grading);
 * ranks pointing at it (examiner minimum, age upgrade) let go of it in the same batch, only if it goes.
 */
export async function deleteRank(ctx: ServiceCtx, slug: string, rankId: string) {
  const deletable = sql`exists (select 1 from ${ranks} d where d.id = ${rankId} and d.program_id = ${programIdOf(slug)} and not ${rankUsed(sql`d.id`)})`;
  const [, , deleted] = await batch(ctx.db, [
    ctx.db
      .update(ranks)
      .set({ examinerMinRankId: null })
      .where(and(eq(ranks.examinerMinRankId, rankId), deletable)),
    ctx.db
      .update(ranks)
      .set({ ageUpgradeRankId: null, ageUpgradeAtYears: null })
      .where(and(eq(ranks.ageUpgradeRankId, rankId), deletable)),
    ctx.db
      .delete(ranks)
      .where(and(eq(ranks.id, rankId), sql`${ranks.programId} = ${programIdOf(slug)}`, sql`not ${rankUsed(sql`${ranks.id}`)}`))
      .returning({ id: ranks.id }),
  ]);
  if (deleted[0]) return { _id: deleted[0].id };
  const exists = await ctx.db
    .select({ id: ranks.id })
    .from(ranks)
    .where(and(eq(ranks.id, rankId), sql`${ranks.programId} = ${programIdOf(slug)}`))
    .get();
  throw exists ? conflict(M.rankInUse) : notFound(M.rankNotFound);
}

/** POST …/ranks/reorder: the whole ladder, positions 1…n, in one batch (negated first so the unique index never sees a swap half-done). */
export async function reorderRanks(ctx: ServiceCtx, slug: string, rankIds: string[]) {
  const found = await ladderForWrite(ctx, slug, {});
  requireProgram(found);
  const current = new Set(found.ranks.map((r) => r.id));
  if (new Set(rankIds).size !== rankIds.length || rankIds.length !== current.size || rankIds.some((id) => !current.has(id)))
    throw badRequest(M.reorder, [{ path: 'rankIds', message: M.reorder }]);
  const programId = found.program.id;
  const newPosition = sql.join(
    [sql`case ${ranks.id}`, ...rankIds.map((id, i) => sql`when ${id} then ${i + 1}`), sql`else -${ranks.position} end`],
    sql` `,
  );
  await mapDbErrors(
    () =>
      batch(ctx.db, [
        ctx.db
          .update(ranks)
          .set({ position: sql`-${ranks.position}` })
          .where(eq(ranks.programId, programId)),
        ctx.db.update(ranks).set({ position: newPosition, updatedAt: new Date() }).where(eq(ranks.programId, programId)),
      ]),
    RANK_DB_ERRORS,
  );
  return rankIds;
}
