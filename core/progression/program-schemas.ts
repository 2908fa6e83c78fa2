import { z } from 'zod';
import { flag, jsonFlag, moneyCents, optionalText, optionEnum, requiredText, wholeNumber } from '#core/fields.ts';
import { GRADES, SYLLABUS_CATEGORIES } from '#core/syllabus/grades.ts';
import { SLUG_PATTERN } from '#core/slug.ts';
import { ATTENDANCE_WINDOWS, PROGRAM_AUDIENCES, RANK_KINDS } from './ladder.ts';
import { RequirementSchema } from './requirements.ts';

/** The words of the programs API (issue 25 §1): the API answers them and the ladder editor shows them before sending. */
export const PROGRAM_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Program not found',
  rankNotFound: 'Rank not found',
  slugTaken: 'A program with this slug already exists',
  slug: 'slug must be lower-case letters and digits joined by hyphens',
  audience: `audience must be one of: ${PROGRAM_AUDIENCES.join(', ')}`,
  attendanceWindow: `attendanceWindow must be one of: ${ATTENDANCE_WINDOWS.join(', ')}`,
  programInUse: 'This program has rank awards or gradings and cannot be deleted',
  positionTaken: 'A rank already holds this position in the program',
  kind: `kind must be one of: ${RANK_KINDS.join(', ')}`,
  colorHex: 'colorHex must be a colour such as #ffcc00',
  gradeKey: `gradeKey must be one of: ${GRADES.join(', ')}`,
  examinerMinRank: 'examinerMinRankId must be a rank of this program',
  ageUpgradeRank: 'ageUpgradeRankId must be a rank of another program',
  ageUpgradePair: 'ageUpgradeRankId and ageUpgradeAtYears go together',
  rankInUse: 'This rank has been awarded and cannot be deleted',
  requirementsOtherProgram: 'Requirements must belong to a rank of this program',
  requirementTwice: 'Each type of requirement may appear once per rank',
  reorder: 'rankIds must list every rank of this program once',
  passAboveMax: 'passScore must not be more than maxScore',
  titleRequired: 'title is required when no syllabus item is chosen',
  syllabusItem: 'syllabusItemId must be a syllabus item',
  techniqueUnknown: 'This technique is not one of the rank\u2019s techniques',
  techniqueScored: 'This technique has scores and cannot be removed',
  category: `category must be one of: ${SYLLABUS_CATEGORIES.join(', ')}`,
  nothingToUpdate: 'Nothing to update',
  programCreated: 'Program created',
  programUpdated: 'Program updated',
  programDeleted: 'Program deleted',
  rankCreated: 'Rank created',
  rankUpdated: 'Rank updated',
  rankDeleted: 'Rank deleted',
  reordered: 'Ladder reordered',
  requirementsSaved: 'Requirements saved',
  techniquesSaved: 'Techniques saved',
} as const;
const M = PROGRAM_MESSAGES;

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const nullableId = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), id(message).nullable().optional());

const programFields = {
  slug: z.string({ error: M.slug }).trim().toLowerCase().max(80, M.slug).regex(SLUG_PATTERN, M.slug),
  name: requiredText('Name', 120),
  description: optionalText('Description', 2000),
  audience: optionEnum(PROGRAM_AUDIENCES, M.audience),
  attendanceWindow: optionEnum(ATTENDANCE_WINDOWS, M.attendanceWindow),
  isActive: flag('isActive'),
  position: wholeNumber('Position', 0, 10_000),
};

export const CreateProgramSchema = z.object(
  {
    ...programFields,
    slug: programFields.slug.optional(),
    description: programFields.description,
    audience: programFields.audience.optional(),
    attendanceWindow: programFields.attendanceWindow.optional(),
    isActive: programFields.isActive.optional(),
    position: programFields.position.optional(),
  },
  { error: M.bodyObject },
);
export type CreateProgramInput = z.output<typeof CreateProgramSchema>;

export const UpdateProgramSchema = CreateProgramSchema.partial();
export type UpdateProgramInput = z.output<typeof UpdateProgramSchema>;

/** One technique a candidate for the rank is examined on; `_id` keeps an existing one (scores reference it). */
export const TechniqueSchema = z
  .object({
    _id: id('_id must be a technique id').optional(),
    syllabusItemId: nullableId(M.syllabusItem),
    title: optionalText('title', 200),
    category: optionEnum(SYLLABUS_CATEGORIES, M.category).optional(),
    maxScore: wholeNumber('maxScore', 1, 1000),
    passScore: wholeNumber('passScore', 0, 1000),
    weight: wholeNumber('weight', 1, 100).default(1),
    mandatory: jsonFlag('mandatory').default(false),
  })
  .superRefine((t, ctx) => {
    if (t.passScore > t.maxScore) ctx.addIssue({ code: 'custom', path: ['passScore'], message: M.passAboveMax });
    if (!t.syllabusItemId && !t.title) ctx.addIssue({ code: 'custom', path: ['title'], message: M.titleRequired });
  });
export type TechniqueInput = z.output<typeof TechniqueSchema>;

const noRepeatedType = (list: { type: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((r, i) => {
    if (seen.has(r.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: M.requirementTwice });
    seen.add(r.type);
  });
};

export const RequirementListSchema = z
  .array(RequirementSchema, { error: 'requirements must be a list' })
  .max(20, 'At most 20 requirements per rank')
  .superRefine(noRepeatedType);
export const TechniqueListSchema = z
  .array(TechniqueSchema, { error: 'techniques must be a list' })
  .max(100, 'At most 100 techniques per rank');

export const PutRequirementsSchema = z.object({ requirements: RequirementListSchema }, { error: M.bodyObject });
export const PutTechniquesSchema = z.object({ techniques: TechniqueListSchema }, { error: M.bodyObject });
export const ReorderRanksSchema = z.object(
  { rankIds: z.array(id(M.reorder), { error: M.reorder }).min(1, M.reorder).max(200, M.reorder) },
  { error: M.bodyObject },
);

const rankFields = {
  position: wholeNumber('position', 1, 1000),
  name: requiredText('Name', 120),
  kind: optionEnum(RANK_KINDS, M.kind),
  colorHex: z
    .string({ error: M.colorHex })
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, M.colorHex),
  stripeMax: wholeNumber('stripeMax', 0, 20),
  testFee: moneyCents('testFee'),
  gradeKey: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.enum(GRADES, { error: M.gradeKey }).nullable()),
  ageUpgradeRankId: nullableId(M.ageUpgradeRank),
  ageUpgradeAtYears: z.preprocess((v) => (v === '' ? null : v), wholeNumber('ageUpgradeAtYears', 3, 99).nullable()),
  examinerMinRankId: nullableId(M.examinerMinRank),
  requirements: RequirementListSchema,
  techniques: TechniqueListSchema,
};
const optionalRankFields = Object.fromEntries(Object.entries(rankFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof rankFields]: z.ZodOptional<(typeof rankFields)[K]>;
};

const agePair = (
  r: { ageUpgradeRankId?: string | null | undefined; ageUpgradeAtYears?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (r.ageUpgradeRankId === undefined && r.ageUpgradeAtYears === undefined) return;
  if (!r.ageUpgradeRankId !== !r.ageUpgradeAtYears)
    ctx.addIssue({ code: 'custom', path: ['ageUpgradeAtYears'], message: M.ageUpgradePair });
};

export const CreateRankSchema = z.object({ ...optionalRankFields, name: rankFields.name }, { error: M.bodyObject }).superRefine(agePair);
export type CreateRankInput = z.output<typeof CreateRankSchema>;

export const UpdateRankSchema = z.object(optionalRankFields, { error: M.bodyObject }).superRefine(agePair);
export type UpdateRankInput = z.output<typeof UpdateRankSchema>;

export const ListProgramsQuery = z.object({
  active: z
    .preprocess(
      (v) => (Array.isArray(v) ? v[0] : v === '' ? 'true' : v),
      z.enum(['true', 'false'], { error: 'active must be true or false' }),
    )
    .transform((v) => v === 'true')
    .optional(),
});
