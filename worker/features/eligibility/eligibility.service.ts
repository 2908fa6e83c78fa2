import { sql, type SQL } from 'drizzle-orm';
import { LEDGER_MESSAGES as M } from '#core/progression/ledger-input.ts';
import { pagination, offsetOf } from '#core/paging.ts';
import { notFound } from '#worker/lib/errors.ts';
import { eligibilityWhere, type StudentEligibility } from '#worker/lib/progression/eligibility.ts';
import { programIdSql, userIdsScope, type ProgramKey } from '#worker/lib/progression/facts.ts';
import { studentOf } from '#worker/lib/progression/student-access.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';

/** A program named in a URL or a query: its slug, or its id. */
const programKey = (program: string): ProgramKey => ({ programSlug: program });

/** GET /api/students/:id/eligibility?program= — one round trip. */
export async function studentEligibility(ctx: ServiceCtx, id: string, program: string) {
  const { userId } = await studentOf(ctx, id);
  const { program: row, byUser } = await eligibilityWhere(ctx, programKey(program), userIdsScope([userId]), Date.now());
  if (!row) throw notFound(M.programNotFound);
  const e = byUser.get(userId);
  if (!e) throw notFound(M.studentNotFound);
  return serializeEligibility(e);
}

export const serializeEligibility = (e: StudentEligibility) => ({
  studentId: e.studentId,
  program: e.program,
  currentRank: e.currentRank,
  nextRank: e.nextRank,
  eligible: e.eligible,
  checks: e.checks,
  techniques: e.techniques,
  window: e.window,
  nextGrading: e.nextGrading,
});

export type ReadyQuery = { status: 'ready' | 'close' | 'all'; q?: string | undefined; page: number; limit: number };

/** Not eligible, but every unmet gate is at least this far along. */
export const CLOSE_AT = 0.75;

const isClose = (e: StudentEligibility) =>
  !e.eligible &&
  !!e.nextRank &&
  e.checks
    .filter((c) => c.mode === 'gate' && !c.met)
    .every((c) => typeof c.actual === 'number' && typeof c.required === 'number' && c.required > 0 && c.actual / c.required >= CLOSE_AT);

/**
 * Students and members who hold a rank in the program or attended one of its classes; a class of no program
 * brings in only people who hold no rank in any program (beginners), not another program's students.
 */
function inProgramScope(key: ProgramKey, q: string | undefined): SQL {
  const pid = programIdSql(key);
  const name = sql`coalesce(json_extract(u.profile, '$.firstName'), '') || ' ' || coalesce(json_extract(u.profile, '$.lastName'), '')`;
  const attendedWhere = (programCondition: SQL) =>
    sql`exists (select 1 from attendance_events ae join class_sessions cs on cs.id = ae.session_id left join classes cl on cl.id = cs.class_id
      where ae.user_id = u.id and ${programCondition})`;
  return sql`u.role in ('student', 'member') and u.is_active = 1 and u.deactivated_at is null
    and (exists (select 1 from student_ranks sr where sr.user_id = u.id and sr.program_id = ${pid} and sr.voided_at is null)
      or ${attendedWhere(sql`cl.program_id = ${pid}`)}
      or (${attendedWhere(sql`cl.program_id is null`)}
        and not exists (select 1 from student_ranks sr where sr.user_id = u.id and sr.voided_at is null)))
    ${q ? sql`and ${likeAny(q, [name, sql`u.student_id`, sql`u.membership_id`])}` : sql``}`;
}

/** GET /api/programs/:slug/ready — every person of the program judged in ONE round trip, then filtered, sorted and paged. */
export async function readyList(ctx: ServiceCtx, slug: string, query: ReadyQuery) {
  const key = programKey(slug);
  const { program, byUser } = await eligibilityWhere(ctx, key, inProgramScope(key, query.q), Date.now());
  if (!program) throw notFound(M.programNotFound);
  const all = [...byUser.values()];
  const picked = query.status === 'ready' ? all.filter((e) => e.eligible) : query.status === 'close' ? all.filter(isClose) : all;
  picked.sort((a, b) => Number(b.eligible) - Number(a.eligible) || b.closeness - a.closeness || a.name.localeCompare(b.name));
  const start = offsetOf(query.page, query.limit);
  const rows = picked.slice(start, start + query.limit).map((e) => ({
    userId: e.userId,
    name: e.name,
    studentId: e.studentNumber,
    currentRank: e.currentRank,
    nextRank: e.nextRank,
    eligible: e.eligible,
    close: isClose(e),
    checks: e.checks,
    techniques: e.techniques,
    metCount: e.metCount,
    gateCount: e.gateCount,
    closeness: Math.round(e.closeness * 100) / 100,
  }));
  return { rows, pagination: pagination(query.page, query.limit, picked.length) };
}
