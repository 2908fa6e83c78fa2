import { and, asc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { effectiveEvent } from '#core/attendance/effective.ts';
import {
  ATTENDANCE_READ_MESSAGES as M,
  type EffectiveKind,
  type HistoryEventView,
  type RosterAttendeeView,
  type RosterCounts,
} from '#core/attendance/views.ts';
import { isAdminCapable } from '#core/roles.ts';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { attendanceEvents, classSessions, kioskDevices, sessionBookings, users } from '#db/schema/index.ts';
import { forbidden, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { BOOKING_ARRIVAL_ORDER, serializeSession, sessionViewQuery, waitlistPositionSql } from '#worker/lib/sessions/view.ts';
import { batch } from '#worker/lib/sql.ts';
import { iso, personParts } from './attendance.serialize.ts';

const recorder = alias(users, 'recorder');

/** The session's instructor and admin-capable people see its attendance; 404 before 403 says nothing a 403 would not. */
function mayReadSession(ctx: ServiceCtx, session: { instructorUserId: string | null } | undefined) {
  const me = signedIn(ctx);
  if (!session) throw notFound(M.sessionNotFound);
  if (!isAdminCapable(me.role) && session.instructorUserId !== me.id) throw forbidden(M.notYourSession);
}

const eventsOf = (db: Db, sessionId: string) =>
  db
    .select({
      id: attendanceEvents.id,
      userId: attendanceEvents.userId,
      kind: attendanceEvents.kind,
      method: attendanceEvents.method,
      recordedAt: attendanceEvents.recordedAt,
      receivedAt: attendanceEvents.receivedAt,
      recordedBy: attendanceEvents.recordedBy,
      kioskDeviceId: attendanceEvents.kioskDeviceId,
      kioskDeviceName: kioskDevices.name,
      idempotencyKey: attendanceEvents.idempotencyKey,
      needsReview: attendanceEvents.needsReview,
      profile: users.profile,
      email: users.email,
      recorderProfile: recorder.profile,
      recorderEmail: recorder.email,
    })
    .from(attendanceEvents)
    .innerJoin(users, eq(users.id, attendanceEvents.userId))
    .leftJoin(recorder, eq(recorder.id, attendanceEvents.recordedBy))
    .leftJoin(kioskDevices, eq(kioskDevices.id, attendanceEvents.kioskDeviceId))
    .where(eq(attendanceEvents.sessionId, sessionId))
    .orderBy(asc(attendanceEvents.recordedAt), asc(attendanceEvents.receivedAt), asc(attendanceEvents.id));

type EventRow = Awaited<ReturnType<typeof eventsOf>>[number];

/**
 * GET /api/sessions/:id/roster: everyone booked or waitlisted (in booking order) and every walk-in (an
 * event without a live booking), each with the status the ledger leaves; one round trip.
 */
export async function sessionRoster(ctx: ServiceCtx, sessionId: string) {
  const [[session], bookings, events] = await batch(ctx.db, [
    sessionViewQuery(ctx.db, sessionId, null),
    ctx.db
      .select({
        id: sessionBookings.id,
        userId: sessionBookings.userId,
        status: sessionBookings.status,
        waitlistPosition: waitlistPositionSql(),
        profile: users.profile,
        email: users.email,
      })
      .from(sessionBookings)
      .innerJoin(users, eq(users.id, sessionBookings.userId))
      .where(and(eq(sessionBookings.sessionId, sessionId), ne(sessionBookings.status, 'cancelled')))
      .orderBy(...BOOKING_ARRIVAL_ORDER),
    eventsOf(ctx.db, sessionId),
  ]);
  mayReadSession(ctx, session);

  const eventsByUser = new Map<string, EventRow[]>();
  for (const e of events) eventsByUser.set(e.userId, [...(eventsByUser.get(e.userId) ?? []), e]);
  const attendee = (
    userId: string,
    person: { profile: EventRow['profile']; email: string },
    booking: RosterAttendeeView['booking'],
  ): RosterAttendeeView => {
    const decided = effectiveEvent(eventsByUser.get(userId) ?? []);
    return {
      userId,
      ...personParts(person.profile, person.email),
      booking,
      status: (decided?.kind as EffectiveKind | undefined) ?? null,
      walkIn: !booking,
      needsReview: decided?.needsReview ?? false,
      lastMethod: decided?.method ?? null,
      lastRecordedAt: decided ? iso(decided.recordedAt) : null,
    };
  };

  const booked = new Set<string>();
  const attendees = bookings.map((b) => {
    booked.add(b.userId);
    const status = b.status === 'waitlisted' ? 'waitlisted' : 'booked';
    return attendee(b.userId, b, { _id: b.id, status, waitlistPosition: status === 'waitlisted' ? b.waitlistPosition : null });
  });
  const walkIns = [...eventsByUser.entries()]
    .filter(([userId]) => !booked.has(userId))
    .map(([userId, [first]]) => attendee(userId, first!, null))
    .sort((a, b) => a.name.localeCompare(b.name));
  const all = [
    ...attendees.filter((a) => a.booking?.status === 'booked'),
    ...walkIns,
    ...attendees.filter((a) => a.booking?.status === 'waitlisted'),
  ];

  const counts: RosterCounts = { booked: 0, waitlisted: 0, walkIns: walkIns.length, present: 0, late: 0, excused: 0, absent: 0 };
  for (const a of all) {
    if (a.booking) counts[a.booking.status] += 1;
    if (a.status) counts[a.status] += 1;
  }
  return { session: serializeSession(session!), attendees: all, counts };
}

/** GET /api/attendance/history?sessionId=: every event of the session as received, oldest first. */
export async function sessionHistory(ctx: ServiceCtx, sessionId: string): Promise<HistoryEventView[]> {
  const [[session], events] = await batch(ctx.db, [
    ctx.db.select({ instructorUserId: classSessions.instructorUserId }).from(classSessions).where(eq(classSessions.id, sessionId)),
    eventsOf(ctx.db, sessionId),
  ]);
  mayReadSession(ctx, session);
  return events.map((e) => ({
    _id: e.id,
    sessionId,
    userId: e.userId,
    name: profileName(e.profile, e.email),
    kind: e.kind,
    method: e.method,
    recordedAt: iso(e.recordedAt),
    receivedAt: iso(e.receivedAt),
    recordedBy: e.recordedBy,
    recordedByName: e.recorderEmail ? profileName(e.recorderProfile, e.recorderEmail) : null,
    kioskDeviceId: e.kioskDeviceId,
    kioskDeviceName: e.kioskDeviceName,
    idempotencyKey: e.idempotencyKey,
    needsReview: e.needsReview,
  }));
}
