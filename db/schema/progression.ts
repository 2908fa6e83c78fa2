import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ATTENDANCE_WINDOWS, AWARD_SOURCES, PROGRAM_AUDIENCES, RANK_KINDS } from '#core/progression/ladder.ts';
import { REQUIREMENT_MODES, REQUIREMENT_TYPES } from '#core/progression/requirements.ts';
import { syllabusItems } from './syllabus.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** A style or age group with its own ladder (issue 25 §1): karate for adults, a kids' program, … */
export const programs = sqliteTable('programs', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  audience: text('audience', { enum: PROGRAM_AUDIENCES }).notNull().default('all'),
  attendanceWindow: text('attendance_window', { enum: ATTENDANCE_WINDOWS }).notNull().default('since_last_promotion'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  /** Order of programs in lists. */
  position: integer('position').notNull().default(0),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/**
 * One rung of a program's ladder, lowest `position` first. `gradeKey` ties it to the syllabus grades
 * (core/syllabus/grades.ts) so syllabus by grade keeps working; an award writes it to the profile's grade.
 */
export const ranks = sqliteTable(
  'ranks',
  {
    id: text('id').primaryKey(),
    programId: text('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: RANK_KINDS }).notNull().default('kyu'),
    colorHex: text('color_hex').notNull().default('#ffffff'),
    stripeMax: integer('stripe_max').notNull().default(0),
    testFeeCents: integer('test_fee_cents').notNull().default(0),
    gradeKey: text('grade_key'),
    /** A child who reaches `ageUpgradeAtYears` moves to this rank (of another program) at the next grading. */
    ageUpgradeRankId: text('age_upgrade_rank_id'),
    ageUpgradeAtYears: integer('age_upgrade_at_years'),
    /** The lowest rank (of this program) an examiner must hold to examine candidates for this rank; null = any staff. */
    examinerMinRankId: text('examiner_min_rank_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('ranks_program_position_uq').on(t.programId, t.position),
    check('ranks_fee_not_negative', sql`${t.testFeeCents} >= 0`),
    check('ranks_stripes_range', sql`${t.stripeMax} between 0 and 20`),
  ],
);

/** What the TARGET rank asks (issue 25 §2); evaluated by core/progression/eligibility.ts. */
export const rankRequirements = sqliteTable(
  'rank_requirements',
  {
    id: text('id').primaryKey(),
    rankId: text('rank_id')
      .notNull()
      .references(() => ranks.id, { onDelete: 'cascade' }),
    type: text('type', { enum: REQUIREMENT_TYPES }).notNull(),
    mode: text('mode', { enum: REQUIREMENT_MODES }).notNull().default('gate'),
    value: integer('value'),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('rank_requirements_rank_type_uq').on(t.rankId, t.type)],
);

/** What a candidate for this rank is examined on, drawn from the syllabus items of its grade. */
export const rankTechniques = sqliteTable(
  'rank_techniques',
  {
    id: text('id').primaryKey(),
    rankId: text('rank_id')
      .notNull()
      .references(() => ranks.id, { onDelete: 'cascade' }),
    syllabusItemId: text('syllabus_item_id').references(() => syllabusItems.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    category: text('category').notNull().default('other'),
    maxScore: integer('max_score').notNull().default(10),
    passScore: integer('pass_score').notNull().default(6),
    weight: integer('weight').notNull().default(1),
    mandatory: integer('mandatory', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('rank_techniques_rank_idx').on(t.rankId, t.position),
    check('rank_techniques_scores', sql`${t.maxScore} between 1 and 1000 and ${t.passScore} between 0 and ${t.maxScore}`),
    check('rank_techniques_weight', sql`${t.weight} between 1 and 100`),
  ],
);

/**
 * The rank ledger (issue 25 §4): append-only. A promotion or a stripe is a new row; a correction voids a
 * row (reason, time, who) and adds another; nothing is edited in place. The current rank in a program is
 * the latest valid row (awardedOn, then createdAt). A grading candidate yields at most one row.
 */
export const studentRanks = sqliteTable(
  'student_ranks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: text('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    rankId: text('rank_id')
      .notNull()
      .references(() => ranks.id, { onDelete: 'restrict' }),
    stripes: integer('stripes').notNull().default(0),
    /** The school's calendar day of the award ('YYYY-MM-DD'): a grading's date, or the day staff name. */
    awardedOn: text('awarded_on').notNull(),
    source: text('source', { enum: AWARD_SOURCES }).notNull(),
    candidateId: text('candidate_id').unique(),
    awardedBy: text('awarded_by'),
    note: text('note'),
    /** The row this one corrects (it was voided in the same batch). */
    supersedesId: text('supersedes_id'),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    voidedBy: text('voided_by'),
    voidReason: text('void_reason'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('student_ranks_user_program_idx').on(t.userId, t.programId, t.awardedOn, t.createdAt),
    index('student_ranks_program_rank_idx').on(t.programId, t.rankId),
    check('student_ranks_stripes', sql`${t.stripes} between 0 and 20`),
  ],
);

/**
 * Classes attended before the product (or elsewhere) that staff vouch for, counted by min_classes with the
 * ledger's attendance. `rankId` is the rank held while they were attended: a since_last_promotion window
 * counts only the credits of the current rank. Voided, never deleted.
 */
export const attendanceCredits = sqliteTable(
  'attendance_credits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programId: text('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    rankId: text('rank_id').references(() => ranks.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by'),
    voidedAt: integer('voided_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('attendance_credits_user_program_idx').on(t.userId, t.programId),
    check('attendance_credits_count', sql`${t.count} between 1 and 10000`),
  ],
);

/** A technique of a rank an instructor has seen a student pass in class (techniques_passed; "5 of 7 kata"). */
export const techniqueChecks = sqliteTable(
  'technique_checks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    techniqueId: text('technique_id')
      .notNull()
      .references(() => rankTechniques.id, { onDelete: 'cascade' }),
    checkedBy: text('checked_by'),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.techniqueId] })],
);

/** An instructor's permission to test for a rank (instructor_approval). */
export const gradingApprovals = sqliteTable(
  'grading_approvals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rankId: text('rank_id')
      .notNull()
      .references(() => ranks.id, { onDelete: 'cascade' }),
    approvedBy: text('approved_by'),
    note: text('note'),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rankId] })],
);

export type ProgramRow = typeof programs.$inferSelect;
export type RankRow = typeof ranks.$inferSelect;
export type NewRankRow = typeof ranks.$inferInsert;
export type RankRequirementRow = typeof rankRequirements.$inferSelect;
export type RankTechniqueRow = typeof rankTechniques.$inferSelect;
export type StudentRankRow = typeof studentRanks.$inferSelect;
export type AttendanceCreditRow = typeof attendanceCredits.$inferSelect;
