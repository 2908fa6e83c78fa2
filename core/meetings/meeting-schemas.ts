import { z } from 'zod';
import { firstOf, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { ROLES } from '#core/roles.ts';
import { atWallTime } from '#core/time-zone.ts';
import { MEETING_STATUSES } from './meeting-status.ts';
import { isTimeZone } from '#core/time-zone.ts';
import { DEFAULT_MEETING_TIME_ZONE, JOIN_WINDOW_MINUTES } from './meeting-time.ts';

export const MEETING_TARGET_ROLES = ['all', ...ROLES] as const;
export const MEETING_LIMITS = { topic: 200, description: 2000, password: 64, joinUrl: 2048, reason: 500, customMessage: 1000 };
export const MAX_DURATION_MINUTES = 24 * 60;
export const DEFAULT_DURATION_MINUTES = 60;

export const MEETING_MESSAGES = {
  bodyObject: 'Please send the meeting as a JSON object',
  topicRequired: 'Meeting topic is required',
  startRequired: 'Start time is required',
  startInvalid: 'Start time must be a valid date and time (e.g. 2026-12-01T18:30:00+05:30)',
  durationInvalid: `Duration must be a whole number of minutes between 1 and ${MAX_DURATION_MINUTES}`,
  timezoneInvalid: 'Invalid timezone',
  joinUrlInvalid: 'Meeting link must be a valid https:// address',
  joinUrlRequired: 'Meeting link is required: paste the https:// join link (Zoom is not connected)',
  targetRolesInvalid: `Target roles must be a list of: ${MEETING_TARGET_ROLES.join(', ')}`,
  audienceRequired: 'Choose at least one role, or invite people by name',
  targetUsersInvalid: 'Target users must be a list of user IDs',
  statusInvalid: `Status must be one of: ${MEETING_STATUSES.join(', ')}`,
  meetingIdRequired: 'Meeting ID is required',
  nothingToUpdate: 'Nothing to update: send at least one meeting field',
  notFound: 'Meeting not found',
  created: 'Meeting created successfully',
  updated: 'Meeting updated successfully',
  deleted: 'Meeting deleted successfully',
  statusChanged: 'Meeting status updated',
  joined: 'Joining meeting',
  notOpenYet: `This meeting opens for joining ${JOIN_WINDOW_MINUTES} minutes before it starts`,
  ended: 'This meeting has ended',
  cancelled: 'This meeting has been cancelled',
} as const;

const MIN_START = Date.UTC(2000, 0, 1);
const MAX_START = Date.UTC(2100, 0, 1);
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The start as an instant. A date-time without an offset ("2026-12-01T18:30", what a
 * datetime-local input sends) is read in the meeting's zone, not the server's.
 */
export function parseStartTime(raw: string | number, timeZone = DEFAULT_MEETING_TIME_ZONE): Date | null {
  const wall = typeof raw === 'string' ? WALL_TIME.exec(raw) : null;
  const d = wall ? atWallTime(+wall[1]!, +wall[2]!, +wall[3]!, +wall[4]!, +wall[5]!, timeZone) : new Date(raw);
  const t = d.getTime();
  return Number.isFinite(t) && t >= MIN_START && t < MAX_START ? d : null;
}

const startField = z.union([z.string().trim().min(1, MEETING_MESSAGES.startRequired).max(64, MEETING_MESSAGES.startInvalid), z.number()], {
  error: MEETING_MESSAGES.startRequired,
});
const durationField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d{1,5}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MEETING_MESSAGES.durationInvalid })
    .int(MEETING_MESSAGES.durationInvalid)
    .min(1, MEETING_MESSAGES.durationInvalid)
    .max(MAX_DURATION_MINUTES, MEETING_MESSAGES.durationInvalid),
);
const timezoneField = z
  .string({ error: MEETING_MESSAGES.timezoneInvalid })
  .trim()
  .max(64, MEETING_MESSAGES.timezoneInvalid)
  .refine(isTimeZone, MEETING_MESSAGES.timezoneInvalid);

const isHttpsUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && !!u.hostname;
  } catch {
    return false;
  }
};
/** Only https links: a javascript: or http: link would reach every student's join button. Blank means none. */
const joinUrlField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: MEETING_MESSAGES.joinUrlInvalid })
    .trim()
    .max(MEETING_LIMITS.joinUrl, MEETING_MESSAGES.joinUrlInvalid)
    .refine(isHttpsUrl, MEETING_MESSAGES.joinUrlInvalid)
    .nullable(),
);
const targetRolesField = z
  .array(z.enum(MEETING_TARGET_ROLES, { error: MEETING_MESSAGES.targetRolesInvalid }), { error: MEETING_MESSAGES.targetRolesInvalid })
  .max(MEETING_TARGET_ROLES.length * 2, MEETING_MESSAGES.targetRolesInvalid)
  .transform((v) => [...new Set(v)]);
const targetUsersField = z
  .array(
    z
      .string({ error: MEETING_MESSAGES.targetUsersInvalid })
      .trim()
      .min(1, MEETING_MESSAGES.targetUsersInvalid)
      .max(64, MEETING_MESSAGES.targetUsersInvalid),
    {
      error: MEETING_MESSAGES.targetUsersInvalid,
    },
  )
  .max(1000, 'At most 1000 target users per meeting')
  .transform((v) => [...new Set(v)]);

/** Every editable field, all optional; `title` and `durationMinutes` are accepted as other names for `topic` and `duration`. */
const fields = {
  topic: text('Meeting topic', MEETING_LIMITS.topic).optional(),
  title: text('Meeting topic', MEETING_LIMITS.topic).optional(),
  description: text('Description', MEETING_LIMITS.description).nullable().optional(),
  startTime: startField.optional(),
  duration: durationField.optional(),
  durationMinutes: durationField.optional(),
  timezone: timezoneField.optional(),
  joinUrl: joinUrlField.optional(),
  password: text('Meeting password', MEETING_LIMITS.password).nullable().optional(),
  targetRoles: targetRolesField.optional(),
  targetUsers: targetUsersField.optional(),
};

type RawFields = z.output<z.ZodObject<typeof fields>>;

/** The stored shape of what was sent; start times resolved in the zone sent (or `zoneFallback`). */
function normalise(v: RawFields, ctx: z.RefinementCtx, zoneFallback: string | undefined) {
  const topic = v.topic || v.title || undefined;
  let startTime: Date | undefined;
  if (v.startTime !== undefined) {
    const parsed = parseStartTime(v.startTime, v.timezone ?? zoneFallback);
    if (!parsed) ctx.addIssue({ code: 'custom', path: ['startTime'], message: MEETING_MESSAGES.startInvalid });
    else startTime = parsed;
  }
  return {
    topic,
    description: v.description === undefined ? undefined : (v.description ?? ''),
    startTime,
    durationMinutes: v.duration ?? v.durationMinutes,
    timezone: v.timezone,
    joinUrl: v.joinUrl,
    password: v.password === undefined ? undefined : v.password || null,
    targetRoles: v.targetRoles,
    targetUsers: v.targetUsers,
  };
}

/**
 * POST /api/zoom-meetings. The link may be left out only when the Zoom adapter is configured (checked by the service).
 * Without a `timezone` the meeting takes the school's (settings), which only the service knows: it re-reads
 * `rawStart` in that zone; `startTime` here is read in the column's default zone for the checks alone.
 */
export const CreateMeetingSchema = z.object(fields, { error: MEETING_MESSAGES.bodyObject }).transform((v, ctx) => {
  if (!(v.topic || v.title)) ctx.addIssue({ code: 'custom', path: ['topic'], message: MEETING_MESSAGES.topicRequired });
  if (v.startTime === undefined) ctx.addIssue({ code: 'custom', path: ['startTime'], message: MEETING_MESSAGES.startRequired });
  // No roles is a meeting for the people named in targetUsers only; it must reach someone.
  if (v.targetRoles?.length === 0 && !v.targetUsers?.length)
    ctx.addIssue({ code: 'custom', path: ['targetRoles'], message: MEETING_MESSAGES.audienceRequired });
  const n = normalise(v, ctx, DEFAULT_MEETING_TIME_ZONE);
  return {
    ...n,
    topic: n.topic ?? '',
    description: n.description ?? '',
    startTime: n.startTime ?? new Date(0),
    durationMinutes: n.durationMinutes ?? DEFAULT_DURATION_MINUTES,
    timezone: n.timezone,
    rawStart: v.startTime ?? '',
    joinUrl: n.joinUrl ?? null,
    password: n.password ?? null,
    targetRoles: n.targetRoles ?? ['all'],
    targetUsers: n.targetUsers ?? [],
  };
});
export type CreateMeetingInput = z.output<typeof CreateMeetingSchema>;

/**
 * PATCH /api/zoom-meetings/:id. Status, counters and ids are not fields here (they are dropped):
 * status moves through its own call. A start time without an offset is read in the zone sent, else
 * the stored zone: the service re-reads `rawStart` with `parseStartTime`.
 */
export const UpdateMeetingSchema = z.object(fields, { error: MEETING_MESSAGES.bodyObject }).transform((v, ctx) => {
  if ((v.topic !== undefined || v.title !== undefined) && !(v.topic || v.title))
    ctx.addIssue({ code: 'custom', path: ['topic'], message: MEETING_MESSAGES.topicRequired });
  // Both sent and both empty; one of them emptied against the stored other is checked by the UPDATE itself.
  if (v.targetRoles?.length === 0 && v.targetUsers?.length === 0)
    ctx.addIssue({ code: 'custom', path: ['targetRoles'], message: MEETING_MESSAGES.audienceRequired });
  const n = normalise(v, ctx, undefined);
  const out = Object.fromEntries(Object.entries({ ...n, rawStart: v.startTime }).filter(([, x]) => x !== undefined)) as Partial<
    ReturnType<typeof normalise> & { rawStart: string | number }
  >;
  if (Object.keys(out).length === 0) ctx.addIssue({ code: 'custom', path: [], message: MEETING_MESSAGES.nothingToUpdate });
  return out;
});
export type UpdateMeetingInput = z.output<typeof UpdateMeetingSchema>;

export const MeetingStatusSchema = z.object(
  {
    status: z.enum(MEETING_STATUSES, { error: MEETING_MESSAGES.statusInvalid }),
    reason: z.preprocess((v) => (v === null ? undefined : v), text('Reason', MEETING_LIMITS.reason).optional()),
  },
  { error: 'Please send a JSON object with status and an optional reason' },
);
export type MeetingStatusInput = z.output<typeof MeetingStatusSchema>;

export const ShareMeetingSchema = z.object(
  {
    meetingId: z
      .string({ error: MEETING_MESSAGES.meetingIdRequired })
      .trim()
      .min(1, MEETING_MESSAGES.meetingIdRequired)
      .max(64, MEETING_MESSAGES.meetingIdRequired),
    customMessage: z.preprocess((v) => (v === null ? undefined : v), text('Custom message', MEETING_LIMITS.customMessage).optional()),
  },
  { error: MEETING_MESSAGES.meetingIdRequired },
);
export type ShareMeetingInput = z.output<typeof ShareMeetingSchema>;

/** GET /api/zoom-meetings: page and limit (20, at most 100) and an optional status filter. */
export const ListMeetingsQuery = pagingQuery(20, 100).extend({
  status: firstOf(z.enum(MEETING_STATUSES, { error: MEETING_MESSAGES.statusInvalid }).optional()),
});
export type ListMeetingsQueryInput = z.output<typeof ListMeetingsQuery>;
