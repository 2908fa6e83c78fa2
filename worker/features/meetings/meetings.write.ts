import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import {
  MEETING_MESSAGES,
  parseStartTime,
  type CreateMeetingInput,
  type MeetingStatusInput,
  type UpdateMeetingInput,
} from '#core/meetings/meeting-schemas.ts';
import { MEETING_MOVES, meetingMoveRefusal } from '#core/meetings/meeting-status.ts';
import { meetings, type NewMeetingRow } from '#db/schema/index.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { meetingsProvider, type MeetingsProvider } from '#worker/lib/zoom.ts';
import { serializeMeeting } from './meetings.serialize.ts';

const linkRequired = () => badRequest(MEETING_MESSAGES.joinUrlRequired, [{ path: 'joinUrl', message: MEETING_MESSAGES.joinUrlRequired }]);

/**
 * POST /api/zoom-meetings. A pasted link wins; without one the meeting is made on Zoom when the
 * adapter is configured, and refused (400) when it is not. The caller hosts it.
 */
export async function createMeeting(
  ctx: ServiceCtx,
  input: CreateMeetingInput,
  provider: MeetingsProvider | null = meetingsProvider(ctx.config),
) {
  const user = signedIn(ctx);
  const timezone = input.timezone ?? (await schoolTimeZone(ctx.db));
  const startTime = input.timezone ? input.startTime : (parseStartTime(input.rawStart, timezone) ?? input.startTime);
  let { joinUrl, password } = input;
  let zoomMeetingId: string | null = null;
  if (!joinUrl) {
    if (!provider) throw linkRequired();
    const made = await provider.createMeeting({
      topic: input.topic,
      agenda: input.description,
      startTime,
      durationMinutes: input.durationMinutes,
      timezone,
      password,
    });
    joinUrl = made.joinUrl;
    password = made.password ?? password;
    zoomMeetingId = made.id;
  }
  const row = await ctx.db
    .insert(meetings)
    .values({
      id: newId(),
      topic: input.topic,
      description: input.description,
      startTime,
      durationMinutes: input.durationMinutes,
      timezone,
      joinUrl,
      password,
      hostId: user.id,
      targetRoles: input.targetRoles,
      targetUsers: input.targetUsers,
      zoomMeetingId,
      createdBy: user.id,
    })
    .returning()
    .get();
  return serializeMeeting(row, user);
}

/** PATCH /api/zoom-meetings/:id: the fields sent. A start without an offset is read in the meeting's (new or stored) zone. */
export async function updateMeeting(ctx: ServiceCtx, id: string, input: UpdateMeetingInput) {
  const user = signedIn(ctx);
  const { rawStart, ...fields } = input;
  if (fields.joinUrl === null) throw linkRequired();
  const set: Partial<NewMeetingRow> = { ...fields, joinUrl: fields.joinUrl ?? undefined, updatedAt: new Date() };
  if (rawStart !== undefined && fields.timezone === undefined) {
    const stored = await ctx.db.select({ timezone: meetings.timezone }).from(meetings).where(eq(meetings.id, id)).get();
    if (!stored) throw notFound(MEETING_MESSAGES.notFound);
    set.startTime = parseStartTime(rawStart, stored.timezone) ?? fields.startTime;
  }
  // Emptying one side of the audience needs the stored other side non-empty: checked in the same UPDATE.
  const keepsAudience =
    fields.targetRoles?.length === 0 && fields.targetUsers === undefined
      ? sql`json_array_length(${meetings.targetUsers}) > 0`
      : fields.targetUsers?.length === 0 && fields.targetRoles === undefined
        ? sql`json_array_length(${meetings.targetRoles}) > 0`
        : undefined;
  const row = await ctx.db
    .update(meetings)
    .set(set)
    .where(and(eq(meetings.id, id), keepsAudience))
    .returning()
    .get();
  if (!row) {
    const exists = keepsAudience && (await ctx.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, id)).get());
    throw exists ? badRequest(MEETING_MESSAGES.audienceRequired) : notFound(MEETING_MESSAGES.notFound);
  }
  return serializeMeeting(row, user);
}

export async function deleteMeeting(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(meetings).where(eq(meetings.id, id)).returning({ id: meetings.id }).get();
  if (!row) throw notFound(MEETING_MESSAGES.notFound);
  return { _id: row.id };
}

/** PATCH /api/zoom-meetings/:id/status: one conditional UPDATE along the allowed moves, so of two racing admins one wins and the other gets 409. */
export async function changeMeetingStatus(ctx: ServiceCtx, id: string, input: MeetingStatusInput) {
  const user = signedIn(ctx);
  const row = await ctx.db
    .update(meetings)
    .set({ status: input.status, statusReason: input.reason || null, updatedAt: new Date() })
    .where(and(eq(meetings.id, id), inArray(meetings.status, [...MEETING_MOVES[input.status]])))
    .returning()
    .get();
  if (row) return serializeMeeting(row, user);
  const current = await ctx.db.select({ status: meetings.status }).from(meetings).where(eq(meetings.id, id)).get();
  if (!current) throw notFound(MEETING_MESSAGES.notFound);
  throw conflict(meetingMoveRefusal(current.status, input.status));
}
