import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { GRADING_MESSAGES as M, type InviteCandidateInput } from '#core/gradings/grading-schemas.ts';
import type { CandidateState } from '#core/gradings/grading-states.ts';
import { newId } from '#core/ids.ts';
import { ageOn } from '#core/progression/eligibility.ts';
import { gradingCandidates, gradings, ranks, users, type GradingRow } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { eligibilityFor } from '#worker/lib/progression/eligibility.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { tellInvited, tellWaived } from './gradings.notify.ts';
import { activeMembers, candidateRowsQuery, EDITABLE, gradingIn, toCandidateRow } from './gradings.queries.ts';
import { personName, serializeCandidate } from './gradings.serialize.ts';

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

async function gradingRow(ctx: ServiceCtx, id: string): Promise<GradingRow> {
  const row = await ctx.db.select().from(gradings).where(eq(gradings.id, id)).get();
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Whether the member's age on the grading day is within the grading's range (an unknown age is not refused). */
const inAgeRange = (g: GradingRow, birthDate: string | null | undefined) => {
  if (!birthDate || (g.minAge == null && g.maxAge == null)) return true;
  const age = ageOn(birthDate, Date.parse(`${g.heldOn}T12:00:00Z`), 'UTC');
  return (g.minAge == null || age >= g.minAge) && (g.maxAge == null || age <= g.maxAge);
};
const offers = (g: GradingRow, rankId: string | undefined) => !!rankId && (!g.targetRankIds.length || g.targetRankIds.includes(rankId));

export async function candidateView(ctx: ServiceCtx, candidateId: string) {
  const [row] = await candidateRowsQuery(ctx.db, eq(gradingCandidates.id, candidateId));
  if (!row) throw notFound(M.candidateNotFound);
  return serializeCandidate(toCandidateRow(row));
}

type Facts = NonNullable<ReturnType<Awaited<ReturnType<typeof eligibilityFor>>['get']>>;
type ReadyMember = {
  userId: string;
  name: string;
  studentId: string | null;
  currentRank: Facts['currentRank'];
  nextRank: Facts['nextRank'];
  checks: Facts['checks'];
  unmet: Facts['checks'];
};

/**
 * GET /api/gradings/:id/candidates: the candidates, and the members not yet candidates whose next rank is a
 * target (in the age range), eligible and ineligible apart, each with what is unmet. Eligibility is
 * computed for every member in a fixed number of round trips (worker/lib/progression).
 */
export async function listCandidates(ctx: ServiceCtx, id: string) {
  signedIn(ctx);
  const grading = await gradingRow(ctx, id);
  const [rows, members] = await batch(ctx.db, [candidateRowsQuery(ctx.db, eq(gradingCandidates.gradingId, id)), activeMembers(ctx.db)]);
  const taken = new Set(rows.map((r) => r.c.userId));
  const open = members.filter((m) => !taken.has(m.id) && inAgeRange(grading, m.profile?.dateOfBirth));
  const facts = await eligibilityFor(ctx, { programId: grading.programId, userIds: open.map((m) => m.id), nowMs: Date.now() });
  const eligible: ReadyMember[] = [];
  const ineligible: ReadyMember[] = [];
  for (const m of open) {
    const e = facts.get(m.id);
    if (!e || !offers(grading, e.nextRank?._id)) continue;
    const entry: ReadyMember = {
      userId: m.id,
      name: personName(m),
      studentId: m.studentId,
      currentRank: e.currentRank,
      nextRank: e.nextRank,
      checks: e.checks,
      unmet: e.checks.filter((c) => !c.met),
    };
    (e.eligible ? eligible : ineligible).push(entry);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    candidates: rows.map((r) => serializeCandidate(toCandidateRow(r))),
    eligible: eligible.sort(byName),
    ineligible: ineligible.sort(byName),
  };
}

/**
 * POST /api/gradings/:id/candidates: puts a member forward (default target: their next rank), the eligibility
 * frozen on the row. ONE conditional INSERT: only while the roster is open, and the unique (grading, user)
 * index makes parallel invitations of one member one candidate.
 */
export async function inviteCandidate(ctx: ServiceCtx, id: string, input: InviteCandidateInput) {
  const user = signedIn(ctx);
  const grading = await gradingRow(ctx, id);
  if (!EDITABLE.includes(grading.status)) throw conflict(M.rosterLocked);
  const member = await ctx.db.select({ id: users.id, profile: users.profile }).from(users).where(eq(users.id, input.userId)).get();
  if (!member) throw fieldError('userId', M.memberNotFound);
  const e = (await eligibilityFor(ctx, { programId: grading.programId, userIds: [member.id], nowMs: Date.now() })).get(member.id);
  const targetRankId = input.targetRankId ?? e?.nextRank?._id;
  if (!targetRankId) throw fieldError('targetRankId', M.noNextRank);
  const target = await ctx.db
    .select({ id: ranks.id, fee: ranks.testFeeCents })
    .from(ranks)
    .where(and(eq(ranks.id, targetRankId), eq(ranks.programId, grading.programId)))
    .get();
  if (!target || !offers(grading, target.id)) throw fieldError('targetRankId', M.targetNotOffered);
  const eligible = !!e?.eligible && e.nextRank?._id === target.id && inAgeRange(grading, member.profile?.dateOfBirth);
  if (!eligible && !input.overrideReason) throw fieldError('overrideReason', M.notEligible);
  const cid = newId();
  const snapshot = { eligible, checks: e?.checks ?? [] };
  const values = {
    id: cid,
    gradingId: id,
    userId: member.id,
    fromRankId: e?.currentRank?._id ?? null,
    targetRankId: target.id,
    eligibilitySnapshot: snapshot,
    overrideReason: eligible ? null : (input.overrideReason ?? null),
    feeCents: target.fee,
    invitedBy: user.id,
  };
  let inserted: unknown[];
  try {
    inserted = await ctx.db
      .run(
        sql`insert into ${gradingCandidates} (id, grading_id, user_id, from_rank_id, target_rank_id, eligibility_snapshot, override_reason, fee_cents, invited_by)
        select ${values.id}, ${values.gradingId}, ${values.userId}, ${values.fromRankId}, ${values.targetRankId}, ${JSON.stringify(snapshot)},
          ${values.overrideReason}, ${values.feeCents}, ${values.invitedBy}
        where ${gradingIn(id, EDITABLE)}
        on conflict (grading_id, user_id) do nothing returning id`,
      )
      .then((r) => r.rows);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.alreadyCandidate);
    throw err;
  }
  if (!inserted.length) {
    const again = await gradingRow(ctx, id);
    throw conflict(EDITABLE.includes(again.status) ? M.alreadyCandidate : M.rosterLocked);
  }
  tellInvited(ctx, cid);
  return candidateView(ctx, cid);
}

/** DELETE /api/gradings/:id/candidates/:cid: only an invited or registered candidate whose fee is not paid. */
export async function removeCandidate(ctx: ServiceCtx, id: string, cid: string) {
  signedIn(ctx);
  const row = await ctx.db
    .delete(gradingCandidates)
    .where(
      and(
        eq(gradingCandidates.id, cid),
        eq(gradingCandidates.gradingId, id),
        inArray(gradingCandidates.status, ['invited', 'registered']),
        ne(gradingCandidates.paymentStatus, 'paid'),
      ),
    )
    .returning({ id: gradingCandidates.id })
    .get();
  if (row) return { _id: row.id };
  await existing(ctx, id, cid);
  throw conflict(M.notRemovable);
}

async function existing(ctx: ServiceCtx, id: string, cid: string) {
  const row = await ctx.db
    .select()
    .from(gradingCandidates)
    .where(and(eq(gradingCandidates.id, cid), eq(gradingCandidates.gradingId, id)))
    .get();
  if (!row) throw notFound(M.candidateNotFound);
  return row;
}

/** POST …/candidates/:cid/waive: the school waives an unpaid fee (a payment still open then refunds itself when it lands). */
export async function waiveFee(ctx: ServiceCtx, id: string, cid: string, reason: string) {
  const user = signedIn(ctx);
  const at = new Date();
  const row = await ctx.db
    .update(gradingCandidates)
    .set({ status: 'waived', paymentStatus: 'waived', waivedBy: user.id, waiveReason: reason, updatedAt: at })
    .where(
      and(
        eq(gradingCandidates.id, cid),
        eq(gradingCandidates.gradingId, id),
        inArray(gradingCandidates.status, ['invited', 'registered']),
        inArray(gradingCandidates.paymentStatus, ['none', 'pending']),
        gradingIn(id, ['draft', 'open', 'locked', 'scoring']),
      ),
    )
    .returning({ id: gradingCandidates.id })
    .get();
  if (!row) {
    await existing(ctx, id, cid);
    throw conflict(M.notWaivable);
  }
  tellWaived(ctx, cid);
  return candidateView(ctx, cid);
}

const ATTENDANCE_FROM: readonly CandidateState[] = ['paid', 'waived', 'present', 'absent'];

/** POST …/candidates/:cid/attendance: paid or waived → present or absent (a mark may be corrected) while locked or scoring. */
export async function markAttendance(ctx: ServiceCtx, id: string, cid: string, present: boolean) {
  signedIn(ctx);
  const row = await ctx.db
    .update(gradingCandidates)
    .set({ status: present ? 'present' : 'absent', updatedAt: new Date() })
    .where(
      and(
        eq(gradingCandidates.id, cid),
        eq(gradingCandidates.gradingId, id),
        inArray(gradingCandidates.status, [...ATTENDANCE_FROM]),
        gradingIn(id, ['locked', 'scoring']),
      ),
    )
    .returning({ id: gradingCandidates.id })
    .get();
  if (!row) {
    const c = await existing(ctx, id, cid);
    throw conflict(ATTENDANCE_FROM.includes(c.status) ? M.attendanceWhen : M.attendanceState);
  }
  return candidateView(ctx, cid);
}
