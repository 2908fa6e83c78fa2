import { evaluateEligibility } from '#core/progression/eligibility.ts';
import { atWallTime, localDate } from '#core/time-zone.ts';
import { profileName } from '#core/users/person-name.ts';
import { gradingCandidates, gradingExaminers, gradings, gradingScores, gradingSheets, studentRanks } from '#db/schema/index.ts';
import { dayOf, FINISHED_CANDIDATES, type Person, type Planned, type Staff } from './progression-plan.ts';
import { KARATE_ID, rankIdOf, seededRequirements, seededTechniqueIds } from './programs.ts';
import type { SeedDb } from './types.ts';

export const FINISHED_GRADING_ID = 'seed-grading-finished';
export const OPEN_GRADING_ID = 'seed-grading-open';
const DAY = 86_400_000;
const KARATE_FEES: Record<string, number> = { yellow: 2500, orange: 3000, green: 3500, blue: 4000, purple: 4000, brown: 4500 };
const KYU_TARGETS = ['yellow', 'orange', 'green', 'blue', 'purple', 'brown'].map((g) => rankIdOf('karate', g));
const feeOf = (rankId: string) => KARATE_FEES[rankId.replace('seed-rank-karate-', '')] ?? 0;

export type CertifiedAward = {
  studentRankId: string;
  userId: string;
  email: string;
  holderName: string;
  rank: { id: string; name: string };
  issuedOn: string;
  gradingId: string;
  examiners: { name: string; role: 'head' | 'panel'; rank: string | null }[];
};

const RANK_NAMES: Record<string, string> = { green: 'Green belt', blue: 'Blue belt', orange: 'Orange belt' };

/**
 * The finished grading (~5 weeks ago: three examiners, three passed and one failed on the mandatory kata,
 * every sheet locked, fees paid, the passes in the ledger) and the open one (~3 weeks ahead: candidates
 * paid, waived, registered and unpaid, invited, and Leo, eligible and invited).
 */
export function demoGradings({
  now,
  zone,
  staff,
  plan,
  people,
}: {
  now: number;
  zone: string;
  staff: Staff;
  plan: Planned;
  people: Map<string, Person>;
}) {
  const day = dayOf(now, zone);
  const at = (days: number, hour: number) => {
    const d = localDate(days, now, zone);
    return atWallTime(d.y, d.month, d.day, hour, 0, zone);
  };
  const nameOf = (userId: string) => {
    const p = [...people.values()].find((x) => x.id === userId);
    return profileName(p?.profile as Parameters<typeof profileName>[0], 'Examiner');
  };
  const examiners = [
    { userId: staff.grandmaster, role: 'head' as const, rank: '7th Dan' },
    { userId: staff.instructor, role: 'panel' as const, rank: '3rd Dan' },
    { userId: staff.admin, role: 'panel' as const, rank: '2nd Dan' },
  ];
  const heldOn = day(-35);
  const awards: (typeof studentRanks.$inferInsert)[] = [];
  const candidates: (typeof gradingCandidates.$inferInsert)[] = [];
  const scores: (typeof gradingScores.$inferInsert)[] = [];
  const sheets: (typeof gradingSheets.$inferInsert)[] = [];
  const certified: CertifiedAward[] = [];
  const snapshot = (rankId: string, f: Parameters<typeof evaluateEligibility>[1], when: number) =>
    evaluateEligibility(seededRequirements(rankId), f, when, zone);

  for (const [email, c] of Object.entries(FINISHED_CANDIDATES)) {
    const person = people.get(email);
    if (!person) continue;
    const key = email.split('@')[0]!.replace('.', '-');
    const from = rankIdOf('karate', c.from);
    const target = rankIdOf('karate', c.to);
    const candidateId = `seed-candidate-finished-${key}`;
    const fromOn = day(-35 - 100);
    awards.push({
      id: `seed-award-${key}-from`,
      userId: person.id,
      programId: KARATE_ID,
      rankId: from,
      awardedOn: fromOn,
      source: 'import',
      stripes: 2,
    });
    const techniques = seededTechniqueIds(target);
    candidates.push({
      id: candidateId,
      gradingId: FINISHED_GRADING_ID,
      userId: person.id,
      fromRankId: from,
      targetRankId: target,
      status: c.passed ? 'passed' : 'failed',
      eligibilitySnapshot: snapshot(
        target,
        {
          rankAwardedOn: fromOn,
          startedOn: fromOn,
          classesAttended: 50,
          classesExpected: 60,
          stripes: 2,
          techniquesPassed: techniques.length,
          birthDate: null,
          instructorApproved: true,
          membershipActive: true,
        },
        now - 49 * DAY,
      ),
      feeCents: feeOf(target),
      paymentStatus: 'paid',
      paidAt: at(-45, 12),
      invitedBy: staff.admin,
      registeredAt: at(-46, 18),
      decidedAt: at(-35, 16),
      decidedBy: staff.grandmaster,
      createdAt: at(-50, 10),
    });
    examiners.forEach((e, n) =>
      techniques.forEach((techniqueId, t) => {
        // The failed candidate's mandatory kata (the first technique) falls short on two of the three sheets.
        const score = !c.passed && t === 0 ? (n < 2 ? 4 : 6) : 6 + ((n + t + key.length) % 4);
        scores.push({ candidateId, examinerUserId: e.userId, techniqueId, score, updatedAt: at(-35, 14) });
      }),
    );
    for (const e of examiners)
      sheets.push({
        candidateId,
        examinerUserId: e.userId,
        comment: c.passed ? 'Clean technique and good spirit.' : 'Kata not yet ready: sequence lost after move 12.',
        lockedAt: at(-35, 15),
        updatedAt: at(-35, 15),
      });
    if (c.passed) {
      const awardId = `seed-award-${key}-graded`;
      awards.push({
        id: awardId,
        userId: person.id,
        programId: KARATE_ID,
        rankId: target,
        awardedOn: heldOn,
        source: 'grading',
        candidateId,
        awardedBy: staff.grandmaster,
      });
      certified.push({
        studentRankId: awardId,
        userId: person.id,
        email: person.email,
        holderName: profileName(person.profile as Parameters<typeof profileName>[0], 'Student'),
        rank: { id: target, name: RANK_NAMES[c.to] ?? c.to },
        issuedOn: heldOn,
        gradingId: FINISHED_GRADING_ID,
        examiners: examiners.map((e) => ({ name: nameOf(e.userId), role: e.role, rank: e.rank })),
      });
    }
  }

  // The open grading's candidates: ready karate members whose next belt is a kyu target, then Leo.
  const ready = plan.members.filter(
    (m) =>
      m.programId === KARATE_ID &&
      m.distance === 'ready' &&
      m.email !== 'student@dojo.local' &&
      m.nextRankId &&
      KYU_TARGETS.includes(m.nextRankId),
  );
  const states = [
    { status: 'paid', paymentStatus: 'paid' },
    { status: 'waived', paymentStatus: 'waived' },
    { status: 'registered', paymentStatus: 'pending' },
    { status: 'invited', paymentStatus: 'none' },
  ] as const;
  const leo = plan.members.find((m) => m.email === 'student@dojo.local');
  const open = [...ready.slice(0, states.length).map((m, i) => ({ m, s: states[i]! })), ...(leo ? [{ m: leo, s: states[3] }] : [])];
  for (const { m, s } of open) {
    const target = m.nextRankId!;
    const registered = s.status !== 'invited';
    candidates.push({
      id: `seed-candidate-open-${m.userId}`,
      gradingId: OPEN_GRADING_ID,
      userId: m.userId,
      fromRankId: m.currentRankId,
      targetRankId: target,
      status: s.status,
      eligibilitySnapshot: snapshot(target, m.facts, now - 2 * DAY),
      feeCents: registered ? feeOf(target) : 0,
      paymentStatus: s.paymentStatus,
      paidAt: s.status === 'paid' ? at(-1, 19) : null,
      waivedBy: s.status === 'waived' ? staff.admin : null,
      waiveReason: s.status === 'waived' ? 'Assists with the kids classes: the school waives the fee' : null,
      invitedBy: staff.admin,
      registeredAt: registered ? at(-1, 18) : null,
      createdAt: at(-2, 10),
    });
  }

  const finished = {
    id: FINISHED_GRADING_ID,
    programId: KARATE_ID,
    title: 'Kyu grading: green, blue and orange belts',
    heldOn,
    location: 'Main dojo',
    status: 'finalized' as const,
    targetRankIds: ['green', 'blue', 'orange'].map((g) => rankIdOf('karate', g)),
    registrationClosesAt: at(-42, 23),
    resultRule: 'majority' as const,
    notes: 'Bring your gi and belt; families welcome to watch.',
    createdBy: staff.admin,
    lockedAt: at(-38, 10),
    approvedAt: at(-35, 17),
    finalizedAt: at(-35, 18),
    finalizedBy: staff.admin,
    createdAt: at(-60, 10),
    updatedAt: at(-35, 18),
  };
  const openGrading = {
    id: OPEN_GRADING_ID,
    programId: KARATE_ID,
    title: 'Kyu grading: every colour belt',
    heldOn: day(21),
    location: 'Main dojo',
    status: 'open' as const,
    targetRankIds: KYU_TARGETS,
    registrationClosesAt: at(14, 23),
    resultRule: 'majority' as const,
    notes: 'Register and pay the test fee before registration closes.',
    createdBy: staff.admin,
    createdAt: at(-7, 10),
    updatedAt: at(-2, 10),
  };
  const panel = [
    ...examiners.map((e) => ({
      gradingId: FINISHED_GRADING_ID,
      userId: e.userId,
      role: e.role,
      confirmedAt: at(-40, 12),
      addedBy: staff.admin,
    })),
    { gradingId: OPEN_GRADING_ID, userId: staff.grandmaster, role: 'head' as const, confirmedAt: at(-5, 12), addedBy: staff.admin },
    { gradingId: OPEN_GRADING_ID, userId: staff.instructor, role: 'panel' as const, confirmedAt: null, addedBy: staff.admin },
  ];
  return {
    awards: certified,
    rowCount: 2 + panel.length + candidates.length + scores.length + sheets.length + awards.length,
    statements: (db: SeedDb) => [
      db.insert(gradings).values([finished, openGrading]).onConflictDoNothing(),
      db.insert(gradingExaminers).values(panel).onConflictDoNothing(),
      db
        .insert(studentRanks)
        .values(awards.filter((a) => a.source !== 'grading'))
        .onConflictDoNothing(),
      db.insert(gradingCandidates).values(candidates).onConflictDoNothing(),
      db
        .insert(studentRanks)
        .values(awards.filter((a) => a.source === 'grading'))
        .onConflictDoNothing(),
      db.insert(gradingScores).values(scores).onConflictDoNothing(),
      db.insert(gradingSheets).values(sheets).onConflictDoNothing(),
    ],
  };
}
