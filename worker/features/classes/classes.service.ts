import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { CLASS_MESSAGES, type CreateClassInput, type ListClassesQueryInput, type UpdateClassInput } from '#core/catalog/class-schemas.ts';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import type { SessionChanges } from '#core/sessions/session-schemas.ts';
import { classes, classSessions, programs, type NewClassRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { mapDbErrors } from '#worker/lib/catalog/db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { cancelSessionsWithNotice } from '#worker/lib/sessions/cancel.ts';
import { futureSessionsOf, keepSessionsAhead, removeUntouchedStatement } from '#worker/lib/sessions/generate.ts';
import { mayTeachSql } from '#worker/lib/sessions/instructor.ts';
import { serializeClass } from './classes.serialize.ts';

const CLASS_DB_ERRORS = {
  checks: { classes_end_after_start: CLASS_MESSAGES.endAfterStart, classes_day_range: CLASS_MESSAGES.day },
};

function classColumns(input: UpdateClassInput): Partial<NewClassRow> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key === 'instructorId' ? 'instructorUserId' : key] = value;
  return out as Partial<NewClassRow>;
}

/** What the sessions carry of a class: an edit of any of these reconciles its future sessions. */
const SESSION_FIELDS = ['dayOfWeek', 'startTime', 'endTime', 'title', 'location', 'capacity', 'instructorUserId', 'isActive'] as const;

/** Why a withdrawn class's booked sessions are cancelled (the notice's reason). */
export const CLASS_WITHDRAWN = 'The class is no longer on the timetable';

/** A class's program must exist (issue 25); deleting a program sets its classes' programId back to null. */
async function checkProgram(ctx: ServiceCtx, programId: string | null | undefined) {
  if (!programId) return;
  const found = await ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.id, programId)).get();
  if (!found) throw badRequest(CLASS_MESSAGES.program, [{ path: 'programId', message: CLASS_MESSAGES.program }]);
}

const instructorError = () => badRequest(CLASS_MESSAGES.instructor, [{ path: 'instructorId', message: CLASS_MESSAGES.instructor }]);

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

/**
 * POST /api/classes; an active class gets its sessions generated at once. An instructor account is checked
 * by the INSERT itself (INSERT … SELECT … WHERE the account teaches), never read first.
 */
export async function createClass(ctx: ServiceCtx, input: CreateClassInput) {
  await checkProgram(ctx, input.programId);
  const values: NewClassRow = {
    ...classColumns(input),
    id: newId(),
    title: input.title,
    dayOfWeek: input.dayOfWeek,
    startTime: input.startTime,
    endTime: input.endTime,
  };
  const row = await mapDbErrors(
    () =>
      values.instructorUserId
        ? ctx.db.insert(classes).select(insertTeaching(ctx, values)).returning().get()
        : ctx.db.insert(classes).values(values).returning().get(),
    CLASS_DB_ERRORS,
  );
  if (!row) throw instructorError();
  const sessions = row.isActive ? await keepSessionsAhead(ctx, new Date(), { classIds: [row.id] }) : NO_CHANGES;
  return { class: serializeClass(row), sessions };
}

const NO_CHANGES: SessionChanges = { created: 0, updated: 0, kept: [], removed: 0 };

/** The SELECT of a class's INSERT … SELECT: its values, only when its instructor account teaches. */
function insertTeaching(ctx: ServiceCtx, v: NewClassRow) {
  const now = Date.now();
  const value = (x: unknown, name: string) => sql`${x ?? null}`.as(name);
  return ctx.db
    .select({
      id: value(v.id, 'id'),
      title: value(v.title, 'title'),
      description: value(v.description, 'description'),
      dayOfWeek: value(v.dayOfWeek, 'day_of_week'),
      startTime: value(v.startTime, 'start_time'),
      endTime: value(v.endTime, 'end_time'),
      instructorName: value(v.instructorName, 'instructor_name'),
      instructorUserId: value(v.instructorUserId, 'instructor_user_id'),
      level: value(v.level ?? 'all', 'level'),
      programId: value(v.programId, 'program_id'),
      location: value(v.location, 'location'),
      ageGroup: value(v.ageGroup, 'age_group'),
      capacity: value(v.capacity, 'capacity'),
      isActive: value(v.isActive === false ? 0 : 1, 'is_active'),
      createdAt: value(now, 'created_at'),
      updatedAt: value(now, 'updated_at'),
    })
    .from(sql`(select 1)`)
    .where(mayTeachSql(v.instructorUserId ?? null));
}

/**
 * PUT /api/classes/:id. Changing only one of the times is checked against the stored other one by the
 * database; an instructor account by the UPDATE's own condition. Then its future sessions follow: those
 * nobody booked are moved or updated, booked ones are kept and reported; a deactivated class withdraws them.
 */
export async function updateClass(ctx: ServiceCtx, id: string, input: UpdateClassInput) {
  const columns = classColumns(input);
  if (!Object.keys(columns).length) throw badRequest(CLASS_MESSAGES.nothingToUpdate);
  await checkProgram(ctx, columns.programId);
  const row = await mapDbErrors(
    () =>
      ctx.db
        .update(classes)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(classes.id, id), columns.instructorUserId ? mayTeachSql(columns.instructorUserId) : undefined))
        .returning()
        .get(),
    CLASS_DB_ERRORS,
  );
  if (!row) {
    const exists = await ctx.db.select({ id: classes.id }).from(classes).where(eq(classes.id, id)).get();
    throw exists ? instructorError() : notFound(CLASS_MESSAGES.notFound);
  }
  const touched = SESSION_FIELDS.some((f) => columns[f] !== undefined);
  const now = new Date();
  const sessions: SessionChanges = !touched
    ? NO_CHANGES
    : row.isActive
      ? await keepSessionsAhead(ctx, now, {
          classIds: [id],
          fields: {
            title: columns.title,
            location: columns.location,
            capacity: columns.capacity,
            instructorUserId: columns.instructorUserId,
          },
        })
      : await withdrawSessions(ctx, id, now);
  return { class: serializeClass(row), sessions };
}

/**
 * A class leaving the timetable: its future sessions someone holds a place in (or checked in to) are
 * cancelled with a notice to those people, then the others are deleted. Past sessions stay, for the record.
 */
async function withdrawSessions(ctx: ServiceCtx, classId: string, now: Date): Promise<SessionChanges> {
  const held = sql`(${classSessions.bookedCount} > 0 or ${classSessions.waitlistCount} > 0 or exists (select 1 from attendance_events ae where ae.session_id = ${classSessions.id}))`;
  const cancelled = await cancelSessionsWithNotice(ctx, and(futureSessionsOf([classId], now), held)!, CLASS_WITHDRAWN, now);
  const removed = await removeUntouchedStatement(ctx, [classId], now);
  return { created: 0, updated: 0, kept: [], removed: removed.length, cancelled: cancelled.length };
}

/** DELETE /api/classes/:id: its future sessions are withdrawn first (the class's past sessions keep their history). */
export async function deleteClass(ctx: ServiceCtx, id: string) {
  const sessions = await withdrawSessions(ctx, id, new Date());
  const row = await ctx.db.delete(classes).where(eq(classes.id, id)).returning({ id: classes.id }).get();
  if (!row) throw notFound(CLASS_MESSAGES.notFound);
  return { _id: row.id, sessions };
}
