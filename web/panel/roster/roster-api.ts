import type { AttendanceKind } from '#core/attendance/kinds.ts';
import { schoolDay } from '#core/time-zone.ts';
import type { SessionView } from '#core/sessions/session-schemas.ts';
import { api } from '#web/lib/api.ts';

export type { SessionView };

export type RosterStatus = Exclude<AttendanceKind, 'void'>;

export type Attendee = {
  userId: string;
  name: string;
  firstName?: string;
  lastInitial?: string;
  booking: { _id: string; status: 'booked' | 'waitlisted'; waitlistPosition: number | null } | null;
  status: RosterStatus | null;
  walkIn: boolean;
  needsReview: boolean;
  lastMethod: string | null;
  lastRecordedAt: string | null;
};

export type Roster = {
  session: SessionView;
  attendees: Attendee[];
  counts: { booked: number; waitlisted: number; walkIns: number; present: number; late: number; excused: number; absent: number };
};

export type PersonHit = { _id: string; name: string; mayTrain: boolean };

/**
 * Today in the school's zone, from its midnight to the next: the same URL all day, so the service
 * worker's copy of the list answers a reload without a network.
 */
export function todayRange(zone: string, now = Date.now()): { from: string; to: string } {
  const day = schoolDay(now, zone);
  return { from: day.start.toISOString(), to: day.end.toISOString() };
}

/** Today's sessions: the instructor's own, or every session for the admin-capable (`instructorId` null). */
export async function readTodaySessions(zone: string, instructorId: string | null, signal?: AbortSignal): Promise<SessionView[]> {
  const body = await api<SessionView[]>('/sessions', {
    query: { ...todayRange(zone), instructorId, limit: 100 },
    signal,
    fallback: "Failed to fetch today's classes",
  });
  return Array.isArray(body.data) ? body.data : [];
}

export async function readRoster(sessionId: string, signal?: AbortSignal): Promise<Roster> {
  const body = await api<Roster>(`/sessions/${encodeURIComponent(sessionId)}/roster`, { signal, fallback: 'Failed to fetch the roster' });
  if (!body.data?.session || !Array.isArray(body.data.attendees)) throw new Error('Failed to fetch the roster');
  return body.data;
}

/** Walk-in search: at most 20 people by name or e-mail. */
export async function searchPeople(search: string, signal?: AbortSignal): Promise<PersonHit[]> {
  const body = await api<PersonHit[]>('/attendance/people', { query: { search }, signal, fallback: 'Failed to search people' });
  return Array.isArray(body.data) ? body.data : [];
}
