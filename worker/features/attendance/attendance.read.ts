import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { attendanceCounts, effectiveEvent, type AttendanceRow } from '#core/attendance/effective.ts';
import {
  ATTENDANCE_READ_MESSAGES as M,
  ONE_OFF_KEY,
  ONE_OFF_TITLE,
  type AttendanceRangeInput,
  type MyAttendanceInput,
  type AttendanceRowView,
  type EffectiveKind,
  type PersonAttendanceView,
  type PersonView,
} from '#core/attendance/views.ts';
import { wallTime } from '#core/time-zone.ts';
import { profileName } from '#core/users/person-name.ts';
import { attendanceEvents, classes, classSessions, users } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch, likeAny } from '#worker/lib/sql.ts';
import { mayTrainColumn } from './attendance.queries.ts';
import { iso } from './attendance.serialize.ts';

const PEOPLE_LIMIT = 20;
const DEFAULT_RANGE_MS = 365 * 86_400_000;
const firstName = sql`json_extract(${users.profile}, '$.firstName')`;
const lastName = sql`json_extract(${users.profile}, '$.lastName')`;

/** GET /api/attendance/people?search=: active people who train (students, members, instructors) for a walk-in, ≤ 20. */
export async function searchPeople(ctx: ServiceCtx, search: string | undefined): Promise<PersonView[]> {
  const nowMs = Date.now();
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      profile: users.profile,
      mayTrain: mayTrainColumn(nowMs),
    })
    .from(users)
    .where(
      and(
        inArray(users.role, ['student', 'member', 'instructor']),
        eq(users.isActive, true),
        isNull(users.deactivatedAt),
        search
          ? likeAny(search, [
              firstName,
              lastName,
              sql`(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''))`,
              users.studentId,
              users.membershipId,
            ])
          : undefined,
      ),
    )
    .orderBy(sql`lower(coalesce(${firstName}, ''))`, sql`lower(coalesce(${lastName}, ''))`, asc(users.id))
    .limit(PEOPLE_LIMIT);
  return rows.map((r) => ({ _id: r.id, name: profileName(r.profile, r.email), mayTrain: r.mayTrain }));
}

/** The range asked for, or the last 12 months up to now. */
function rangeOf(q: AttendanceRangeInput) {
  const to = q.to ?? (q.from ? new Date(q.from.getTime() + DEFAULT_RANGE_MS) : new Date());
  const from = q.from ?? new Date(to.getTime() - DEFAULT_RANGE_MS);
  return { from, to };
}

/**
 * One person's effective attendance for sessions starting in [from, to): a row per session the ledger leaves
 * a status for (newest first), counts per class and per calendar month in the school's zone.
 */
async function personAttendance(
  ctx: ServiceCtx,
  userId: string,
  q: AttendanceRangeInput,
  mustExist: boolean,
): Promise<PersonAttendanceView> {
  const { from, to } = rangeOf(q);
  const [events, person, zoneRows] = await batch(ctx.db, [
    ctx.db
      .select({
        sessionId: attendanceEvents.sessionId,
        kind: attendanceEvents.kind,
        method: attendanceEvents.method,
        recordedAt: attendanceEvents.recordedAt,
        receivedAt: attendanceEvents.receivedAt,
        classId: classSessions.classId,
        sessionTitle: classSessions.title,
        classTitle: classes.title,
        startsAt: classSessions.startsAt,
      })
      .from(attendanceEvents)
      .innerJoin(classSessions, eq(classSessions.id, attendanceEvents.sessionId))
      .leftJoin(classes, eq(classes.id, classSessions.classId))
      .where(and(eq(attendanceEvents.userId, userId), gte(classSessions.startsAt, from), lt(classSessions.startsAt, to)))
      .orderBy(desc(classSessions.startsAt), asc(classSessions.id)),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    schoolTimeZoneQuery(ctx.db),
  ]);
  const timeZone = zoneOf(zoneRows);
  if (mustExist && !person.length) throw notFound(M.userNotFound);

  const bySession = new Map<string, typeof events>();
  for (const e of events) bySession.set(e.sessionId, [...(bySession.get(e.sessionId) ?? []), e]);
  const rows: AttendanceRowView[] = [];
  const tallied: AttendanceRow[] = [];
  const classTitles: Record<string, string> = {};
  for (const [sessionId, list] of bySession) {
    const decided = effectiveEvent(list);
    if (!decided) continue;
    const status = decided.kind as EffectiveKind;
    const key = decided.classId ?? ONE_OFF_KEY;
    classTitles[key] ??= decided.classId ? (decided.classTitle ?? decided.sessionTitle) : ONE_OFF_TITLE;
    rows.push({
      sessionId,
      classId: decided.classId,
      title: decided.sessionTitle,
      startsAt: iso(decided.startsAt),
      status,
      method: decided.method,
    });
    tallied.push({ classId: key, month: wallTime(decided.startsAt, timeZone).slice(0, 7), status });
  }
  return { rows, counts: attendanceCounts(tallied), classes: classTitles, from: iso(from), to: iso(to), timeZone };
}

/** GET /api/attendance/my?for=: the caller's own, or their child's. */
export const myAttendance = async (ctx: ServiceCtx, q: MyAttendanceInput) =>
  personAttendance(ctx, (await actingFor(ctx, q.for)).userId, q, false);

/** GET /api/users/:id/attendance: a member's, for the school (the access table admits admin-capable people only). */
export const userAttendance = (ctx: ServiceCtx, userId: string, q: AttendanceRangeInput) => personAttendance(ctx, userId, q, true);
