import { and, eq, inArray, sql } from 'drizzle-orm';
import { GRADING_MESSAGES as M, GRADING_MOVE_PATHS, type GradingMovePath } from '#core/gradings/grading-schemas.ts';
import { gradingExaminers, gradings } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { tellCancelled } from './gradings.notify.ts';
import { gradingView } from './gradings.read.ts';
import { refundFees } from './gradings.refund.ts';

const examiners = (extra: ReturnType<typeof sql>) =>
  sql`exists (select 1 from ${gradingExaminers} where ${gradingExaminers.gradingId} = ${gradings.id} and ${extra})`;
/** The roster locks only with a head examiner and every examiner confirmed (checked by the move itself). */
const lockable = sql`${examiners(sql`${gradingExaminers.role} = 'head'`)} and not ${examiners(sql`${gradingExaminers.confirmedAt} is null`)}`;

/**
 * POST /api/gradings/:id/{open|lock|reopen|start-scoring|cancel}: ONE conditional UPDATE from the states the
 * move starts from; two admins racing get one winner and the other a 409 in words.
 */
export async function moveGrading(ctx: ServiceCtx, id: string, move: GradingMovePath, reason?: string) {
  const user = signedIn(ctx);
  const { to, from } = GRADING_MOVE_PATHS[move];
  const at = new Date();
  const stamps =
    to === 'locked'
      ? { lockedAt: at }
      : to === 'cancelled'
        ? { cancelledAt: at, cancelReason: reason ?? null }
        : to === 'open'
          ? { lockedAt: null }
          : {};
  const row = await ctx.db
    .update(gradings)
    .set({ status: to, ...stamps, updatedAt: at })
    .where(and(eq(gradings.id, id), inArray(gradings.status, [...from]), to === 'locked' ? lockable : undefined))
    .returning()
    .get();
  if (!row) {
    const current = await ctx.db.select({ status: gradings.status }).from(gradings).where(eq(gradings.id, id)).get();
    if (!current) throw notFound(M.notFound);
    if (to === 'locked' && current.status === 'open') throw conflict(await lockRefusal(ctx, id));
    throw conflict(M.cannotMove(current.status, to));
  }
  if (to === 'cancelled') {
    await refundFees(ctx, id, `Grading cancelled: ${reason ?? ''}`.trim());
    tellCancelled(ctx, row, user.id);
  }
  return gradingView(ctx, id);
}

async function lockRefusal(ctx: ServiceCtx, id: string) {
  const rows = await ctx.db.select({ role: gradingExaminers.role }).from(gradingExaminers).where(eq(gradingExaminers.gradingId, id));
  return rows.some((r) => r.role === 'head') ? M.examinersConfirm : M.headNeeded;
}
