import type { AttendanceMethod } from '#core/attendance/events.ts';
import type { EffectiveKind } from '#core/attendance/views.ts';
import { profileName, type NamedProfile } from '#core/users/person-name.ts';
import type { ClassSessionRow } from '#db/schema/index.ts';

export const iso = (d: Date) => d.toISOString();

/** A person as a roster or a kiosk greets them: "Aiko Tanaka" → firstName "Aiko", lastInitial "T". */
export function personParts(profile: NamedProfile, email: string) {
  const name = profileName(profile, email);
  const first = profile?.firstName?.trim();
  const last = profile?.lastName?.trim();
  return { name, firstName: first || name, lastInitial: last ? last.charAt(0).toUpperCase() : '' };
}

export type RosterSessionRow = Pick<
  ClassSessionRow,
  | 'id'
  | 'classId'
  | 'kind'
  | 'title'
  | 'location'
  | 'startsAt'
  | 'endsAt'
  | 'instructorUserId'
  | 'capacity'
  | 'bookedCount'
  | 'waitlistCount'
  | 'status'
  | 'cancelReason'
> & { level: string | null; classInstructorName: string | null; instructorProfile: NamedProfile; instructorEmail: string | null };

/**
 * The agreed Session shape (API-24) for the roster's header. Local until the sessions feature's serializer
 * moves where features may share it (worker/lib); `myBooking` is always null here (staff read rosters).
 */
export function serializeRosterSession(s: RosterSessionRow) {
  const instructorName =
    s.classInstructorName?.trim() || (s.instructorEmail ? profileName(s.instructorProfile, s.instructorEmail) : null) || null;
  return {
    _id: s.id,
    classId: s.classId,
    kind: s.kind,
    title: s.title,
    location: s.location,
    level: s.level,
    startsAt: iso(s.startsAt),
    endsAt: iso(s.endsAt),
    instructorId: s.instructorUserId,
    instructorName,
    capacity: s.capacity,
    bookedCount: s.bookedCount,
    spotsLeft: s.capacity === null ? null : Math.max(0, s.capacity - s.bookedCount),
    waitlistCount: s.waitlistCount,
    status: s.status,
    cancelReason: s.cancelReason,
    myBooking: null,
  };
}

export type EffectiveOf = { kind: EffectiveKind; method: AttendanceMethod; recordedAt: Date };
