import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Requirement } from '#core/progression/requirements.ts';
import { PROGRAM_MESSAGES, type TechniqueInput } from '#core/progression/program-schemas.ts';
import type { Db } from '#db/client.ts';
import { gradingScores, programs, rankRequirements, rankTechniques, ranks, syllabusItems } from '#db/schema/index.ts';
import { badRequest, conflict, type FieldError } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { programIdOf } from './programs.queries.ts';

const M = PROGRAM_MESSAGES;

/**
 * What a rank write checks against, read in one round trip: the program, its ladder, the rank's techniques
 * (whether scores hold them), the syllabus items named and the age-upgrade target.
 */
export async function ladderForWrite(
  ctx: ServiceCtx,
  slug: string,
  opts: { rankId?: string; techniques?: TechniqueInput[] | undefined; ageUpgradeRankId?: string | null | undefined },
) {
  const itemIds = [...new Set((opts.techniques ?? []).flatMap((t) => (t.syllabusItemId ? [t.syllabusItemId] : [])))];
  const [program, ladder, techniques, items, upgrade] = await batch(ctx.db, [
    ctx.db.select().from(programs).where(eq(programs.slug, slug)),
    ctx.db
      .select()
      .from(ranks)
      .where(sql`${ranks.programId} = ${programIdOf(slug)}`)
      .orderBy(asc(ranks.position)),
    ctx.db
      .select({
        id: rankTechniques.id,
        scored: sql<number>`exists (select 1 from grading_scores s where s.technique_id = "rank_techniques"."id")`.mapWith(Boolean),
      })
      .from(rankTechniques)
      .where(eq(rankTechniques.rankId, opts.rankId ?? '')),
    ctx.db
      .select({ id: syllabusItems.id, title: syllabusItems.title, category: syllabusItems.category })
      .from(syllabusItems)
      .where(inArray(syllabusItems.id, itemIds.length ? itemIds : [''])),
    ctx.db
      .select({ id: ranks.id, programId: ranks.programId })
      .from(ranks)
      .where(eq(ranks.id, opts.ageUpgradeRankId ?? '')),
  ]);
  return { program: program[0], ranks: ladder, techniques, items: new Map(items.map((i) => [i.id, i])), upgrade: upgrade[0] };
}
export type LadderForWrite = Awaited<ReturnType<typeof ladderForWrite>>;

const refused = (path: string, message: string) => badRequest(message, [{ path, message } satisfies FieldError]);

/** The references a rank's body names must exist where the contract says: same program, another program, the syllabus. */
export function checkReferences(
  input: {
    examinerMinRankId?: string | null | undefined;
    ageUpgradeRankId?: string | null | undefined;
    techniques?: TechniqueInput[] | undefined;
  },
  found: LadderForWrite,
) {
  const programId = found.program!.id;
  if (input.examinerMinRankId && !found.ranks.some((r) => r.id === input.examinerMinRankId))
    throw refused('examinerMinRankId', M.examinerMinRank);
  if (input.ageUpgradeRankId && (!found.upgrade || found.upgrade.programId === programId))
    throw refused('ageUpgradeRankId', M.ageUpgradeRank);
  const own = new Set(found.techniques.map((t) => t.id));
  input.techniques?.forEach((t, i) => {
    if (t.syllabusItemId && !found.items.has(t.syllabusItemId)) throw refused(`techniques.${i}.syllabusItemId`, M.syllabusItem);
    if (t._id && !own.has(t._id)) throw refused(`techniques.${i}._id`, M.techniqueUnknown);
  });
}

/** Replaces a rank's requirements: delete and insert in the caller's batch. */
export function requirementStatements(db: Db, rankId: string, list: Requirement[]) {
  return [
    db.delete(rankRequirements).where(eq(rankRequirements.rankId, rankId)),
    ...(list.length
      ? [
          db
            .insert(rankRequirements)
            .values(list.map((r, i) => ({ id: newId(), rankId, type: r.type, mode: r.mode, value: r.value, position: i }))),
        ]
      : []),
  ];
}

/**
 * Replaces a rank's techniques, keeping the rows whose `_id` is sent (scores reference them). Removing a
 * scored technique is refused; the DELETE also keeps any technique scored meanwhile, so no score is lost.
 */
export function techniqueStatements(db: Db, rankId: string, list: TechniqueInput[], found: LadderForWrite) {
  const keep = list.flatMap((t) => (t._id ? [t._id] : []));
  if (found.techniques.some((t) => t.scored && !keep.includes(t.id))) throw conflict(M.techniqueScored);
  const values = list.map((t, i) => {
    const item = t.syllabusItemId ? found.items.get(t.syllabusItemId) : undefined;
    return {
      syllabusItemId: t.syllabusItemId ?? null,
      title: t.title || item?.title || '',
      category: t.category ?? item?.category ?? 'other',
      maxScore: t.maxScore,
      passScore: t.passScore,
      weight: t.weight,
      mandatory: t.mandatory,
      position: i,
    };
  });
  const notScored = sql`not exists (select 1 from ${gradingScores} where ${gradingScores.techniqueId} = ${rankTechniques.id})`;
  return [
    db
      .delete(rankTechniques)
      .where(and(eq(rankTechniques.rankId, rankId), keep.length ? notInArray(rankTechniques.id, keep) : undefined, notScored)),
    ...list.map((t, i) =>
      t._id
        ? db
            .update(rankTechniques)
            .set(values[i]!)
            .where(and(eq(rankTechniques.id, t._id), eq(rankTechniques.rankId, rankId)))
        : db.insert(rankTechniques).values({ ...values[i]!, id: newId(), rankId }),
    ),
  ];
}
