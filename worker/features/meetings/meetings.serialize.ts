import { isJoinable, meetingEnd, timeLabel } from '#core/meetings/meeting-time.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { MeetingRow } from '#db/schema/index.ts';

export type Viewer = { id: string; role: string };

/**
 * Spec 3 Zoom meeting as `viewer` may see it (the caller already checked it is visible to them).
 * The link and passcode reach non-admins only while the meeting is joinable; the other invitees
 * in targetUsers are the school's business, so a non-admin sees at most themselves there.
 */
export function serializeMeeting(row: MeetingRow, viewer: Viewer, now = Date.now(), hostName: string | null = null) {
  const admin = isAdminCapable(viewer.role);
  const joinable = isJoinable(row, now);
  const label = timeLabel(row, now);
  const showLink = admin || joinable;
  return {
    _id: row.id,
    id: row.id,
    topic: row.topic,
    title: row.topic,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: new Date(meetingEnd(row)).toISOString(),
    duration: row.durationMinutes,
    durationMinutes: row.durationMinutes,
    timezone: row.timezone,
    joinUrl: showLink ? row.joinUrl : null,
    password: showLink ? row.password : null,
    hostId: row.hostId,
    /** Who runs it, by name (lists and get; null where only the row was at hand). */
    hostName,
    status: row.status,
    statusReason: row.statusReason,
    targetRoles: row.targetRoles,
    targetUsers: admin ? row.targetUsers : row.targetUsers.filter((id) => id === viewer.id),
    notificationSent: row.notificationSent,
    notificationCount: row.notificationCount,
    zoomMeetingId: admin ? row.zoomMeetingId : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isJoinable: joinable,
    timeLabel: label.text,
    isUrgent: label.urgent,
    timeState: label.state,
  };
}
export type MeetingView = ReturnType<typeof serializeMeeting>;
