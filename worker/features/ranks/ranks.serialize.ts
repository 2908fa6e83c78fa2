import type { RankAwardView } from '#core/progression/views.ts';
import type { AwardViewRow, CreditViewRow } from './ranks.queries.ts';

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** RankAward (API-25). */
export const serializeAward = (r: AwardViewRow): RankAwardView => ({
  _id: r.id,
  userId: r.user_id,
  programId: r.program_id,
  programName: r.program_name,
  rankId: r.rank_id,
  rankName: r.rank_name,
  colorHex: r.color_hex,
  stripes: r.stripes,
  awardedOn: r.awarded_on,
  source: r.source,
  candidateId: r.candidate_id,
  gradingId: r.grading_id,
  awardedBy: r.awarded_by,
  awardedByName: r.awarded_by_name,
  note: r.note,
  supersedesId: r.supersedes_id,
  voidedAt: iso(r.voided_at),
  voidedByName: r.voided_by_name,
  voidReason: r.void_reason,
  certificateId: r.certificate_id,
  createdAt: iso(r.created_at),
});

export const serializeCredit = (r: CreditViewRow) => ({
  _id: r.id,
  programId: r.program_id,
  rankId: r.rank_id,
  rankName: r.rank_name,
  count: r.count,
  reason: r.reason,
  createdBy: r.created_by,
  createdByName: r.created_by_name,
  voidedAt: iso(r.voided_at),
  createdAt: iso(r.created_at),
});
