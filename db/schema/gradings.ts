import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CANDIDATE_STATES, GRADING_STATES } from '#core/gradings/grading-states.ts';
import type { Eligibility } from '#core/progression/eligibility.ts';
import { CANDIDATE_PAYMENT_STATES, CERTIFICATE_STATES, EXAMINER_ROLES } from '#core/progression/ladder.ts';
import { programs, rankTechniques, ranks, studentRanks } from './progression.ts';
import { events } from './schedule.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * A grading (issue 25 §5): draft → open → locked → scoring → approved → finalized, cancellable until
 * finalized (core/gradings/grading-states.ts). Every move is one conditional UPDATE on `status`.
 */
export const gradings = sqliteTable(
  'gradings',
  {
    id: text('id').primaryKey(),
    programId: text('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    /** An event of category grading that announces it on the public calendar. */
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The school's calendar day it is held ('YYYY-MM-DD'): the awards' date. */
    heldOn: text('held_on').notNull(),
    location: text('location'),
    status: text('status', { enum: GRADING_STATES }).notNull().default('draft'),
    /** Rank ids candidates may test for; empty = every rank of the program. */
    targetRankIds: text('target_rank_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    registrationClosesAt: integer('registration_closes_at', { mode: 'timestamp_ms' }),
    /** How examiners' independent sheets decide (core/gradings/results.ts). */
    resultRule: text('result_rule', { enum: ['majority', 'all'] })
      .notNull()
      .default('majority'),
    notes: text('notes'),
    createdBy: text('created_by'),
    cancelReason: text('cancel_reason'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    lockedAt: integer('locked_at', { mode: 'timestamp_ms' }),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
    finalizedAt: integer('finalized_at', { mode: 'timestamp_ms' }),
    finalizedBy: text('finalized_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('gradings_program_held_idx').on(t.programId, t.heldOn),
    index('gradings_status_held_idx').on(t.status, t.heldOn),
    check('gradings_age_range', sql`${t.minAge} is null or ${t.maxAge} is null or ${t.minAge} <= ${t.maxAge}`),
  ],
);

/** The panel: a head examiner and panel members; each confirms, then scores on their own sheets. */
export const gradingExaminers = sqliteTable(
  'grading_examiners',
  {
    gradingId: text('grading_id')
      .notNull()
      .references(() => gradings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: EXAMINER_ROLES }).notNull().default('panel'),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    addedBy: text('added_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.gradingId, t.userId] }), index('grading_examiners_user_idx').on(t.userId)],
);

/**
 * A member put forward for a target rank. `status` is the candidate's life (invited → registered →
 * paid|waived → present|absent → passed|failed|deferred); `paymentStatus` is the test fee's own axis
 * (none when the fee is 0), so finalize can refuse a passed candidate who has not paid. The eligibility
 * at invitation is frozen in `eligibilitySnapshot`; inviting an ineligible member needs `overrideReason`.
 */
export const gradingCandidates = sqliteTable(
  'grading_candidates',
  {
    id: text('id').primaryKey(),
    gradingId: text('grading_id')
      .notNull()
      .references(() => gradings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromRankId: text('from_rank_id').references(() => ranks.id, { onDelete: 'set null' }),
    targetRankId: text('target_rank_id')
      .notNull()
      .references(() => ranks.id, { onDelete: 'restrict' }),
    status: text('status', { enum: CANDIDATE_STATES }).notNull().default('invited'),
    eligibilitySnapshot: text('eligibility_snapshot', { mode: 'json' }).$type<Eligibility>().notNull(),
    overrideReason: text('override_reason'),
    feeCents: integer('fee_cents').notNull().default(0),
    paymentStatus: text('payment_status', { enum: CANDIDATE_PAYMENT_STATES }).notNull().default('none'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    paidByPaymentId: text('paid_by_payment_id'),
    waivedBy: text('waived_by'),
    waiveReason: text('waive_reason'),
    invitedBy: text('invited_by'),
    registeredAt: integer('registered_at', { mode: 'timestamp_ms' }),
    /** Set by approval from the examiners' sheets (or staff for deferred/absent). */
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    decidedBy: text('decided_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('grading_candidates_grading_user_uq').on(t.gradingId, t.userId),
    index('grading_candidates_user_idx').on(t.userId, t.status),
    check('grading_candidates_fee', sql`${t.feeCents} >= 0`),
  ],
);

/** One examiner's score of one technique for one candidate: every examiner keeps an independent sheet. */
export const gradingScores = sqliteTable(
  'grading_scores',
  {
    candidateId: text('candidate_id')
      .notNull()
      .references(() => gradingCandidates.id, { onDelete: 'cascade' }),
    examinerUserId: text('examiner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    techniqueId: text('technique_id')
      .notNull()
      .references(() => rankTechniques.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.examinerUserId, t.techniqueId] }),
    check('grading_scores_not_negative', sql`${t.score} >= 0`),
  ],
);

/** An examiner's sheet for one candidate, locked when they are done: its scores are then read-only. */
export const gradingSheets = sqliteTable(
  'grading_sheets',
  {
    candidateId: text('candidate_id')
      .notNull()
      .references(() => gradingCandidates.id, { onDelete: 'cascade' }),
    examinerUserId: text('examiner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment'),
    lockedAt: integer('locked_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.examinerUserId] })],
);

export type CertificateExaminer = { name: string; role: 'head' | 'panel'; rank: string | null };

/**
 * A certificate anyone can verify (issue 25 §6): `id` is random (≥ 22 base64url characters) and is the
 * verify page's path; `number` is for people (DOJO-2026-000123). What it certifies is frozen at issue
 * (names, rank, examiners), so renaming a rank or a person later does not change a certificate. The PDF
 * is a pure function of this row; `pdfSha256` is its digest, shown on the verify page.
 */
export const certificates = sqliteTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    studentRankId: text('student_rank_id')
      .notNull()
      .unique()
      .references(() => studentRanks.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gradingId: text('grading_id').references(() => gradings.id, { onDelete: 'set null' }),
    holderName: text('holder_name').notNull(),
    programName: text('program_name').notNull(),
    rankName: text('rank_name').notNull(),
    rankId: text('rank_id').notNull(),
    issuedOn: text('issued_on').notNull(),
    issuerName: text('issuer_name').notNull(),
    examiners: text('examiners', { mode: 'json' }).$type<CertificateExaminer[]>().notNull().default([]),
    /** The unsigned OpenBadgeCredential; signed as a VC-JWT when asked for. */
    credential: text('credential', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    pdfKey: text('pdf_key').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    /** The SHA-256 of the logo drawn on the PDF, kept at certificates/logos/<digest> (null: drawn without one), so a later logo never changes a redraw. */
    logoSha256: text('logo_sha256'),
    status: text('status', { enum: CERTIFICATE_STATES }).notNull().default('valid'),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    revokedBy: text('revoked_by'),
    revocationReason: text('revocation_reason'),
    supersededBy: text('superseded_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('certificates_user_idx').on(t.userId, t.issuedOn)],
);

export type GradingRow = typeof gradings.$inferSelect;
export type GradingExaminerRow = typeof gradingExaminers.$inferSelect;
export type GradingCandidateRow = typeof gradingCandidates.$inferSelect;
export type GradingScoreRow = typeof gradingScores.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;
