import { z } from 'zod';

/**
 * What staff send to the rank ledger (issue 25 §4): promotions, stripes, voids, credits, technique checks,
 * approvals and an import of rank history. Messages are the API's; the admin screens show the same.
 */
export const LEDGER_MESSAGES = {
  programRequired: 'program is required',
  programNotFound: 'Program not found',
  studentNotFound: 'Student not found',
  awardNotFound: 'Award not found',
  rankRequired: 'rankId is required',
  rankOfProgram: 'rankId must be a rank of this program',
  rankNotFound: 'Rank not found in this program',
  techniqueNotFound: 'Technique not found',
  noteRequired: 'note is required',
  reasonRequired: 'reason is required',
  stripes: 'stripes must be a whole number from 0 to 20',
  stripesOver: (max: number) => `stripes must be at most ${max} for this rank`,
  noMoreStripes: 'This rank has no more stripes',
  noRankYet: 'This student has no rank in this program yet',
  alreadyVoided: 'This award has already been voided',
  date: 'awardedOn must be a date (YYYY-MM-DD)',
  future: 'awardedOn cannot be in the future',
  count: 'count must be a whole number from 1 to 10000',
  passed: 'passed must be true or false',
  approved: 'approved must be true or false',
  rows: 'rows must be a list of 1 to 500 rows',
  who: 'studentId or email is required',
} as const;
const M = LEDGER_MESSAGES;

const text = (message: string, max = 1000) => z.string({ error: message }).trim().min(1, message).max(max);
const isDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
export const CalendarDay = z.string({ error: M.date }).refine(isDate, M.date);
const Stripes = z.number({ error: M.stripes }).int(M.stripes).min(0, M.stripes).max(20, M.stripes);
const Program = text(M.programRequired, 200);

export const ProgramQuery = z.object({ program: z.string({ error: M.programRequired }).trim().min(1, M.programRequired) });

export const LedgerQuery = z.object({
  program: z.string().trim().min(1).optional(),
  includeVoided: z.enum(['true', 'false', '1', '0']).optional(),
});

export const PromoteSchema = z.object({
  program: Program,
  rankId: text(M.rankRequired, 100),
  stripes: Stripes.optional(),
  awardedOn: CalendarDay.optional(),
  note: text(M.noteRequired),
});

export const StripeSchema = z.object({ program: Program, note: text(M.noteRequired) });

export const VoidSchema = z.object({
  reason: text(M.reasonRequired),
  replacement: z
    .object({
      rankId: text(M.rankRequired, 100),
      stripes: Stripes.optional(),
      awardedOn: CalendarDay.optional(),
      note: text(M.noteRequired),
    })
    .optional(),
});

const Count = z.number({ error: M.count }).int(M.count).min(1, M.count).max(10_000, M.count);
export const CreditSchema = z.object({ program: Program, count: Count, reason: text(M.reasonRequired) });

export const TechniqueCheckSchema = z.object({ passed: z.boolean({ error: M.passed }) });

export const ApprovalSchema = z.object({
  rankId: text(M.rankRequired, 100),
  approved: z.boolean({ error: M.approved }),
  note: z.string().trim().max(1000).optional(),
});

export const IMPORT_MAX_ROWS = 500;

/** One row of rank history: who (student id or e-mail), which program, which rank (name, position or gradeKey), when. */
export const ImportRowSchema = z
  .object({
    studentId: z.string().trim().min(1).max(100).optional(),
    email: z.string().trim().min(1).max(320).optional(),
    program: Program,
    rank: z.union([z.string().trim().min(1).max(200), z.number().int()], { error: M.rankNotFound }),
    awardedOn: CalendarDay,
    stripes: Stripes.optional(),
    credits: Count.optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.studentId && !r.email) ctx.addIssue({ code: 'custom', path: ['studentId'], message: M.who });
  });

export const ImportSchema = z.object({
  rows: z.array(z.unknown(), { error: M.rows }).min(1, M.rows).max(IMPORT_MAX_ROWS, M.rows),
});

export type ImportRow = z.output<typeof ImportRowSchema>;
