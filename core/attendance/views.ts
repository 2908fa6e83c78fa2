import { z } from 'zod';
import type { StatusCounts } from '#core/attendance/effective.ts';
import type { AttendanceKind, AttendanceMethod, AttendanceOutcome } from '#core/attendance/kinds.ts';
import { forQuery } from '#core/family/acting-for.ts';
import { firstOf, isBlank, isoDateTime } from '#core/fields.ts';

/** What the attendance API answers (issue 24 §3; shapes agreed in API-24.md) and the queries it reads. */

export type EffectiveKind = Exclude<AttendanceKind, 'void'>;

export type EventResultView = { id: string; outcome: AttendanceOutcome; reason?: string };

/** One person on a session's roster: booked, waitlisted or a walk-in, with the status the ledger leaves. */
export type RosterAttendeeView = {
  userId: string;
  name: string;
  firstName: string;
  lastInitial: string;
  booking: { _id: string; status: 'booked' | 'waitlisted'; waitlistPosition: number | null } | null;
  status: EffectiveKind | null;
  walkIn: boolean;
  needsReview: boolean;
  lastMethod: AttendanceMethod | null;
  lastRecordedAt: string | null;
};

export type RosterCounts = { booked: number; waitlisted: number; walkIns: number } & Record<EffectiveKind, number>;

export type HistoryEventView = {
  _id: string;
  sessionId: string;
  userId: string;
  name: string;
  kind: AttendanceKind;
  method: AttendanceMethod;
  recordedAt: string;
  receivedAt: string;
  recordedBy: string | null;
  recordedByName: string | null;
  kioskDeviceId: string | null;
  kioskDeviceName: string | null;
  idempotencyKey: string | null;
  needsReview: boolean;
};

export type PersonView = { _id: string; name: string; mayTrain: boolean };

/** One attended (or excused, or marked absent) session of a person. `classId` is null for a one-off session. */
export type AttendanceRowView = {
  sessionId: string;
  classId: string | null;
  title: string;
  startsAt: string;
  status: EffectiveKind;
  method: AttendanceMethod;
};

/** Counts keyed by class id (ONE_OFF_KEY for sessions of no class) and by month (`YYYY-MM` in the school's zone). */
export type PersonAttendanceView = {
  rows: AttendanceRowView[];
  counts: { byClass: Record<string, StatusCounts>; byMonth: Record<string, StatusCounts> };
  classes: Record<string, string>;
  from: string;
  to: string;
  timeZone: string;
};

export const ONE_OFF_KEY = 'one-off';
export const ONE_OFF_TITLE = 'One-off sessions';

export const ATTENDANCE_READ_MESSAGES = {
  sessionIdRequired: 'sessionId is required',
  rangeOrder: 'from must be before to',
  rangeTooLong: 'The date range may span at most 3 years',
  notYourSession: 'Only the instructor of this session or an admin may see its attendance',
  sessionNotFound: 'Session not found',
  userNotFound: 'User not found',
} as const;

const optional = <T extends z.ZodType>(schema: T) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), schema.optional()));

export const MAX_RANGE_MS = 3 * 366 * 86_400_000;

/** `?from&to` of a person's attendance: sessions starting in [from, to). */
const range = { from: optional(isoDateTime('from')), to: optional(isoDateTime('to')) };
const inRange = <T extends z.ZodType<{ from?: Date; to?: Date }>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from < q.to, { message: ATTENDANCE_READ_MESSAGES.rangeOrder, path: ['from'] })
    .refine((q) => !q.from || !q.to || q.to.getTime() - q.from.getTime() <= MAX_RANGE_MS, {
      message: ATTENDANCE_READ_MESSAGES.rangeTooLong,
      path: ['to'],
    });
export const AttendanceRangeQuery = inRange(z.object(range));
export type AttendanceRangeInput = z.output<typeof AttendanceRangeQuery>;
/** GET /api/attendance/my?for=<childId>: a guardian reads their child's (issue 26). */
export const MyAttendanceQuery = inRange(z.object({ ...range, ...forQuery }));
export type MyAttendanceInput = z.output<typeof MyAttendanceQuery>;

export const HistoryQuery = z.object({
  sessionId: firstOf(
    z
      .string({ error: ATTENDANCE_READ_MESSAGES.sessionIdRequired })
      .trim()
      .min(1, ATTENDANCE_READ_MESSAGES.sessionIdRequired)
      .max(64, 'sessionId must be at most 64 characters'),
  ),
});

export const PeopleQuery = z.object({
  search: optional(z.string().trim().max(100, 'Search term must be at most 100 characters')),
});

export const IDEMPOTENCY_KEY_MAX = 200;
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters`;
/** The optional `Idempotency-Key` header: kept on the rows for audit (each event's own id is what dedupes). */
export const IdempotencyKeyHeader = z
  .string()
  .trim()
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), IDEMPOTENCY_KEY_INVALID)
  .optional();
