import { serializeTechnique } from '#worker/lib/progression/technique-view.ts';
import { fromCents } from '#core/money.ts';
import type { ProgramRow, RankRequirementRow, RankRow, RankTechniqueRow } from '#db/schema/index.ts';

export type ProgramView = ReturnType<typeof serializeProgram>;
export type RankView = ReturnType<typeof serializeRank>;

export const serializeProgram = (row: ProgramRow, rankCount: number) => ({
  _id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  audience: row.audience,
  attendanceWindow: row.attendanceWindow,
  isActive: row.isActive,
  position: row.position,
  rankCount,
});

export const serializeRequirement = (r: RankRequirementRow) => ({
  _id: r.id,
  type: r.type,
  mode: r.mode,
  value: r.value,
  position: r.position,
});

export const serializeRank = (row: RankRow, requirements: RankRequirementRow[], techniques: RankTechniqueRow[]) => ({
  _id: row.id,
  programId: row.programId,
  position: row.position,
  name: row.name,
  kind: row.kind,
  colorHex: row.colorHex,
  stripeMax: row.stripeMax,
  testFee: fromCents(row.testFeeCents).toFixed(2),
  testFeeCents: row.testFeeCents,
  gradeKey: row.gradeKey,
  ageUpgradeRankId: row.ageUpgradeRankId,
  ageUpgradeAtYears: row.ageUpgradeAtYears,
  examinerMinRankId: row.examinerMinRankId,
  requirements: requirements.filter((r) => r.rankId === row.id).map(serializeRequirement),
  techniques: techniques.filter((t) => t.rankId === row.id).map(serializeTechnique),
});

/** A ladder in position order, each rank with its requirements and techniques (already ordered by the queries). */
export const serializeLadder = (ranks: RankRow[], requirements: RankRequirementRow[], techniques: RankTechniqueRow[]) =>
  ranks.map((r) => serializeRank(r, requirements, techniques));
