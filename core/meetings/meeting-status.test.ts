import { describe, expect, it } from 'vitest';
import { canMoveMeeting, MEETING_STATUSES, meetingMoveRefusal } from './meeting-status.ts';

describe('meeting status moves', () => {
  it('allows exactly the moves of the machine', () => {
    const allowed = MEETING_STATUSES.flatMap((from) =>
      MEETING_STATUSES.filter((to) => canMoveMeeting(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      ['cancelled→scheduled', 'scheduled→started', 'scheduled→ended', 'scheduled→cancelled', 'started→ended', 'started→cancelled'].sort(),
    );
  });

  it('never moves a meeting to the status it has, nor out of ended', () => {
    for (const s of MEETING_STATUSES) expect(canMoveMeeting(s, s)).toBe(false);
    for (const to of MEETING_STATUSES) expect(canMoveMeeting('ended', to)).toBe(false);
  });

  it('explains a refused move', () => {
    expect(meetingMoveRefusal('started', 'started')).toBe('This meeting is already started');
    expect(meetingMoveRefusal('ended', 'started')).toBe('An ended meeting cannot be marked as started');
    expect(meetingMoveRefusal('cancelled', 'ended')).toBe('A cancelled meeting cannot be marked as ended');
  });
});
