import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { occurrencesOf, planSessionChanges, windowEnd, type ExistingSession, type Occurrence } from '#core/sessions/occurrences.ts';
import { GENERATE_WEEKS, type SessionChanges } from '#core/sessions/session-schemas.ts';
import { classes, classSessions, users, type NewClassSessionRow } from '#db/schema/index.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { teachesSql } from './instructor.ts';

const DAY = 86_400_000;
/** Rows a multi-row INSERT carries (16 columns each, well under SQLite's bound-parameter limit). */
const CHUNK = 200;

/** What a class edit changed that its sessions carry; those fields are copied to its future sessions nobody booked. */
export type ClassFields = Partial<{ title: string; location: string | null; capacity: number | null; instructorUserId: string | null }>;

/** Nobody holds a place (booked or waitlisted) and nobody has checked in: a session the generator may move or remove. */
const untouched = and(
  eq(classSessions.bookedCount, 0),
  eq(classSessions.waitlistCount, 0),
  eq(classSessions.status, 'scheduled'),
  eq(classSessions.kind, 'regular'),
  sql`not exists (select 1 from attendance_events ae where ae.session_id = ${classSessions.id})`,
)!;

/**
 * Keeps the sessions of the active classes (or of `classIds` only) generated `GENERATE_WEEKS` weeks ahead
 * of `now`, in the school's zone (core/sessions/occurrences.ts plans it). Idempotent, also when it races
 * itself: creating is `ON CONFLICT DO NOTHING` on the class + start key, and moving or removing a session
 * is conditional on nobody having booked it meanwhile. A session someone booked is never moved: it is kept
 * and reported. `fields` (a class edit) are copied to the classes' future untouched sessions.
 */
export async function keepSessionsAhead(
  ctx: Pick<ServiceCtx, 'db'>,
  now: Date,
  options: { classIds?: string[]; fields?: ClassFields; zone?: string } = {},
): Promise<SessionChanges> {
  const { classIds, fields } = options;
  if (classIds && !classIds.length) return { created: 0, updated: 0, kept: [], removed: 0 };
  const zone = options.zone ?? (await schoolTimeZone(ctx.db));
  const nowMs = now.getTime();
  const untilMs = windowEnd(nowMs, GENERATE_WEEKS, zone);
  const ofClasses = (column: typeof classes.id | typeof classSessions.classId) => (classIds ? inArray(column, classIds) : undefined);
  const [active, existing] = await batch(ctx.db, [
    ctx.db
      .select({
        id: classes.id,
        title: classes.title,
        dayOfWeek: classes.dayOfWeek,
        startTime: classes.startTime,
        endTime: classes.endTime,
        location: classes.location,
        capacity: classes.capacity,
        instructorUserId: users.id,
      })
      .from(classes)
      .leftJoin(users, and(eq(users.id, classes.instructorUserId), teachesSql))
      .where(and(eq(classes.isActive, true), ofClasses(classes.id))),
    ctx.db
      .select({
        id: classSessions.id,
        classId: classSessions.classId,
        kind: classSessions.kind,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
        bookedCount: classSessions.bookedCount,
        waitlistCount: classSessions.waitlistCount,
        status: classSessions.status,
      })
      .from(classSessions)
      .innerJoin(classes, and(eq(classes.id, classSessions.classId), eq(classes.isActive, true)))
      // From a day back, so a session of today that has started keeps its date from a second one.
      .where(
        and(
          ofClasses(classSessions.classId),
          gte(classSessions.startsAt, new Date(nowMs - DAY)),
          lt(classSessions.startsAt, new Date(untilMs)),
        ),
      ),
  ]);
  const byClass = new Map(active.map((c) => [c.id, c]));
  const wanted: Occurrence[] = active.flatMap((c) => occurrencesOf(c, nowMs, GENERATE_WEEKS, zone));
  // A one-off of the class (or a session an admin moved, which becomes one) is the admin's: the planner
  // treats it like a cancelled one, never touched and keeping its date from a generated twin.
  const planned: ExistingSession[] = existing.map((s) => ({
    id: s.id,
    classId: s.classId!,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    bookedCount: s.bookedCount + s.waitlistCount,
    status: s.kind === 'one_off' ? 'cancelled' : s.status,
  }));
  const plan = planSessionChanges(planned, wanted, nowMs, zone);
  const stamp = new Date(nowMs);
  const future = and(eq(classSessions.kind, 'regular'), sql`${classSessions.startsAt} > ${nowMs}`, untouched);

  const removes = plan.remove.length
    ? [
        ctx.db
          .delete(classSessions)
          .where(and(inArray(classSessions.id, plan.remove), future))
          .returning({ id: classSessions.id }),
      ]
    : [];
  const updates = plan.update.map((u) =>
    ctx.db
      .update(classSessions)
      .set({ startsAt: u.startsAt, endsAt: u.endsAt, updatedAt: stamp })
      .where(and(eq(classSessions.id, u.id), future))
      .returning({ id: classSessions.id }),
  );
  const copied = fieldsOf(fields);
  const propagate =
    copied && classIds
      ? [
          ctx.db
            .update(classSessions)
            .set({ ...copied, updatedAt: stamp })
            .where(and(inArray(classSessions.classId, classIds), future))
            .returning({ id: classSessions.id }),
        ]
      : [];
  const rows: NewClassSessionRow[] = plan.create.map((o) => {
    const c = byClass.get(o.classId)!;
    return {
      id: newId(nowMs),
      classId: c.id,
      kind: 'regular',
      title: c.title,
      location: c.location,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      instructorUserId: c.instructorUserId,
      capacity: c.capacity,
    };
  });
  const creates = Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) =>
    ctx.db
      .insert(classSessions)
      .values(rows.slice(i * CHUNK, (i + 1) * CHUNK))
      .onConflictDoNothing()
      .returning({ id: classSessions.id }),
  );
  // Remove, then move, then create: no step collides with the next on the class + start key (the planner's order).
  const results = await batch(ctx.db, [...removes, ...updates, ...propagate, ...creates]);
  const ids = (from: number, count: number) => results.slice(from, from + count).flatMap((r) => (r as { id: string }[]).map((x) => x.id));
  const removed = ids(0, removes.length).length;
  const updated = new Set(ids(removes.length, updates.length + propagate.length)).size;
  const created = ids(removes.length + updates.length + propagate.length, creates.length).length;
  const keptIds = new Set(plan.keep.map((k) => k.id));
  const kept = existing
    .filter((s) => keptIds.has(s.id))
    .map((s) => ({ _id: s.id, startsAt: s.startsAt.toISOString(), bookedCount: s.bookedCount }));
  return { created, updated, kept, removed };
}

function fieldsOf(fields: ClassFields | undefined): ClassFields | null {
  if (!fields) return null;
  const out: ClassFields = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return Object.keys(out).length ? out : null;
}

/** Future sessions of these classes: the condition a class's withdrawal acts on. */
export const futureSessionsOf = (classIds: string[], now: Date): SQL =>
  and(inArray(classSessions.classId, classIds), sql`${classSessions.startsAt} > ${now.getTime()}`)!;

/** Deletes the future sessions of these classes that nobody booked or checked in to (a class deactivated or deleted). */
export const removeUntouchedStatement = (ctx: Pick<ServiceCtx, 'db'>, classIds: string[], now: Date) =>
  ctx.db
    .delete(classSessions)
    .where(and(futureSessionsOf(classIds, now), untouchedAnyKind))
    .returning({ id: classSessions.id });

const untouchedAnyKind = and(
  eq(classSessions.bookedCount, 0),
  eq(classSessions.waitlistCount, 0),
  sql`not exists (select 1 from attendance_events ae where ae.session_id = ${classSessions.id})`,
)!;
