import type { EligibilityFacts } from '#core/progression/eligibility.ts';
import { GRADES, normalizeGrade, type Grade } from '#core/syllabus/grades.ts';
import { localDate } from '#core/time-zone.ts';
import { attendanceCredits, gradingApprovals, studentRanks, techniqueChecks, type StudentRankRow } from '#db/schema/index.ts';
import { DEMO_CLASS_MEMBERS } from './class-members.ts';
import { KARATE_ID, KIDS, KIDS_ID, rankIdOf, seededRequirements, seededTechniqueIds } from './programs.ts';
import type { SeedDb } from './types.ts';

export type Staff = { admin: string; grandmaster: string; instructor: string; leo: string };
export type Person = { id: string; email: string; profile: Record<string, unknown> | null; createdAt: Date };
export type Distance = 'ready' | 'close' | 'far';
export type PlannedMember = {
  userId: string;
  email: string;
  programId: string;
  currentRankId: string;
  nextRankId: string | null;
  distance: Distance;
  facts: EligibilityFacts;
};
type Award = typeof studentRanks.$inferInsert;

/** The school's calendar day `days` from `now` as 'YYYY-MM-DD'. */
export const dayOf = (now: number, zone: string) => (days: number) => {
  const d = localDate(days, now, zone);
  return `${d.y}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

/** Who sat the finished grading: their history is the grading's to write (db/seed/progression-gradings.ts). */
export const FINISHED_CANDIDATES = {
  'hiro.tanaka@members.dojo.local': { from: 'orange', to: 'green', passed: true },
  'amelia.brown@members.dojo.local': { from: 'green', to: 'blue', passed: true },
  'lena.novak@members.dojo.local': { from: 'yellow', to: 'orange', passed: true },
  'tom.fraser@members.dojo.local': { from: 'orange', to: 'green', passed: false },
} as const satisfies Record<string, { from: Grade; to: Grade; passed: boolean }>;

const KARATE_LADDER = GRADES.map((g) => rankIdOf('karate', g));
const KIDS_LADDER = KIDS.map(([key]) => rankIdOf('kids', key));
const valueOf = (rankId: string | null, type: string, fallback: number): number =>
  (rankId ? seededRequirements(rankId).find((r) => r.type === type)?.value : undefined) ?? fallback;

/**
 * The rank histories: staff with their dan grades, Leo (White, a Yellow entered on the wrong day then
 * voided and corrected, Orange ~70 days ago, credits, his green techniques checked and approved), and each
 * class member at their grade, a third each ready, close and far from the next belt (days at the rank,
 * credits for classes before the dojo went online, techniques checked in class).
 */
export function planLadders({ now, zone, staff, people }: { now: number; zone: string; staff: Staff; people: Map<string, Person> }) {
  const day = dayOf(now, zone);
  const awards: Award[] = [];
  const credits: (typeof attendanceCredits.$inferInsert)[] = [];
  const checks: (typeof techniqueChecks.$inferInsert)[] = [];
  const approvals: (typeof gradingApprovals.$inferInsert)[] = [];
  const grades: { userId: string; grade: string }[] = [];
  const members: PlannedMember[] = [];
  const award = (id: string, userId: string, rankId: string, awardedOn: string, extra: Partial<Award> = {}) =>
    awards.push({
      id: `seed-award-${id}`,
      userId,
      programId: rankId.includes('-kids-') ? KIDS_ID : KARATE_ID,
      rankId,
      awardedOn,
      source: 'import',
      ...extra,
    });
  const checkAll = (userId: string, rankId: string | null) => {
    for (const techniqueId of rankId ? seededTechniqueIds(rankId) : [])
      checks.push({ userId, techniqueId, checkedBy: staff.instructor, checkedAt: new Date(now - 5 * 86_400_000) });
  };

  for (const [who, grade, daysAgo] of [
    ['grandmaster', 'black-7', 2400],
    ['admin', 'black-2', 1500],
    ['instructor', 'black-3', 1100],
  ] as const) {
    award(`staff-${who}`, staff[who], rankIdOf('karate', grade), day(-daysAgo), { note: 'Grade held before the dojo went online' });
    grades.push({ userId: staff[who], grade });
  }

  const leo = staff.leo;
  const orange = rankIdOf('karate', 'orange');
  const green = rankIdOf('karate', 'green');
  award('leo-white', leo, rankIdOf('karate', 'white'), day(-400), { note: 'Started training' });
  award('leo-yellow-wrong', leo, rankIdOf('karate', 'yellow'), day(-230), {
    source: 'manual',
    awardedBy: staff.instructor,
    note: 'Yellow belt grading',
    voidedAt: new Date(now - 200 * 86_400_000),
    voidedBy: staff.admin,
    voidReason: 'Entered with the wrong date: the grading was ten days later',
  });
  award('leo-yellow', leo, rankIdOf('karate', 'yellow'), day(-220), {
    source: 'manual',
    awardedBy: staff.admin,
    note: 'Yellow belt grading (corrected date)',
    supersedesId: 'seed-award-leo-yellow-wrong',
  });
  award('leo-orange', leo, orange, day(-70), {
    source: 'manual',
    awardedBy: staff.grandmaster,
    note: 'Graded at the regional camp',
    stripes: 2,
  });
  credits.push({
    id: 'seed-credit-leo',
    userId: leo,
    programId: KARATE_ID,
    rankId: orange,
    count: 24,
    reason: 'Classes at the regional camp',
    createdBy: staff.admin,
  });
  checkAll(leo, green);
  approvals.push({ userId: leo, rankId: green, approvedBy: staff.instructor, note: 'Strong kata; ready for green' });
  grades.push({ userId: leo, grade: 'orange' });
  const leoPerson = [...people.values()].find((p) => p.id === leo);
  members.push({
    userId: leo,
    email: 'student@dojo.local',
    programId: KARATE_ID,
    currentRankId: orange,
    nextRankId: green,
    distance: 'ready',
    facts: facts(day(-70), leoPerson, 24 + 12, seededTechniqueIds(green).length, 2, true),
  });

  // Nina (the demo member) started at the dojo seven weeks ago: a white belt, close to her yellow.
  const nina = people.get('member@dojo.local');
  if (nina) award('nina-white', nina.id, rankIdOf('karate', 'white'), day(-50), { note: 'Started training' });

  DEMO_CLASS_MEMBERS.forEach((m, i) => {
    const person = people.get(m.email);
    if (!person || m.email in FINISHED_CANDIDATES) return;
    const kids = m.regular.some((k) => k.endsWith('-kids'));
    const grade = normalizeGrade(m.grade) as Grade;
    const ladder = kids ? KIDS_LADDER : KARATE_LADDER;
    let at = kids ? KIDS.findIndex(([key]) => key === grade) : GRADES.indexOf(grade);
    if (kids && grade === 'white' && i % 2) at = 1;
    at = Math.max(0, at);
    const current = ladder[at]!;
    const next = ladder[at + 1] ?? null;
    const distance = (['ready', 'close', 'far'] as const)[i % 3]!;
    const minDays = valueOf(next, 'min_days', 60);
    const minClasses = valueOf(next, 'min_classes', 20);
    const daysAgo = distance === 'ready' ? minDays + 5 + (i % 7) : distance === 'close' ? Math.ceil(minDays * 0.85) : 10 + (i % 15);
    const stripes = distance === 'far' ? (kids ? 1 : 0) : kids ? 3 : distance === 'ready' ? 2 : 1;
    if (at > 0) award(`m${i}-previous`, person.id, ladder[at - 1]!, day(-daysAgo - 120));
    award(`m${i}-current`, person.id, current, day(-daysAgo), {
      source: at > 0 ? 'manual' : 'import',
      awardedBy: at > 0 ? staff.grandmaster : null,
      note: at > 0 ? 'Promoted in class' : 'Started training',
      stripes,
    });
    const credit = distance === 'ready' ? minClasses : distance === 'close' ? Math.ceil(minClasses * 0.6) : 0;
    if (credit)
      credits.push({
        id: `seed-credit-m${i}`,
        userId: person.id,
        programId: kids ? KIDS_ID : KARATE_ID,
        rankId: current,
        count: credit,
        reason: 'Classes before the dojo went online',
        createdBy: staff.admin,
      });
    if (distance !== 'far') checkAll(person.id, next);
    const needsApproval = next && seededRequirements(next).some((r) => r.type === 'instructor_approval');
    if (distance === 'ready' && needsApproval)
      approvals.push({ userId: person.id, rankId: next, approvedBy: staff.grandmaster, note: 'Ready to test' });
    if (!kids) grades.push({ userId: person.id, grade: GRADES[at]! });
    members.push({
      userId: person.id,
      email: m.email,
      programId: kids ? KIDS_ID : KARATE_ID,
      currentRankId: current,
      nextRankId: next,
      distance,
      facts: facts(day(-daysAgo), person, credit, distance === 'far' ? 0 : next ? seededTechniqueIds(next).length : 0, stripes, !m.lapsed),
    });
  });

  return {
    members,
    grades,
    awards,
    rowCount: awards.length + credits.length + checks.length + approvals.length,
    statements: (db: SeedDb) => [
      db.insert(studentRanks).values(awards).onConflictDoNothing(),
      ...(credits.length ? [db.insert(attendanceCredits).values(credits).onConflictDoNothing()] : []),
      ...(checks.length ? [db.insert(techniqueChecks).values(checks).onConflictDoNothing()] : []),
      ...(approvals.length ? [db.insert(gradingApprovals).values(approvals).onConflictDoNothing()] : []),
    ],
  };
}
export type Planned = ReturnType<typeof planLadders>;
export type PlannedAward = Pick<StudentRankRow, 'id' | 'userId' | 'rankId' | 'awardedOn'>;

/** What the eligibility snapshot of an invitation is frozen from (the credits stand in for the classes counted). */
function facts(
  rankAwardedOn: string,
  person: Person | undefined,
  classes: number,
  techniques: number,
  stripes: number,
  membershipActive: boolean,
): EligibilityFacts {
  return {
    rankAwardedOn,
    startedOn: (person?.createdAt ?? new Date()).toISOString().slice(0, 10),
    classesAttended: classes,
    classesExpected: classes,
    stripes,
    techniquesPassed: techniques,
    birthDate: typeof person?.profile?.dateOfBirth === 'string' ? person.profile.dateOfBirth : null,
    instructorApproved: true,
    membershipActive,
  };
}
