import { sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { MEETING_MESSAGES } from '#core/meetings/meeting-schemas.ts';
import { hasEnded, isJoinable } from '#core/meetings/meeting-time.ts';
import { meetingJoins, type MeetingRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { sqliteErrorCode } from '#worker/lib/db-errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { visibleMeeting } from './meetings.queries.ts';

function notJoinable(m: MeetingRow, now: number) {
  if (m.status === 'cancelled') return conflict(MEETING_MESSAGES.cancelled);
  if (hasEnded(m, now)) return conflict(MEETING_MESSAGES.ended);
  return conflict(MEETING_MESSAGES.notOpenYet);
}

/**
 * POST /api/zoom-meetings/:id/join: for a meeting the caller may see (404 otherwise) that is
 * joinable now (409 otherwise, saying why). Records the join (one row per user and meeting) and
 * answers the link and passcode.
 */
export async function joinMeeting(ctx: ServiceCtx, id: string) {
  const user = signedIn(ctx);
  const meeting = await visibleMeeting(ctx, user, id);
  const now = Date.now();
  if (!isJoinable(meeting, now)) throw notJoinable(meeting, now);
  const at = new Date(now);
  const join = await ctx.db
    .insert(meetingJoins)
    .values({ id: newId(now), meetingId: meeting.id, userId: user.id, joinedAt: at, lastJoinedAt: at })
    .onConflictDoUpdate({
      target: [meetingJoins.meetingId, meetingJoins.userId],
      // Never backwards: joins racing each other finish out of order, and the first one's time must not be the latest.
      set: { lastJoinedAt: sql`max(${meetingJoins.lastJoinedAt}, ${at.getTime()})`, joinCount: sql`${meetingJoins.joinCount} + 1` },
    })
    .returning()
    .get()
    .catch((err: unknown) => {
      // Deleted between the read and the insert: the meeting is gone, not a server fault.
      if (sqliteErrorCode(err)?.startsWith('SQLITE_CONSTRAINT')) throw notFound(MEETING_MESSAGES.notFound);
      throw err;
    });
  return {
    meetingId: meeting.id,
    joinUrl: meeting.joinUrl,
    password: meeting.password,
    joinedAt: join.joinedAt.toISOString(),
    lastJoinedAt: join.lastJoinedAt.toISOString(),
    joinCount: join.joinCount,
  };
}
