import { z } from 'zod';
import { blankTo, firstOf, isBlank, optionalText, optionalWholeNumber, requiredText, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { atWallTime } from '#core/time-zone.ts';

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const SESSION_KINDS = ['regular', 'one_off'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** How far ahead the scheduled job keeps every active class's sessions (issue 24 §1). */
export const GENERATE_WEEKS = 8;
/** GET /api/sessions: 100 a page, at most 500 (a busy school's week). */
export const SESSION_PAGE = { limit: 100, max: 500 };
/** The default window of GET /api/sessions: from now, 7 days. */
export const DEFAULT_WINDOW_MS = 7 * 86_400_000;
/** The longest window one list may ask for (a quarter is plenty for a calendar or a report). */
export const MAX_WINDOW_MS = 366 * 86_400_000;
/** The longest a single session may last. */
export const MAX_SESSION_MS = 24 * 3_600_000;

export const SESSION_MESSAGES = {
  bodyObject: 'Please send the session as a JSON object',
  notFound: 'Session not found',
  classNotFound: 'Class not found',
  titleRequired: 'title is required unless classId is given',
  startsAtRequired: 'startsAt is required',
  endsAtRequired: 'endsAt is required',
  startsAtInvalid: 'startsAt must be a valid date and time (e.g. 2026-12-01T18:30:00-08:00)',
  endsAtInvalid: 'endsAt must be a valid date and time (e.g. 2026-12-01T19:30:00-08:00)',
  fromInvalid: 'from must be a valid date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z)',
  toInvalid: 'to must be a valid date and time (ISO 8601, e.g. 2026-12-08T00:00:00Z)',
  toAfterFrom: 'to must be after from',
  windowTooLong: 'from and to may be at most 366 days apart',
  endAfterStart: 'endsAt must be after startsAt',
  tooLong: 'A session may last at most 24 hours',
  instructor: 'instructorId must be an instructor',
  capacityBelowBooked: 'Capacity cannot be below the number already booked',
  reasonRequired: 'reason is required',
  statusInvalid: `status must be one of: ${SESSION_STATUSES.join(', ')}`,
  alreadyCancelled: 'This session has been cancelled',
  duplicate: 'A session of this class already starts at that time',
  nothingToUpdate: 'Nothing to update',
  created: 'Session created',
  updated: 'Session updated',
  cancelled: 'Session cancelled',
  generated: 'Sessions generated',
} as const;

const OFFSET = /(Z|[+-]\d{2}:\d{2})$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/i;
const MIN_MS = Date.UTC(2000, 0, 1);
const MAX_MS = Date.UTC(2101, 0, 1);

/**
 * A session's start or end as an instant. An ISO date-time with an offset is that instant; one without
 * ("2026-12-01T18:30", what a datetime-local input sends) is read on the school's clock, never the server's.
 * Null for anything else, including days that do not exist (2026-02-30).
 */
export function parseSessionTime(raw: string, zone: string): Date | null {
  const m = DATE_TIME.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return null;
  const at = m[7] ? new Date(raw.trim()) : atWallTime(y, mo, d, h, mi, zone);
  const ms = at.getTime();
  return Number.isFinite(ms) && ms >= MIN_MS && ms < MAX_MS ? at : null;
}

/** Whether the text names its own offset (else the school's zone is needed to read it). */
export const hasOffset = (raw: string) => OFFSET.test(raw.trim());

/** The raw text, checked with UTC as a stand-in zone; the service reads it with the school's. */
const timeField = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40, invalid)
    .refine((v) => parseSessionTime(v, 'UTC') !== null, invalid);

const instructorIdField = z.preprocess(
  blankTo(null),
  z.string({ error: SESSION_MESSAGES.instructor }).trim().min(1).max(64, SESSION_MESSAGES.instructor).nullable().optional(),
);

const editable = {
  title: optionalText('title', 200),
  startsAt: timeField(SESSION_MESSAGES.startsAtRequired, SESSION_MESSAGES.startsAtInvalid).optional(),
  endsAt: timeField(SESSION_MESSAGES.endsAtRequired, SESSION_MESSAGES.endsAtInvalid).optional(),
  instructorId: instructorIdField,
  capacity: optionalWholeNumber('capacity', 1, 10_000),
  location: optionalText('location', 200),
};

/** POST /api/sessions: a one-off session, of a class (its title, place, capacity and instructor by default) or on its own. */
export const CreateSessionSchema = z
  .object(
    {
      ...editable,
      classId: z.preprocess(blankTo(undefined), z.string({ error: SESSION_MESSAGES.classNotFound }).trim().max(64).optional()),
      startsAt: timeField(SESSION_MESSAGES.startsAtRequired, SESSION_MESSAGES.startsAtInvalid),
      endsAt: timeField(SESSION_MESSAGES.endsAtRequired, SESSION_MESSAGES.endsAtInvalid),
    },
    { error: SESSION_MESSAGES.bodyObject },
  )
  .superRefine((v, ctx) => {
    if (!v.classId && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: SESSION_MESSAGES.titleRequired });
  });
export type CreateSessionInput = z.output<typeof CreateSessionSchema>;

/** PATCH /api/sessions/:id: any of the fields; a title cannot be cleared. */
export const UpdateSessionSchema = z.object(
  { ...editable, title: z.preprocess(blankTo(undefined), requiredText('title', 200).optional()) },
  { error: SESSION_MESSAGES.bodyObject },
);
export type UpdateSessionInput = z.output<typeof UpdateSessionSchema>;

export const CancelSessionSchema = z.object(
  { reason: requiredText('reason', 500, { required: SESSION_MESSAGES.reasonRequired }) },
  { error: SESSION_MESSAGES.bodyObject },
);

/** An instant of the list's window: ISO 8601 with an offset (a date alone is UTC midnight). */
const windowParam = (message: string) =>
  firstOf(
    z.preprocess(
      (v) => (v === undefined || isBlank(v) ? undefined : v),
      z
        .string({ error: message })
        .trim()
        .max(40, message)
        .transform((s, ctx) => {
          const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(s);
          const at = parseSessionTime(dateOnly ? `${s}T00:00Z` : s, 'UTC');
          if (!at) {
            ctx.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          return at;
        })
        .optional(),
    ),
  );

const idParam = (label: string) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), text(label, 64).optional()));

/** GET /api/sessions: from (default now), to (default from + 7 days), classId, instructorId, status, page, limit. */
export const ListSessionsQuery = pagingQuery(SESSION_PAGE.limit, SESSION_PAGE.max)
  .extend({
    from: windowParam(SESSION_MESSAGES.fromInvalid),
    to: windowParam(SESSION_MESSAGES.toInvalid),
    classId: idParam('classId'),
    instructorId: idParam('instructorId'),
    status: firstOf(
      z.preprocess(
        (v) => (v === undefined || isBlank(v) ? undefined : v),
        z.enum(SESSION_STATUSES, { error: SESSION_MESSAGES.statusInvalid }).optional(),
      ),
    ),
  })
  .transform((q, ctx) => {
    const from = q.from ?? new Date();
    const to = q.to ?? new Date(from.getTime() + DEFAULT_WINDOW_MS);
    if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: SESSION_MESSAGES.toAfterFrom });
    else if (to.getTime() - from.getTime() > MAX_WINDOW_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SESSION_MESSAGES.windowTooLong });
    return { ...q, from, to };
  });
export type ListSessionsQueryInput = z.output<typeof ListSessionsQuery>;

/** The API's view of a session (worker/lib/sessions/view.ts serializes it; the panels read it). */
export type SessionView = {
  _id: string;
  classId: string | null;
  kind: SessionKind;
  title: string;
  location: string | null;
  level: string | null;
  startsAt: string;
  endsAt: string;
  instructorId: string | null;
  instructorName: string | null;
  capacity: number | null;
  bookedCount: number;
  spotsLeft: number | null;
  waitlistCount: number;
  status: SessionStatus;
  cancelReason: string | null;
  myBooking: { _id: string; status: 'booked' | 'waitlisted'; waitlistPosition: number | null } | null;
};

/** What the generator and a class edit did to the sessions (kept: booked future sessions left alone). */
export type SessionChanges = {
  created: number;
  updated: number;
  kept: { _id: string; startsAt: string; bookedCount: number }[];
  removed: number;
};
