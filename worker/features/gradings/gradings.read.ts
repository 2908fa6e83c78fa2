import { and, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { GRADING_MESSAGES as M, isGradingStaff, type ListGradingsQueryInput } from '#core/gradings/grading-schemas.ts';
import { gradings, programs } from '#db/schema/index.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { gradingExtras, memberMaySee } from './gradings.queries.ts';
import { serializeGrading, type GradingView } from './gradings.serialize.ts';

/** Staff see every grading; anyone else what memberMaySee allows. */
const visibility = (user: AuthUser): SQL | undefined => (isGradingStaff(user.role) ? undefined : memberMaySee(user.id));

/** GET /api/gradings: newest held first; a page and its total in one statement, then one batch for the views. */
export async function listGradings(ctx: ServiceCtx, q: ListGradingsQueryInput) {
  const user = signedIn(ctx);
  const program = q.program
    ? or(
        eq(gradings.programId, q.program),
        eq(gradings.programId, ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.slug, q.program))),
      )
    : undefined;
  const where = and(
    visibility(user),
    q.status ? eq(gradings.status, q.status) : undefined,
    program,
    q.from ? gte(gradings.heldOn, q.from) : undefined,
    q.to ? lte(gradings.heldOn, q.to) : undefined,
  );
  const { rows, pagination } = await listPage(ctx.db, {
    table: gradings,
    where,
    orderBy: [desc(gradings.heldOn), desc(gradings.createdAt)],
    page: q.page,
    limit: q.limit,
  });
  const extras = await gradingExtras(ctx.db, rows, user.id);
  return { gradings: rows.map((r) => serializeGrading(r, extras.get(r.id)!)), pagination };
}

/** One grading as the caller may see it; 404 'Grading not found' otherwise. */
export async function gradingView(ctx: ServiceCtx, id: string): Promise<GradingView> {
  const user = signedIn(ctx);
  const row = await ctx.db
    .select()
    .from(gradings)
    .where(and(eq(gradings.id, id), visibility(user)))
    .get();
  if (!row) throw notFound(M.notFound);
  const extras = await gradingExtras(ctx.db, [row], user.id);
  return serializeGrading(row, extras.get(row.id)!);
}
