import { and, eq, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { PROGRAM_MESSAGES, type CreateProgramInput, type UpdateProgramInput } from '#core/progression/program-schemas.ts';
import { slugify } from '#core/slug.ts';
import { classes, gradings, programs, ranks, studentRanks } from '#db/schema/index.ts';
import { mapDbErrors } from '#worker/lib/catalog/db.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { serializeProgram } from './programs.serialize.ts';

const M = PROGRAM_MESSAGES;
const PROGRAM_DB_ERRORS = { unique: { 'programs.slug': M.slugTaken } };

/** POST /api/programs: the slug comes from the name when not given; a taken slug is the unique index's 409. */
export async function createProgram(ctx: ServiceCtx, input: CreateProgramInput) {
  const row = await mapDbErrors(
    () =>
      ctx.db
        .insert(programs)
        .values({
          id: newId(),
          slug: input.slug ?? slugify(input.name, 'program'),
          name: input.name,
          description: input.description ?? '',
          audience: input.audience,
          attendanceWindow: input.attendanceWindow,
          isActive: input.isActive,
          position: input.position,
        })
        .returning()
        .get(),
    PROGRAM_DB_ERRORS,
  );
  return serializeProgram(row, 0);
}

export async function updateProgram(ctx: ServiceCtx, slug: string, input: UpdateProgramInput) {
  const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) throw badRequest(M.nothingToUpdate);
  if (set.description === null) set.description = '';
  const row = await mapDbErrors(
    () =>
      ctx.db
        .update(programs)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(programs.slug, slug))
        .returning()
        .get(),
    PROGRAM_DB_ERRORS,
  );
  if (!row) throw notFound(M.notFound);
  const count = await ctx.db.$count(ranks, eq(ranks.programId, row.id));
  return serializeProgram(row, count);
}

/**
 * DELETE /api/programs/:slug: one conditional DELETE (no award, no grading) that takes its ladder with it
 * (cascade); classes counting toward it count toward every program again, in the same batch.
 */
export async function deleteProgram(ctx: ServiceCtx, slug: string) {
  const unused = sql`not exists (select 1 from ${studentRanks} where ${studentRanks.programId} = ${programs.id})
    and not exists (select 1 from ${gradings} where ${gradings.programId} = ${programs.id})`;
  const [, deleted] = await batch(ctx.db, [
    ctx.db
      .update(classes)
      .set({ programId: null })
      .where(sql`${classes.programId} = (select ${programs.id} from ${programs} where ${programs.slug} = ${slug} and ${unused})`),
    ctx.db
      .delete(programs)
      .where(and(eq(programs.slug, slug), unused))
      .returning({ id: programs.id }),
  ]);
  if (deleted[0]) return { _id: deleted[0].id };
  const exists = await ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.slug, slug)).get();
  throw exists ? conflict(M.programInUse) : notFound(M.notFound);
}
