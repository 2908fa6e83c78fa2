import { sql } from 'drizzle-orm';
import { LEDGER_MESSAGES as M } from '#core/progression/ledger-input.ts';
import { notFound } from '#worker/lib/errors.ts';
import { studentOf } from '#worker/lib/progression/student-access.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { awardViewQuery, creditViewQuery, programQuery, userExistsQuery } from './ranks.queries.ts';
import { serializeAward, serializeCredit } from './ranks.serialize.ts';

/** GET /api/students/:id/ranks — the person's ledger, newest first (voided rows only when asked), one round trip. */
export async function listAwards(ctx: ServiceCtx, id: string, query: { program?: string | undefined; includeVoided?: string | undefined }) {
  const { userId } = await studentOf(ctx, id);
  const withVoided = query.includeVoided === 'true' || query.includeVoided === '1';
  const where = sql`sr.user_id = ${userId}
    ${query.program ? sql`and (p.slug = ${query.program} or p.id = ${query.program})` : sql``}
    ${withVoided ? sql`` : sql`and sr.voided_at is null`}`;
  const [user, program, rows] = await batch(ctx.db, [
    userExistsQuery(ctx.db, userId),
    programQuery(ctx.db, query.program ?? ''),
    awardViewQuery(ctx.db, where),
  ]);
  if (!user.length) throw notFound(M.studentNotFound);
  if (query.program && !program.length) throw notFound(M.programNotFound);
  return rows.map(serializeAward);
}

/** GET /api/students/:id/attendance-credits?program — the person's credits (voided ones too, marked), one round trip. */
export async function listCredits(ctx: ServiceCtx, id: string, programKey: string | undefined) {
  const { userId } = await studentOf(ctx, id);
  const where = sql`ac.user_id = ${userId}
    ${programKey ? sql`and ac.program_id = (select id from programs where slug = ${programKey} or id = ${programKey})` : sql``}`;
  const [user, program, rows] = await batch(ctx.db, [
    userExistsQuery(ctx.db, userId),
    programQuery(ctx.db, programKey ?? ''),
    creditViewQuery(ctx.db, where),
  ]);
  if (!user.length) throw notFound(M.studentNotFound);
  if (programKey && !program.length) throw notFound(M.programNotFound);
  return rows.map(serializeCredit);
}
