import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { MEETING_MESSAGES, type ShareMeetingInput } from '#core/meetings/meeting-schemas.ts';
import { meetings, users, type MeetingRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import type { Role } from '#core/roles.ts';
import { meetingNotifier, type MeetingNotifier, type MeetingRecipient } from './meetings.notify.ts';
import { serializeMeeting } from './meetings.serialize.ts';

/** The active accounts a meeting targets: its roles ('all' = everyone) and its named users. */
async function recipientsOf(ctx: ServiceCtx, m: MeetingRow): Promise<MeetingRecipient[]> {
  const audience = m.targetRoles.includes('all')
    ? undefined
    : or(inArray(users.role, m.targetRoles.length ? m.targetRoles : ['']), inArray(users.id, m.targetUsers.length ? m.targetUsers : ['']));
  const rows = await ctx.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.isActive, true), isNull(users.blockedAt), isNull(users.deactivatedAt), audience));
  return rows.map((r) => ({ id: r.id, role: r.role as Role }));
}

/**
 * POST /api/zoom-meetings/share: marks the meeting shared and adds its recipients to
 * notificationCount (one statement, so parallel shares all count), then hands the recipients to
 * the notifier after the response. Ended and cancelled meetings are not shared (409).
 */
export async function shareMeeting(ctx: ServiceCtx, input: ShareMeetingInput, notifier: MeetingNotifier = meetingNotifier) {
  const user = signedIn(ctx);
  const meeting = await ctx.db.select().from(meetings).where(eq(meetings.id, input.meetingId)).get();
  if (!meeting) throw notFound(MEETING_MESSAGES.notFound);
  const recipients = await recipientsOf(ctx, meeting);
  const row = await ctx.db
    .update(meetings)
    .set({
      notificationSent: true,
      notificationCount: sql`${meetings.notificationCount} + ${recipients.length}`,
      updatedAt: new Date(),
    })
    .where(and(eq(meetings.id, meeting.id), inArray(meetings.status, ['scheduled', 'started'])))
    .returning()
    .get();
  if (!row) throw conflict(meeting.status === 'cancelled' ? MEETING_MESSAGES.cancelled : MEETING_MESSAGES.ended);
  ctx.defer('meeting shared', () =>
    notifier.meetingShared(ctx, { meeting: row, recipients, customMessage: input.customMessage || undefined, sharedBy: user.id }),
  );
  return { meeting: serializeMeeting(row, user), recipients: recipients.length };
}
