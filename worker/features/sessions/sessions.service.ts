import { and, eq, gte, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import {
  hasOffset,
  MAX_SESSION_MS,
  parseSessionTime,
  SESSION_MESSAGES as M,
  type CreateSessionInput,
  type ListSessionsQueryInput,
  type UpdateSessionInput,
} from '#core/sessions/session-schemas.ts';
import { classes, classSessions, users } from '#db/schema/index.ts';
import { causes, isUniqueViolation } from '#worker/lib/db-errors.ts';
import { AppError, badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { cancelSessionsWithNotice } from '#worker/lib/sessions/cancel.ts';
import { holdersQuery, noticeTime, tellHolders, type Holder } from '#worker/lib/sessions/notice.ts';
import { keepSessionsAhead } from '#worker/lib/sessions/generate.ts';
import { mayTeachSql, teachesSql } from '#worker/lib/sessions/instructor.ts';
import { serializeSession, sessionListQuery, sessionViewQuery, type SessionViewRow } from '#worker/lib/sessions/view.ts';
import { promoteStatement, recountIfPromotedStatement, tellPromoted } from '#worker/lib/sessions/waitlist.ts';
import { batch } from '#worker/lib/sql.ts';

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** GET /api/sessions: a page of the window's sessions, by start, with the caller's own booking: ONE statement. */
export async function listSessions(ctx: ServiceCtx, q: ListSessionsQueryInput) {
  const where = and(
    gte(classSessions.startsAt, q.from),
    lt(classSessions.startsAt, q.to),
    q.classId ? eq(classSessions.classId, q.classId) : undefined,
    q.instructorId ? eq(classSessions.instructorUserId, q.instructorId) : undefined,
    q.status ? eq(classSessions.status, q.status) : undefined,
  );
  const rows = await sessionListQuery(ctx.db, where, ctx.user?.id ?? null, q.limit, offsetOf(q.page, q.limit));
  return {
    sessions: rows.map((r) => serializeSession(r as SessionViewRow)),
    pagination: pagination(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

export async function getSession(ctx: ServiceCtx, id: string) {
  const [row] = await sessionViewQuery(ctx.db, id, ctx.user?.id ?? null);
  if (!row) throw notFound(M.notFound);
  return serializeSession(row as SessionViewRow);
}

/** The body's times as instants: offset-less ones on the school's clock (the zone is read only when needed). */
async function instantsOf(ctx: ServiceCtx, input: { startsAt?: string | undefined; endsAt?: string | undefined }) {
  const raws = [input.startsAt, input.endsAt].filter((v): v is string => v !== undefined);
  const zone = raws.every(hasOffset) ? 'UTC' : await schoolTimeZone(ctx.db);
  const startsAt = input.startsAt === undefined ? undefined : parseSessionTime(input.startsAt, zone)!;
  const endsAt = input.endsAt === undefined ? undefined : parseSessionTime(input.endsAt, zone)!;
  if (startsAt && endsAt) {
    if (endsAt <= startsAt) throw fieldError('endsAt', M.endAfterStart);
    if (endsAt.getTime() - startsAt.getTime() > MAX_SESSION_MS) throw fieldError('endsAt', M.tooLong);
  }
  return { startsAt, endsAt };
}

/** The database's refusals of a session write, in the API's words and fields. */
function sessionDbError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isUniqueViolation(err)) return conflict(M.duplicate);
  for (const message of causes(err).map((e) => String((e as Error)?.message ?? ''))) {
    if (message.includes('class_sessions_booked_within_capacity')) return fieldError('capacity', M.capacityBelowBooked);
    if (message.includes('class_sessions_end_after_start')) return fieldError('endsAt', M.endAfterStart);
  }
  return err;
}

/** The value sent, else the class's column (or expression). */
const given = (value: unknown, fallback: SQLWrapper) => (value === undefined ? sql`${fallback}` : sql`${value}`);

/**
 * POST /api/sessions: a one-off session, in ONE conditional INSERT … SELECT: of a class (its title, place,
 * capacity and instructor unless given) or on its own, only when the instructor named is a teaching account.
 */
export async function createSession(ctx: ServiceCtx, input: CreateSessionInput) {
  const { startsAt, endsAt } = await instantsOf(ctx, input);
  const id = newId();
  const now = Date.now();
  const instructorId = input.instructorId ?? null;
  const classInstructor = sql`(select ${users.id} from ${users} where ${users.id} = ${classes.instructorUserId} and ${teachesSql})`;
  const fromClass = input.classId !== undefined;
  const fields = {
    id: sql`${id}`.as('id'),
    classId: sql`${fromClass ? classes.id : null}`.as('class_id'),
    kind: sql`'one_off'`.as('kind'),
    title: given(input.title || undefined, classes.title).as('title'),
    location: (fromClass ? given(input.location, classes.location) : sql`${input.location ?? null}`).as('location'),
    startsAt: sql`${startsAt!.getTime()}`.as('starts_at'),
    endsAt: sql`${endsAt!.getTime()}`.as('ends_at'),
    instructorUserId: (fromClass ? given(input.instructorId, classInstructor) : sql`${instructorId}`).as('instructor_user_id'),
    capacity: (fromClass ? given(input.capacity, classes.capacity) : sql`${input.capacity ?? null}`).as('capacity'),
    bookedCount: sql`0`.as('booked_count'),
    waitlistCount: sql`0`.as('waitlist_count'),
    status: sql`'scheduled'`.as('status'),
    cancelReason: sql`null`.as('cancel_reason'),
    cancelledAt: sql`null`.as('cancelled_at'),
    createdAt: sql`${now}`.as('created_at'),
    updatedAt: sql`${now}`.as('updated_at'),
  };
  const source = ctx.db.select(fields);
  const select = fromClass
    ? source.from(classes).where(and(eq(classes.id, input.classId!), mayTeachSql(instructorId)))
    : source.from(sql`(select 1)`).where(mayTeachSql(instructorId));
  try {
    const [inserted, [row]] = await batch(ctx.db, [
      ctx.db.insert(classSessions).select(select).returning({ id: classSessions.id }),
      sessionViewQuery(ctx.db, id, ctx.user?.id ?? null),
    ]);
    if (inserted.length && row) return serializeSession(row as SessionViewRow);
  } catch (err) {
    throw sessionDbError(err);
  }
  if (fromClass) {
    const klass = await ctx.db.select({ id: classes.id }).from(classes).where(eq(classes.id, input.classId!)).get();
    if (!klass) throw fieldError('classId', M.classNotFound);
  }
  throw fieldError('instructorId', M.instructor);
}

/**
 * PATCH /api/sessions/:id: one conditional UPDATE (a scheduled session, a teaching account) read back in the
 * same batch. The database holds the capacity against the booked count and the end after the start; a raised
 * capacity takes the head of the waitlist into its new places in the same batch, and they are told. A
 * generated session whose times change becomes a one-off: the generator leaves it, and its date, alone.
 */
export async function updateSession(ctx: ServiceCtx, id: string, input: UpdateSessionInput) {
  const { startsAt, endsAt } = await instantsOf(ctx, input);
  const set: Record<string, unknown> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.location !== undefined) set.location = input.location;
  if (input.capacity !== undefined) set.capacity = input.capacity;
  if (input.instructorId !== undefined) set.instructorUserId = input.instructorId;
  if (startsAt) set.startsAt = startsAt;
  if (endsAt) set.endsAt = endsAt;
  if (!Object.keys(set).length) throw badRequest(M.nothingToUpdate);
  if (startsAt || endsAt) {
    const moved = sql.join(
      [
        startsAt ? sql`${classSessions.startsAt} <> ${startsAt.getTime()}` : undefined,
        endsAt ? sql`${classSessions.endsAt} <> ${endsAt.getTime()}` : undefined,
      ].filter((x) => x !== undefined),
      sql` or `,
    );
    set.kind = sql`case when ${moved} then 'one_off' else ${classSessions.kind} end`;
  }
  const where = and(
    eq(classSessions.id, id),
    eq(classSessions.status, 'scheduled'),
    input.instructorId !== undefined ? mayTeachSql(input.instructorId) : undefined,
  );
  const moving = !!(startsAt || endsAt);
  const here = eq(classSessions.id, id);
  const now = new Date();
  try {
    const [before, holders, updated, promoted, , [row]] = await batch(ctx.db, [
      ctx.db
        .select({ startsAt: classSessions.startsAt, endsAt: classSessions.endsAt })
        .from(classSessions)
        .where(moving ? here : sql`0`),
      holdersQuery(ctx.db, moving ? here : sql`0`),
      ctx.db
        .update(classSessions)
        .set({ ...set, updatedAt: now })
        .where(where)
        .returning({ id: classSessions.id }),
      promoteStatement(ctx.db, id, now.getTime()),
      recountIfPromotedStatement(ctx.db, id, now.getTime()),
      sessionViewQuery(ctx.db, id, ctx.user?.id ?? null),
    ]);
    if (promoted.length) tellPromoted(ctx, id, promoted);
    if (updated.length && row) {
      const was = before[0];
      if (was && holders.length && (was.startsAt.getTime() !== row.startsAt.getTime() || was.endsAt.getTime() !== row.endsAt.getTime()))
        tellMoved(ctx, row as SessionViewRow, was.startsAt, holders);
      return serializeSession(row as SessionViewRow);
    }
    if (!row) throw notFound(M.notFound);
    if (row.status === 'cancelled') throw conflict(M.alreadyCancelled);
    throw fieldError('instructorId', M.instructor);
  } catch (err) {
    throw sessionDbError(err);
  }
}

/** After the response: the people holding a place in a session whose times changed hear the new ones. */
function tellMoved(ctx: ServiceCtx, s: SessionViewRow, wasStart: Date, holders: Holder[]) {
  ctx.defer('session moved notice', async () => {
    const zone = await schoolTimeZone(ctx.db);
    await tellHolders(ctx, holders, {
      sessionId: s.id,
      startsAt: s.startsAt,
      title: `Class time changed: ${s.title}`,
      body: `${s.title} now runs ${noticeTime(s.startsAt, zone)} to ${noticeTime(s.endsAt, zone).split(', ').pop()} (it was ${noticeTime(wasStart, zone)}).`,
      eventType: 'session_moved',
    });
  });
}

/** POST /api/sessions/:id/cancel: cancels a scheduled session and tells everyone booked or waitlisted. */
export async function cancelSession(ctx: ServiceCtx, id: string, reason: string) {
  const cancelled = await cancelSessionsWithNotice(ctx, eq(classSessions.id, id), reason, new Date());
  const session = await getSession(ctx, id);
  if (!cancelled.length) throw conflict(M.alreadyCancelled);
  return session;
}

/** POST /api/sessions/generate: the scheduled job, now. */
export const generateSessions = (ctx: ServiceCtx) => keepSessionsAhead(ctx, new Date());
