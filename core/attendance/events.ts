import { z } from 'zod';
import { isoDateTime, requiredText } from '#core/fields.ts';
import { FUTURE_SKEW_MS, KINDS, MAX_AGE_MS, MAX_BATCH, METHODS } from './kinds.ts';

/** The attendance ledger's input (issue 24 §3): one event per tap, correction or kiosk scan. */

const MAX_ID_LENGTH = 64;

export const ATTENDANCE_MESSAGES = {
  bodyObject: 'Please send the attendance as a JSON object: { events: [...] }',
  eventObject: 'Each event must be a JSON object',
  eventsRequired: `events must be a list of 1 to ${MAX_BATCH} attendance events`,
  tooMany: `events must hold at most ${MAX_BATCH} attendance events at a time`,
  idRequired: 'id is required',
  idInvalid: 'id must be a UUID',
  recordedAtRequired: 'recordedAt is required',
  recordedAtInvalid: 'recordedAt must be an ISO 8601 date-time (e.g. 2026-05-01T18:00:00Z)',
  kindInvalid: `kind must be one of: ${KINDS.join(', ')}`,
  methodInvalid: `method must be one of: ${METHODS.join(', ')}`,
  unknownSession: 'Unknown session',
  sessionCancelled: 'Session cancelled',
  tooFarAhead: 'Recorded more than 10 minutes in the future',
  tooOld: 'Recorded more than 14 days ago',
} as const;
const M = ATTENDANCE_MESSAGES;

const requiredOr = (required: string, invalid: string) => ({
  error: (iss: { input: unknown }) => (iss.input === undefined ? required : invalid),
});

// Lower-cased: the id is the idempotency key, and "ABC…" and "abc…" are one UUID.
const idField = z
  .string(requiredOr(M.idRequired, M.idInvalid))
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: M.idInvalid }));

const recordedAtField = z
  .string(requiredOr(M.recordedAtRequired, M.recordedAtInvalid))
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, M.recordedAtInvalid)
  .pipe(isoDateTime('recordedAt'));

export const AttendanceEventSchema = z.object(
  {
    id: idField,
    sessionId: requiredText('sessionId', MAX_ID_LENGTH),
    userId: requiredText('userId', MAX_ID_LENGTH),
    kind: z.enum(KINDS, requiredOr('kind is required', M.kindInvalid)),
    method: z.enum(METHODS, requiredOr('method is required', M.methodInvalid)),
    recordedAt: recordedAtField,
  },
  { error: M.eventObject },
);

export const AttendanceBatchSchema = z.object(
  {
    events: z.array(AttendanceEventSchema, { error: M.eventsRequired }).min(1, M.eventsRequired).max(MAX_BATCH, M.tooMany),
  },
  { error: M.bodyObject },
);

export type AttendanceEvent = z.infer<typeof AttendanceEventSchema>;

export type Screening = { ok: true } | { ok: false; reason: string };

/** The server's own checks of a well-formed event: its session must exist and run, its time be plausible. */
export function screenEvent(
  event: { recordedAt: Date },
  { nowMs, session }: { nowMs: number; session: { status: string } | null },
): Screening {
  if (!session) return { ok: false, reason: M.unknownSession };
  if (session.status === 'cancelled') return { ok: false, reason: M.sessionCancelled };
  const ageMs = nowMs - event.recordedAt.getTime();
  if (-ageMs > FUTURE_SKEW_MS) return { ok: false, reason: M.tooFarAhead };
  if (ageMs > MAX_AGE_MS) return { ok: false, reason: M.tooOld };
  return { ok: true };
}
