import type { SQL } from 'drizzle-orm';
import { fromCents } from '#core/money.ts';
import { evaluateEligibility, type EligibilityFacts, type RequirementCheck } from '#core/progression/eligibility.ts';
import type { Requirement } from '#core/progression/requirements.ts';
import type { CurrentRankView, EligibilityView, NextGradingView, NextRankView } from '#core/progression/views.ts';
import { calendarDay } from '#core/time-zone.ts';
import type { ProgramRow, RankRow } from '#db/schema/index.ts';
import { batch } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { zoneOf } from '#worker/lib/school-time-zone.ts';
import { eligibilityStatements, userIdsScope, type FactRow, type GradingRow, type ProgramKey } from './facts.ts';

/** The Eligibility of API-25 for one person, plus what lists sort by. */
export type StudentEligibility = EligibilityView & {
  userId: string;
  name: string;
  studentNumber: string | null;
  facts: EligibilityFacts;
  gateCount: number;
  metCount: number;
  /** 0..1: the mean progress of the gates (a met gate 1, a yes/no gate not met 0). */
  closeness: number;
};

export type EligibilityResult = { program: ProgramRow | null; zone: string; byUser: Map<string, StudentEligibility> };

const dayOf = (ms: number, zone: string) => calendarDay(new Date(ms), zone);

/** Attendance within 14 hours of the window's UTC midnight, counted when its day on the school's clock is on or after `since`. */
const bandCount = (band: string | null, since: string | null, zone: string) =>
  since && band ? (JSON.parse(band) as number[]).filter((ms) => dayOf(ms, zone) >= since).length : 0;

const gateProgress = (c: RequirementCheck): number => {
  if (c.met) return 1;
  if (typeof c.required !== 'number' || typeof c.actual !== 'number' || c.remaining === null) return 0;
  return c.required > 0 ? Math.max(0, Math.min(1, c.actual / c.required)) : 0;
};

const nameOf = (profile: string) => {
  const p = JSON.parse(profile || '{}') as { firstName?: string; lastName?: string };
  return [p.firstName, p.lastName].filter(Boolean).join(' ').trim();
};

/**
 * Eligibility of many people for their next rank in one program, in ONE batch (one round trip) whatever
 * their number. `scope` is a condition on `u` (users); `eligibilityFor` is the usual door.
 */
export async function eligibilityWhere(
  ctx: Pick<ServiceCtx, 'db'>,
  key: ProgramKey,
  scope: SQL,
  nowMs: number,
): Promise<EligibilityResult> {
  const [zoneRows, [program], ladder, requirementRows, techniqueRows, facts, gradingRows] = await batch(
    ctx.db,
    eligibilityStatements(ctx.db, key, scope, nowMs),
  );
  const zone = zoneOf(zoneRows);
  const byUser = new Map<string, StudentEligibility>();
  if (!program) return { program: null, zone, byUser };
  const view: EligibilityView['program'] = {
    _id: program.id,
    slug: program.slug,
    name: program.name,
    attendanceWindow: program.attendanceWindow,
  };
  const requirementsOf = groupBy(requirementRows, (r) => r.rankId);
  const techniquesOf = groupBy(techniqueRows, (t) => t.rankId);
  const today = dayOf(nowMs, zone);
  const gradings = (gradingRows as GradingRow[]).filter((g) => g.held_on >= today);
  for (const f of facts as FactRow[]) {
    const current = f.rank_id ? ladder.find((r) => r.id === f.rank_id) : undefined;
    const next = current ? ladder.find((r) => r.position > current.position) : ladder[0];
    const checked = new Set(JSON.parse(f.checked || '[]') as string[]);
    const approved = new Set(JSON.parse(f.approved || '[]') as string[]);
    const since = program.attendanceWindow === 'since_last_promotion' ? f.reached_on : null;
    const techniques = (next ? (techniquesOf.get(next.id) ?? []) : []).map((t) => ({
      _id: t.id,
      title: t.title,
      category: t.category,
      syllabusItemId: t.syllabusItemId,
      passed: checked.has(t.id),
    }));
    const startedOn = dayOf(f.created_at, zone);
    const eligibilityFacts: EligibilityFacts = {
      rankAwardedOn: f.reached_on,
      startedOn,
      classesAttended: f.att_sure + bandCount(f.att_band, since, zone) + f.credits,
      classesExpected: f.exp_sure + bandCount(f.exp_band, since, zone),
      stripes: f.stripes ?? 0,
      techniquesPassed: techniques.filter((t) => t.passed).length,
      birthDate: birthDateOf(f.profile),
      instructorApproved: !!next && approved.has(next.id),
      membershipActive: !!f.may_train,
    };
    const requirements: Requirement[] = next
      ? (requirementsOf.get(next.id) ?? []).map((r) => ({ type: r.type, mode: r.mode, value: r.value }))
      : [];
    const result = next ? evaluateEligibility(requirements, eligibilityFacts, nowMs, zone) : { eligible: false, checks: [] };
    const gates = result.checks.filter((c) => c.mode === 'gate');
    byUser.set(f.id, {
      studentId: f.id,
      userId: f.id,
      name: nameOf(f.profile),
      studentNumber: f.student_id,
      program: view,
      currentRank: current ? currentView(current, f) : null,
      nextRank: next ? nextView(next) : null,
      eligible: result.eligible,
      checks: result.checks,
      techniques,
      window: { since },
      nextGrading: nextGradingOf(gradings, f.id, next?.id ?? null),
      facts: eligibilityFacts,
      gateCount: gates.length,
      metCount: gates.filter((c) => c.met).length,
      closeness: next ? (gates.length ? gates.reduce((s, c) => s + gateProgress(c), 0) / gates.length : 1) : 0,
    });
  }
  return { program, zone, byUser };
}

/** Eligibility of these people (any number) for their next rank in the program, in one round trip. */
export async function eligibilityFor(
  ctx: Pick<ServiceCtx, 'db'>,
  args: ProgramKey & { userIds: readonly string[]; nowMs?: number },
): Promise<Map<string, StudentEligibility>> {
  const key: ProgramKey = 'programId' in args ? { programId: args.programId } : { programSlug: args.programSlug };
  return (await eligibilityWhere(ctx, key, userIdsScope(args.userIds), args.nowMs ?? Date.now())).byUser;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

function birthDateOf(profile: string): string | null {
  const dob = (JSON.parse(profile || '{}') as { dateOfBirth?: unknown }).dateOfBirth;
  return typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}/.test(dob) ? dob.slice(0, 10) : null;
}

const currentView = (r: RankRow, f: FactRow): CurrentRankView => ({
  _id: r.id,
  name: r.name,
  colorHex: r.colorHex,
  position: r.position,
  stripes: f.stripes ?? 0,
  stripeMax: r.stripeMax,
  awardedOn: f.reached_on ?? '',
});

const nextView = (r: RankRow): NextRankView => ({
  _id: r.id,
  name: r.name,
  colorHex: r.colorHex,
  position: r.position,
  testFee: fromCents(r.testFeeCents).toFixed(2),
  testFeeCents: r.testFeeCents,
});

/** The grading this person is a candidate of, else the next open one that tests for their next rank. */
function nextGradingOf(gradings: readonly GradingRow[], userId: string, nextRankId: string | null): NextGradingView | null {
  const mine = gradings.find((g) => g.user_id === userId && g.candidate_id);
  const open =
    mine ??
    gradings.find((g) => {
      if (g.status !== 'open' || !nextRankId) return false;
      const targets = JSON.parse(g.target_rank_ids || '[]') as string[];
      return !targets.length || targets.includes(nextRankId);
    });
  if (!open) return null;
  return {
    _id: open.id,
    title: open.title,
    heldOn: open.held_on,
    status: open.status,
    registrationClosesAt: open.registration_closes_at ? new Date(open.registration_closes_at).toISOString() : null,
    candidateId: mine ? mine.candidate_id : null,
    candidateStatus: mine ? mine.candidate_status : null,
  };
}
