import { sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { LEDGER_MESSAGES as M } from '#core/progression/ledger-input.ts';
import { notFound } from '#worker/lib/errors.ts';
import { currentRankSql } from '#worker/lib/progression/current-rank.ts';
import { studentOf } from '#worker/lib/progression/student-access.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { creditViewQuery, programQuery, userExistsQuery } from './ranks.queries.ts';
import { serializeCredit } from './ranks.serialize.ts';

/**
 * POST /api/students/:id/attendance-credits — classes staff vouch for, held at the person's current rank
 * (a since_last_promotion window counts them until the next promotion). One statement, then its view.
 */
export async function grantCredits(ctx: ServiceCtx, id: string, input: { program: string; count: number; reason: string }) {
  const caller = signedIn(ctx);
  const { userId } = await studentOf(ctx, id);
  const [[program], user] = await batch(ctx.db, [programQuery(ctx.db, input.program), userExistsQuery(ctx.db, userId)]);
  if (!program) throw notFound(M.programNotFound);
  if (!user.length) throw notFound(M.studentNotFound);
  const creditId = newId();
  const [, rows] = await batch(ctx.db, [
    ctx.db.run(sql`insert into attendance_credits (id, user_id, program_id, rank_id, count, reason, created_by)
      values (${creditId}, ${userId}, ${program.id}, ${currentRankSql(userId, program.id)}, ${input.count}, ${input.reason}, ${caller.id})`),
    creditViewQuery(ctx.db, sql`ac.id = ${creditId}`),
  ]);
  return serializeCredit(rows[0]!);
}
