import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GRADING_MESSAGES as M, isGradingStaff, type ExaminersInput } from '#core/gradings/grading-schemas.ts';
import { gradingExaminers, gradings, ranks, users } from '#db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '#worker/lib/errors.ts';
import { eligibilityFor } from '#worker/lib/progression/eligibility.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { EDITABLE, gradingIn } from './gradings.queries.ts';
import { gradingView } from './gradings.read.ts';

/** Each examiner is staff and holds, in the program, at least every target rank's examinerMinRankId. */
async function checkExaminers(ctx: ServiceCtx, grading: typeof gradings.$inferSelect, list: ExaminersInput['examiners']) {
  const ids = list.map((e) => e.userId);
  const [people, ladder] = await batch(ctx.db, [
    ctx.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(inArray(users.id, ids.length ? ids : ['']), eq(users.isActive, true), isNull(users.blockedAt))),
    ctx.db
      .select({ id: ranks.id, name: ranks.name, position: ranks.position, min: ranks.examinerMinRankId })
      .from(ranks)
      .where(eq(ranks.programId, grading.programId)),
  ]);
  const bad = list.findIndex((e) => !people.some((p) => p.id === e.userId && isGradingStaff(p.role)));
  if (bad >= 0) throw badRequest(M.examinerStaff, [{ path: `examiners.${bad}.userId`, message: M.examinerStaff }]);
  const targets = grading.targetRankIds.length ? ladder.filter((r) => grading.targetRankIds.includes(r.id)) : ladder;
  const demands = targets.flatMap((t) => {
    const min = ladder.find((r) => r.id === t.min);
    return min ? [{ target: t, min }] : [];
  });
  if (!demands.length || !ids.length) return;
  const held = await eligibilityFor(ctx, { programId: grading.programId, userIds: ids, nowMs: Date.now() });
  for (const [i, e] of list.entries()) {
    const position = held.get(e.userId)?.currentRank?.position ?? 0;
    const unmet = demands.find((d) => position < d.min.position);
    if (unmet) {
      const message = M.examinerRank(unmet.min.name, unmet.target.name);
      throw badRequest(message, [{ path: `examiners.${i}.userId`, message }]);
    }
  }
}

/**
 * PUT /api/gradings/:id/examiners: the whole panel in ONE batch, only while the grading is a draft or open.
 * Examiners who stay keep their confirmation unless their role changes; those left out are removed.
 */
export async function setExaminers(ctx: ServiceCtx, id: string, input: ExaminersInput) {
  const user = signedIn(ctx);
  const grading = await ctx.db.select().from(gradings).where(eq(gradings.id, id)).get();
  if (!grading) throw notFound(M.notFound);
  if (!EDITABLE.includes(grading.status)) throw conflict(M.examinersNotEditable);
  await checkExaminers(ctx, grading, input.examiners);
  const editable = gradingIn(id, EDITABLE);
  const list = JSON.stringify(input.examiners);
  const now = Date.now();
  const [moved] = await batch(ctx.db, [
    ctx.db
      .update(gradings)
      .set({ updatedAt: new Date(now) })
      .where(and(eq(gradings.id, id), inArray(gradings.status, [...EDITABLE])))
      .returning({ id: gradings.id }),
    ctx.db
      .delete(gradingExaminers)
      .where(
        and(
          eq(gradingExaminers.gradingId, id),
          editable,
          sql`${gradingExaminers.userId} not in (select json_extract(value, '$.userId') from json_each(${list}))`,
        ),
      ),
    ctx.db.run(
      sql`insert into ${gradingExaminers} (grading_id, user_id, role, added_by, created_at)
        select ${id}, json_extract(value, '$.userId'), json_extract(value, '$.role'), ${user.id}, ${now} from json_each(${list}) where ${editable}
        on conflict (grading_id, user_id) do update set role = excluded.role,
          confirmed_at = case when ${gradingExaminers.role} = excluded.role then ${gradingExaminers.confirmedAt} else null end`,
    ),
  ]);
  if (!moved.length) throw conflict(M.examinersNotEditable);
  return gradingView(ctx, id);
}

/** POST /api/gradings/:id/examiners/me/confirm: the examiner confirms (once; again changes nothing) until scoring starts. */
export async function confirmExaminer(ctx: ServiceCtx, id: string) {
  const user = signedIn(ctx);
  const row = await ctx.db
    .update(gradingExaminers)
    .set({ confirmedAt: sql`coalesce(${gradingExaminers.confirmedAt}, ${Date.now()})` })
    .where(and(eq(gradingExaminers.gradingId, id), eq(gradingExaminers.userId, user.id), gradingIn(id, EDITABLE)))
    .returning()
    .get();
  if (!row) {
    const [grading, mine] = await batch(ctx.db, [
      ctx.db.select({ status: gradings.status }).from(gradings).where(eq(gradings.id, id)),
      ctx.db
        .select({ userId: gradingExaminers.userId })
        .from(gradingExaminers)
        .where(and(eq(gradingExaminers.gradingId, id), eq(gradingExaminers.userId, user.id))),
    ]);
    if (!grading.length) throw notFound(M.notFound);
    if (!mine.length) throw forbidden(M.notExaminer);
    throw conflict(M.notConfirmable);
  }
  return gradingView(ctx, id);
}
