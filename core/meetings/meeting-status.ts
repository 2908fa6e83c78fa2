/** Spec 4 names scheduled and started; ended and cancelled are ours, so a meeting can finish or be called off. */
export const MEETING_STATUSES = ['scheduled', 'started', 'ended', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** For each target status, the statuses a meeting may leave to reach it. Ended is final; a cancelled meeting can be rescheduled. */
export const MEETING_MOVES: Record<MeetingStatus, readonly MeetingStatus[]> = {
  scheduled: ['cancelled'],
  started: ['scheduled'],
  ended: ['scheduled', 'started'],
  cancelled: ['scheduled', 'started'],
};

export const canMoveMeeting = (from: MeetingStatus, to: MeetingStatus): boolean => MEETING_MOVES[to].includes(from);

/** The 409 message for a move the machine forbids. */
export function meetingMoveRefusal(from: MeetingStatus, to: MeetingStatus): string {
  if (from === to) return `This meeting is already ${to}`;
  return `${/^[aeiou]/.test(from) ? 'An' : 'A'} ${from} meeting cannot be marked as ${to}`;
}
