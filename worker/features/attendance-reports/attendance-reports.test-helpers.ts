import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { newId } from '#core/ids.ts';
import { atWallTime } from '#core/time-zone.ts';
import { attendanceEvents, sessionBookings } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';

const MIN = 60_000;

/** The instant of a wall-clock time ('2026-03-02 18:00') on the school's clock. */
export function at(wall: string, zone: string): Date {
  const [y, m, d, hh, mm] = wall.split(/[- :]/).map(Number) as [number, number, number, number, number];
  return atWallTime(y, m, d, hh, mm, zone);
}

/** A booking row as the bookings feature leaves it. */
export async function book(
  sessionId: string,
  userId: string,
  status: 'booked' | 'waitlisted' | 'cancelled' = 'booked',
  lateCancel = false,
) {
  await testDb()
    .insert(sessionBookings)
    .values({ id: newId(), sessionId, userId, status, lateCancel, cancelledAt: status === 'cancelled' ? new Date() : null });
}

/** One ledger event, recorded `minutes` after the session's start. */
export async function mark(
  session: { id: string; startsAt: Date },
  userId: string,
  kind: AttendanceKind,
  method: AttendanceMethod,
  minutes = 0,
) {
  await testDb()
    .insert(attendanceEvents)
    .values({
      id: crypto.randomUUID(),
      sessionId: session.id,
      userId,
      kind,
      method,
      recordedAt: new Date(session.startsAt.getTime() + minutes * MIN),
    });
}
