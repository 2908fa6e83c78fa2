import { asc, eq } from 'drizzle-orm';
import { PROGRAM_MESSAGES } from '#core/progression/program-schemas.ts';
import { programs } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { ladderQueries, programIdOf, programQuery, rankCountSql } from './programs.queries.ts';
import { serializeLadder, serializeProgram } from './programs.serialize.ts';

/** GET /api/programs: in the school's order; only admin-capable callers see inactive ones. One statement. */
export async function listPrograms(ctx: ServiceCtx, query: { active?: boolean | undefined }) {
  const active = seesHidden(ctx) ? query.active : true;
  const rows = await ctx.db
    .select({ program: programs, rankCount: rankCountSql })
    .from(programs)
    .where(active === undefined ? undefined : eq(programs.isActive, active))
    .orderBy(asc(programs.position), asc(programs.name));
  return rows.map((r) => serializeProgram(r.program, r.rankCount));
}

/** A program and its whole ladder in one round trip; an inactive program is hidden from all but admin-capable callers. */
export async function getProgramWithLadder(ctx: ServiceCtx, slug: string) {
  const [found, rankRows, reqRows, techRows] = await batch(ctx.db, [
    programQuery(ctx.db, slug),
    ...ladderQueries(ctx.db, programIdOf(slug)),
  ]);
  const row = found[0];
  if (!row || (!row.program.isActive && !seesHidden(ctx))) throw notFound(PROGRAM_MESSAGES.notFound);
  const ranks = serializeLadder(
    rankRows,
    reqRows.map((r) => r.r),
    techRows.map((t) => t.t),
  );
  return { program: serializeProgram(row.program, row.rankCount), ranks };
}
