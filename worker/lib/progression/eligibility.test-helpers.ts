/** Attendance, dates and a round-trip counter for the progression tests (lib and features). */
import { env } from 'cloudflare:workers';
import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { newId } from '#core/ids.ts';
import { localDate } from '#core/time-zone.ts';
import { createDb } from '#db/client.ts';
import { attendanceEvents, sessionBookings } from '#db/schema/index.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { insertSession } from '#test/session-helpers.ts';
import { testDb } from '#test/helpers.ts';

const DAY = 86_400_000;

/** The school's calendar day `days` from today ('YYYY-MM-DD'). */
export async function schoolDayIn(days: number, nowMs = Date.now()): Promise<string> {
  const d = localDate(days, nowMs, await schoolTimeZone(testDb()));
  return `${d.y}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** A past session (`daysAgo` days before now, one hour) with one ledger event for `userId`, optionally booked. */
export async function attended(
  userId: string,
  opts: { daysAgo: number; classId?: string; kind?: AttendanceKind; method?: AttendanceMethod; booked?: boolean } = { daysAgo: 1 },
) {
  const startsAt = new Date(Date.now() - opts.daysAgo * DAY);
  const session = await insertSession({ startsAt, classId: opts.classId ?? null, kind: opts.classId ? 'regular' : 'one_off' });
  await recordEvent(session.id, userId, { kind: opts.kind ?? 'present', method: opts.method ?? 'roster', at: startsAt });
  if (opts.booked) await testDb().insert(sessionBookings).values({ id: newId(), sessionId: session.id, userId, status: 'booked' });
  return session;
}

export async function recordEvent(sessionId: string, userId: string, e: { kind: AttendanceKind; method: AttendanceMethod; at: Date }) {
  await testDb()
    .insert(attendanceEvents)
    .values({ id: crypto.randomUUID(), sessionId, userId, kind: e.kind, method: e.method, recordedAt: e.at, receivedAt: e.at });
}

/** A database client whose every HTTP request to the database (one round trip each) is counted. */
export function countingDb() {
  const counter = { requests: 0 };
  const db = createDb({
    url: (env as unknown as { LIBSQL_URL: string }).LIBSQL_URL,
    via: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        counter.requests += 1;
        return fetch(input, init);
      },
    },
  });
  return { db, counter };
}
