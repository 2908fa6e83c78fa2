import { and, eq, inArray } from 'drizzle-orm';
import { GRADING_MESSAGES as M, type CreateGradingInput, type UpdateGradingInput } from '#core/gradings/grading-schemas.ts';
import { newId } from '#core/ids.ts';
import { events, gradings, programs, ranks } from '#db/schema/index.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { EDITABLE } from './gradings.queries.ts';
import { gradingView } from './gradings.read.ts';

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** The event and target ranks named are checked in one batch against the program. */
async function checkRefs(ctx: ServiceCtx, programId: string, input: { eventId?: string | null; targetRankIds?: string[] }) {
  const [program, event, targets] = await batch(ctx.db, [
    ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.id, programId)),
    ctx.db
      .select({ category: events.category })
      .from(events)
      .where(eq(events.id, input.eventId ?? '')),
    ctx.db
      .select({ id: ranks.id })
      .from(ranks)
      .where(and(eq(ranks.programId, programId), inArray(ranks.id, input.targetRankIds?.length ? input.targetRankIds : ['']))),
  ]);
  if (!program.length) throw fieldError('programId', M.programNotFound);
  if (input.eventId && event[0]?.category !== 'grading') throw fieldError('eventId', M.eventNotGrading);
  if (input.targetRankIds?.length && targets.length !== input.targetRankIds.length) throw fieldError('targetRankIds', M.targetsOfProgram);
}

/** POST /api/gradings: a draft of a program's grading. */
export async function createGrading(ctx: ServiceCtx, input: CreateGradingInput) {
  const user = signedIn(ctx);
  await checkRefs(ctx, input.programId, input);
  const id = newId();
  await ctx.db.insert(gradings).values({
    id,
    programId: input.programId,
    eventId: input.eventId ?? null,
    title: input.title,
    heldOn: input.heldOn,
    location: input.location ?? null,
    targetRankIds: input.targetRankIds ?? [],
    minAge: input.minAge ?? null,
    maxAge: input.maxAge ?? null,
    registrationClosesAt: input.registrationClosesAt ?? null,
    resultRule: input.resultRule ?? 'majority',
    notes: input.notes ?? null,
    createdBy: user.id,
  });
  return gradingView(ctx, id);
}

/** PATCH /api/gradings/:id: one conditional UPDATE while draft or open; the age range is held by the table's check. */
export async function updateGrading(ctx: ServiceCtx, id: string, input: UpdateGradingInput) {
  signedIn(ctx);
  const current = await ctx.db.select().from(gradings).where(eq(gradings.id, id)).get();
  if (!current) throw notFound(M.notFound);
  await checkRefs(ctx, current.programId, input);
  const set: Partial<typeof gradings.$inferInsert> = {};
  for (const key of [
    'eventId',
    'title',
    'heldOn',
    'location',
    'targetRankIds',
    'minAge',
    'maxAge',
    'registrationClosesAt',
    'resultRule',
    'notes',
  ] as const)
    if (input[key] !== undefined) (set as Record<string, unknown>)[key] = input[key];
  if (!Object.keys(set).length) throw badRequest(M.nothingToUpdate);
  const minAge = set.minAge !== undefined ? set.minAge : current.minAge;
  const maxAge = set.maxAge !== undefined ? set.maxAge : current.maxAge;
  if (minAge != null && maxAge != null && minAge > maxAge) throw fieldError('maxAge', M.ageRange);
  const row = await ctx.db
    .update(gradings)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(gradings.id, id), inArray(gradings.status, [...EDITABLE])))
    .returning({ id: gradings.id })
    .get();
  if (!row) throw conflict(M.notEditable);
  return gradingView(ctx, id);
}
