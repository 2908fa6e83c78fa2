import { and, eq, sql } from 'drizzle-orm';
import { LEDGER_MESSAGES as M } from '#core/progression/ledger-input.ts';
import { gradingApprovals, rankTechniques, techniqueChecks } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { studentOf } from '#worker/lib/progression/student-access.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { rankQuery, userExistsQuery } from './ranks.queries.ts';

/** PUT /api/students/:id/techniques/:techniqueId — an instructor saw the technique passed in class (or takes it back). */
export async function setTechniqueCheck(ctx: ServiceCtx, id: string, techniqueId: string, passed: boolean) {
  const caller = signedIn(ctx);
  const { userId } = await studentOf(ctx, id);
  const [user, technique] = await batch(ctx.db, [
    userExistsQuery(ctx.db, userId),
    ctx.db.select({ id: rankTechniques.id }).from(rankTechniques).where(eq(rankTechniques.id, techniqueId)),
  ]);
  if (!user.length) throw notFound(M.studentNotFound);
  if (!technique.length) throw notFound(M.techniqueNotFound);
  if (passed) await ctx.db.insert(techniqueChecks).values({ userId, techniqueId, checkedBy: caller.id }).onConflictDoNothing();
  else await ctx.db.delete(techniqueChecks).where(and(eq(techniqueChecks.userId, userId), eq(techniqueChecks.techniqueId, techniqueId)));
  return { userId, techniqueId, passed };
}

/** PUT /api/students/:id/grading-approval — an instructor allows (or no longer allows) the person to test for a rank. */
export async function setGradingApproval(
  ctx: ServiceCtx,
  id: string,
  input: { rankId: string; approved: boolean; note?: string | undefined },
) {
  const caller = signedIn(ctx);
  const { userId } = await studentOf(ctx, id);
  const [user, [rank]] = await batch(ctx.db, [userExistsQuery(ctx.db, userId), rankQuery(ctx.db, input.rankId)]);
  if (!user.length) throw notFound(M.studentNotFound);
  if (!rank) throw notFound(M.rankNotFound);
  if (input.approved)
    await ctx.db
      .insert(gradingApprovals)
      .values({ userId, rankId: rank.id, approvedBy: caller.id, note: input.note ?? null })
      .onConflictDoUpdate({
        target: [gradingApprovals.userId, gradingApprovals.rankId],
        set: { approvedBy: caller.id, note: input.note ?? null, approvedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))` },
      });
  else await ctx.db.delete(gradingApprovals).where(and(eq(gradingApprovals.userId, userId), eq(gradingApprovals.rankId, rank.id)));
  return { userId, rankId: rank.id, approved: input.approved };
}
