import type { RankTechniqueRow } from '#db/schema/index.ts';

/** A rank's technique as the API shows it (the Rank of API-25, and the score sheet's techniques by rank). */
export const serializeTechnique = (t: RankTechniqueRow) => ({
  _id: t.id,
  title: t.title,
  category: t.category,
  syllabusItemId: t.syllabusItemId,
  maxScore: t.maxScore,
  passScore: t.passScore,
  weight: t.weight,
  mandatory: t.mandatory,
  position: t.position,
});
