import { and, asc, eq, type SQL } from 'drizzle-orm';
import { CLASS_MESSAGES, type CreateClassInput, type ListClassesQueryInput, type UpdateClassInput } from '#core/catalog/class-schemas.ts';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { classes, type NewClassRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { mapDbErrors } from '#worker/lib/catalog/db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { serializeClass } from './classes.serialize.ts';

const CLASS_DB_ERRORS = {
  checks: { classes_end_after_start: CLASS_MESSAGES.endAfterStart, classes_day_range: CLASS_MESSAGES.day },
};

function classColumns(input: UpdateClassInput): Partial<NewClassRow> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key] = value;
  return out as Partial<NewClassRow>;
}

function whereOf(q: Partial<ListClassesQueryInput>, hidden: boolean): SQL | undefined {
  return and(
    hidden ? (q.isActive !== undefined ? eq(classes.isActive, q.isActive) : undefined) : eq(classes.isActive, true),
    q.dayOfWeek !== undefined ? eq(classes.dayOfWeek, q.dayOfWeek) : undefined,
    q.level ? eq(classes.level, q.level) : undefined,
    q.search ? likeAny(q.search, [classes.title, classes.instructorName, classes.location]) : undefined,
  );
}

/** The weekly timetable's order: Sunday to Saturday, by start time; title and id break ties. */
const TIMETABLE_ORDER = [asc(classes.dayOfWeek), asc(classes.startTime), asc(classes.title), asc(classes.id)];

/** The public timetable page: every active class (up to `limit`), in the timetable's order. */
export const timetableQuery = (db: Db, limit: number) =>
  db
    .select()
    .from(classes)
    .where(whereOf({}, false))
    .orderBy(...TIMETABLE_ORDER)
    .limit(limit);

/** GET /api/classes: the weekly timetable, a page and its total in one statement. */
export async function listClasses(ctx: ServiceCtx, query: ListClassesQueryInput) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: classes,
    where: whereOf(query, seesHidden(ctx)),
    orderBy: TIMETABLE_ORDER,
    page: query.page,
    limit: query.limit,
  });
  return { classes: rows.map(serializeClass), pagination };
}

export async function createClass(ctx: ServiceCtx, input: CreateClassInput) {
  const row = await mapDbErrors(
    () =>
      ctx.db
        .insert(classes)
        .values({
          ...classColumns(input),
          id: newId(),
          title: input.title,
          dayOfWeek: input.dayOfWeek,
          startTime: input.startTime,
          endTime: input.endTime,
        })
        .returning()
        .get(),
    CLASS_DB_ERRORS,
  );
  return serializeClass(row);
}

/** PUT /api/classes/:id. Changing only one of the times is checked against the stored other one by the database. */
export async function updateClass(ctx: ServiceCtx, id: string, input: UpdateClassInput) {
  const columns = classColumns(input);
  if (!Object.keys(columns).length) throw badRequest(CLASS_MESSAGES.nothingToUpdate);
  const row = await mapDbErrors(
    () =>
      ctx.db
        .update(classes)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(classes.id, id))
        .returning()
        .get(),
    CLASS_DB_ERRORS,
  );
  if (!row) throw notFound(CLASS_MESSAGES.notFound);
  return serializeClass(row);
}

export async function deleteClass(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(classes).where(eq(classes.id, id)).returning({ id: classes.id }).get();
  if (!row) throw notFound(CLASS_MESSAGES.notFound);
  return { _id: row.id };
}
