/**
 * The progression JSON as the API sends it and the browser reads it (API-25 "Eligibility", "RankAward"): the
 * server's builders return these types and the screens read them, so the two cannot drift apart.
 */
import type { RequirementCheck } from './eligibility.ts';
import type { AttendanceWindow, AwardSource } from './ladder.ts';

export type CurrentRankView = {
  _id: string;
  name: string;
  colorHex: string;
  position: number;
  stripes: number;
  stripeMax: number;
  /** The day this rank was reached (stripes since then do not move it). */
  awardedOn: string;
};
export type NextRankView = { _id: string; name: string; colorHex: string; position: number; testFee: string; testFeeCents: number };
export type TechniqueCheckView = { _id: string; title: string; category: string; syllabusItemId: string | null; passed: boolean };
export type NextGradingView = {
  _id: string;
  title: string;
  heldOn: string;
  status: string;
  registrationClosesAt: string | null;
  candidateId: string | null;
  candidateStatus: string | null;
};

/** GET /api/students/:id/eligibility */
export type EligibilityView = {
  studentId: string;
  program: { _id: string; slug: string; name: string; attendanceWindow: AttendanceWindow };
  currentRank: CurrentRankView | null;
  nextRank: NextRankView | null;
  eligible: boolean;
  checks: RequirementCheck[];
  techniques: TechniqueCheckView[];
  window: { since: string | null };
  nextGrading: NextGradingView | null;
};

/** A row of the rank ledger. */
export type RankAwardView = {
  _id: string;
  userId: string;
  programId: string;
  programName: string;
  rankId: string;
  rankName: string;
  colorHex: string;
  stripes: number;
  awardedOn: string;
  source: AwardSource;
  candidateId: string | null;
  gradingId: string | null;
  awardedBy: string | null;
  awardedByName: string | null;
  note: string | null;
  supersedesId: string | null;
  voidedAt: string | null;
  voidedByName: string | null;
  voidReason: string | null;
  certificateId: string | null;
  createdAt: string | null;
};
