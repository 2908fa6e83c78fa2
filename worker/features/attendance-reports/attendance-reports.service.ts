import { and, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/sqlite-core';
import { reportCsv } from '#core/attendance/report-csv.ts';
import type { ReportCsvQueryInput, ReportQueryInput } from '#core/attendance/report-query.ts';
import { attendanceReport, type AttendanceReport, type ReportClass } from '#core/attendance/reports.ts';
import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone } from '#core/time-zone.ts';
import { profileName } from '#core/users/person-name.ts';
import { attendanceEvents, classes, classSessions, sessionBookings, SETTINGS_ID, siteSettings, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';

const DAY_MS = 86_400_000;

/**
 * The range's sessions, bookings, ledger events and people in one round trip. The zone is read in the
 * same batch, so the window is the range's UTC days widened by a day each side (no zone is further
 * from UTC than that) and the report keeps only the sessions of the range on the school's clock.
 */
async function readRange(ctx: ServiceCtx, q: ReportQueryInput) {
  const { db } = ctx;
  const window = and(
    gte(classSessions.startsAt, new Date(Date.parse(`${q.from}T00:00:00Z`) - DAY_MS)),
    lt(classSessions.startsAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 2 * DAY_MS)),
    eq(classSessions.status, 'scheduled'),
    q.classId ? eq(classSessions.classId, q.classId) : undefined,
  ) as SQL;
  const sessionIds = db.select({ id: classSessions.id }).from(classSessions).where(window);
  // Expected places, and the cancels that came too late; waitlisted and timely cancels count for nothing.
  const bookingWhere = and(
    inArray(sessionBookings.sessionId, sessionIds),
    or(eq(sessionBookings.status, 'booked'), and(eq(sessionBookings.status, 'cancelled'), eq(sessionBookings.lateCancel, true))),
  ) as SQL;
  const eventWhere = inArray(attendanceEvents.sessionId, sessionIds);
  const [settings, sessions, bookings, events, people] = await batch(db, [
    db.select({ zone: siteSettings.timeZone }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)),
    db
      .select({
        id: classSessions.id,
        classId: classSessions.classId,
        title: classSessions.title,
        classTitle: classes.title,
        dayOfWeek: classes.dayOfWeek,
        startTime: classes.startTime,
        startsAt: classSessions.startsAt,
        endsAt: classSessions.endsAt,
      })
      .from(classSessions)
      .leftJoin(classes, eq(classes.id, classSessions.classId))
      .where(window),
    db
      .select({
        sessionId: sessionBookings.sessionId,
        userId: sessionBookings.userId,
        status: sessionBookings.status,
        lateCancel: sessionBookings.lateCancel,
      })
      .from(sessionBookings)
      .where(bookingWhere),
    db
      .select({
        sessionId: attendanceEvents.sessionId,
        userId: attendanceEvents.userId,
        kind: attendanceEvents.kind,
        method: attendanceEvents.method,
        recordedAt: attendanceEvents.recordedAt,
        receivedAt: attendanceEvents.receivedAt,
      })
      .from(attendanceEvents)
      .where(eventWhere),
    db
      .select({ id: users.id, profile: users.profile, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          union(
            db.select({ id: sessionBookings.userId }).from(sessionBookings).where(bookingWhere),
            db.select({ id: attendanceEvents.userId }).from(attendanceEvents).where(eventWhere),
          ),
        ),
      ),
  ]);
  const zone = settings[0] && isTimeZone(settings[0].zone) ? settings[0].zone : DEFAULT_SCHOOL_TIME_ZONE;
  return { zone, sessions, bookings, events, people };
}

/** GET /api/attendance/reports: per class, per student, the no-shows and the weekly series of a range of school days. */
export async function attendanceReports(
  ctx: ServiceCtx,
  q: ReportQueryInput,
  nowMs = Date.now(),
): Promise<{ report: AttendanceReport; zone: string }> {
  signedIn(ctx);
  const { zone, sessions, bookings, events, people } = await readRange(ctx, q);
  const classInfo = new Map<string, ReportClass>();
  for (const s of sessions)
    if (s.classId && s.classTitle !== null && s.dayOfWeek !== null && s.startTime !== null)
      classInfo.set(s.classId, { title: s.classTitle, dayOfWeek: s.dayOfWeek, startTime: s.startTime });
  const report = attendanceReport({
    sessions,
    bookings,
    events,
    names: new Map(people.map((p) => [p.id, profileName(p.profile, p.email?.split('@')[0] ?? '')])),
    classes: classInfo,
    from: q.from,
    to: q.to,
    zone,
    nowMs,
  });
  return { report, zone };
}

/** GET /api/attendance/reports.csv: one report of the set as a CSV file. */
export async function attendanceReportCsv(ctx: ServiceCtx, q: ReportCsvQueryInput, nowMs = Date.now()): Promise<string> {
  const { report, zone } = await attendanceReports(ctx, q, nowMs);
  return reportCsv(report, q.report, zone);
}
