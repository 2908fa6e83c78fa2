import { gradingMoves } from '#core/gradings/grading-states.ts';
import { fromCents } from '#core/money.ts';
import { profileName, type NamedProfile } from '#core/users/person-name.ts';
import type { GradingCandidateRow, GradingRow } from '#db/schema/index.ts';

/** "25.00": money outside (API-25). */
export const feeText = (cents: number) => fromCents(cents).toFixed(2);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type RankBrief = { id: string; programId: string; name: string; colorHex: string; position: number; testFeeCents: number };
export type ExaminerBrief = {
  gradingId: string;
  userId: string;
  role: 'head' | 'panel';
  confirmedAt: Date | null;
  profile: NamedProfile;
  email: string;
};
export type GradingExtras = {
  programName: string;
  ranks: RankBrief[];
  examiners: ExaminerBrief[];
  candidateCount: number;
  mine: GradingCandidateRow | null;
  viewerId: string | null;
};

export const personName = (p: { profile: NamedProfile; email: string }) => profileName(p.profile, p.email);

/** The Grading of API-25; `targetRanks` lists every rank of the program when no target was named. */
export function serializeGrading(row: GradingRow, x: GradingExtras) {
  const targets = row.targetRankIds.length ? x.ranks.filter((r) => row.targetRankIds.includes(r.id)) : x.ranks;
  return {
    _id: row.id,
    programId: row.programId,
    programName: x.programName,
    eventId: row.eventId,
    title: row.title,
    heldOn: row.heldOn,
    location: row.location,
    status: row.status,
    targetRankIds: row.targetRankIds,
    targetRanks: targets.map((r) => ({ _id: r.id, name: r.name, colorHex: r.colorHex, testFee: feeText(r.testFeeCents) })),
    minAge: row.minAge,
    maxAge: row.maxAge,
    registrationClosesAt: iso(row.registrationClosesAt),
    resultRule: row.resultRule,
    notes: row.notes,
    cancelReason: row.cancelReason,
    lockedAt: iso(row.lockedAt),
    approvedAt: iso(row.approvedAt),
    finalizedAt: iso(row.finalizedAt),
    createdAt: row.createdAt.toISOString(),
    examiners: x.examiners.map((e) => ({ userId: e.userId, name: personName(e), role: e.role, confirmedAt: iso(e.confirmedAt) })),
    candidateCount: x.candidateCount,
    moves: [...gradingMoves(row.status)],
    myCandidate: x.mine
      ? { _id: x.mine.id, status: x.mine.status, paymentStatus: x.mine.paymentStatus, fee: feeText(x.mine.feeCents) }
      : null,
    amExaminer: !!x.viewerId && x.examiners.some((e) => e.userId === x.viewerId),
  };
}
export type GradingView = ReturnType<typeof serializeGrading>;

export type CandidateViewRow = GradingCandidateRow & {
  profile: NamedProfile;
  email: string;
  studentId: string | null;
  fromRank: { id: string; name: string; colorHex: string } | null;
  targetRank: { id: string; name: string; colorHex: string };
};

/** The Candidate of API-25. */
export function serializeCandidate(c: CandidateViewRow) {
  const brief = (r: { id: string; name: string; colorHex: string }) => ({ _id: r.id, name: r.name, colorHex: r.colorHex });
  return {
    _id: c.id,
    gradingId: c.gradingId,
    userId: c.userId,
    name: personName(c),
    studentId: c.studentId,
    fromRank: c.fromRank ? brief(c.fromRank) : null,
    targetRank: brief(c.targetRank),
    status: c.status,
    eligibilitySnapshot: c.eligibilitySnapshot,
    overrideReason: c.overrideReason,
    fee: feeText(c.feeCents),
    feeCents: c.feeCents,
    paymentStatus: c.paymentStatus,
    paidAt: iso(c.paidAt),
    waiveReason: c.waiveReason,
    registeredAt: iso(c.registeredAt),
    decidedAt: iso(c.decidedAt),
    createdAt: c.createdAt.toISOString(),
  };
}
export type CandidateView = ReturnType<typeof serializeCandidate>;
