import { count, eq } from 'drizzle-orm';
import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { attendanceEvents } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';

export type EventInput = {
  id?: string;
  sessionId: string;
  userId: string;
  kind?: AttendanceKind;
  method?: AttendanceMethod;
  recordedAt?: string;
  minutesAgo?: number;
};

/** One event as a client sends it: a fresh UUID, present by the roster, recorded a minute ago unless told. */
export const ev = ({ minutesAgo = 1, ...e }: EventInput) => ({
  id: e.id ?? crypto.randomUUID(),
  kind: 'present' as AttendanceKind,
  method: 'roster' as AttendanceMethod,
  recordedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  ...e,
});

export const postEvents = (token: string, events: unknown[], headers: Record<string, string> = {}) =>
  api('/api/attendance/events', { method: 'POST', token, body: { events }, headers });

/** How many ledger rows a session holds (what "nothing written" asserts). */
export async function storedIn(sessionId: string): Promise<number> {
  const [row] = await testDb().select({ n: count() }).from(attendanceEvents).where(eq(attendanceEvents.sessionId, sessionId));
  return row?.n ?? 0;
}

export const outcomesOf = (body: { data: { results: { outcome: string }[] } }) => body.data.results.map((r) => r.outcome);
