import { describe, expect, it } from 'vitest';
import { hasEnded, isJoinable, meetingEnd, timeLabel } from './meeting-time.ts';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const at = (minutesFromNow: number, over: Partial<{ status: string; durationMinutes: number }> = {}) => ({
  startTime: new Date(NOW + minutesFromNow * MIN),
  durationMinutes: 60,
  status: 'scheduled',
  ...over,
});

describe('isJoinable', () => {
  it('is joinable from exactly 15:00 before the start, not at 15:01', () => {
    expect(isJoinable(at(15), NOW)).toBe(true);
    expect(isJoinable(at(14 + 59 / 60), NOW)).toBe(true);
    expect(isJoinable(at(15 + 1 / 60), NOW)).toBe(false);
    expect(isJoinable(at(16), NOW)).toBe(false);
  });

  it('is joinable at the start and while under way, until the planned end (exclusive)', () => {
    expect(isJoinable(at(0), NOW)).toBe(true);
    expect(isJoinable(at(-59), NOW)).toBe(true);
    expect(isJoinable(at(-60), NOW)).toBe(false);
    expect(isJoinable(at(-30, { durationMinutes: 30 }), NOW)).toBe(false);
  });

  it('counts a started meeting as joinable, never an ended or cancelled one', () => {
    expect(isJoinable(at(-10, { status: 'started' }), NOW)).toBe(true);
    expect(isJoinable(at(5, { status: 'ended' }), NOW)).toBe(false);
    expect(isJoinable(at(5, { status: 'cancelled' }), NOW)).toBe(false);
    expect(isJoinable(at(5, { status: 'anything' }), NOW)).toBe(false);
  });

  it('reads ISO strings and numbers as well as dates', () => {
    expect(isJoinable({ startTime: new Date(NOW + 5 * MIN).toISOString(), durationMinutes: 60, status: 'scheduled' }, NOW)).toBe(true);
    expect(isJoinable({ startTime: NOW + 5 * MIN, durationMinutes: 60, status: 'scheduled' }, NOW)).toBe(true);
  });
});

describe('timeLabel', () => {
  const label = (minutes: number, over = {}) => timeLabel(at(minutes, over), NOW);

  it('says "Starts in N minutes", urgent, under 60 minutes', () => {
    expect(label(59)).toEqual({ text: 'Starts in 59 minutes', urgent: true, state: 'upcoming' });
    expect(label(15)).toMatchObject({ text: 'Starts in 15 minutes', urgent: true });
    expect(label(14 + 59 / 60)).toMatchObject({ text: 'Starts in 14 minutes', urgent: true });
    expect(label(59 + 59 / 60)).toMatchObject({ text: 'Starts in 59 minutes', urgent: true });
    expect(label(1)).toMatchObject({ text: 'Starts in 1 minute', urgent: true });
    expect(label(0.5)).toMatchObject({ text: 'Starts in 1 minute', urgent: true });
  });

  it('switches to hours and minutes at exactly 60 minutes, not urgent', () => {
    expect(label(60)).toEqual({ text: 'Starts in 1h 0m', urgent: false, state: 'upcoming' });
    expect(label(125)).toMatchObject({ text: 'Starts in 2h 5m' });
    expect(label(23 * 60 + 59)).toMatchObject({ text: 'Starts in 23h 59m', urgent: false });
  });

  it('switches to days at exactly 24 hours', () => {
    expect(label(24 * 60)).toEqual({ text: 'Starts in 1 day', urgent: false, state: 'upcoming' });
    expect(label(47 * 60 + 59)).toMatchObject({ text: 'Starts in 1 day' });
    expect(label(3 * 24 * 60 + 5)).toMatchObject({ text: 'Starts in 3 days' });
  });

  it('says the meeting is in progress from its start (0 minutes) until its end', () => {
    expect(label(0)).toEqual({ text: 'Meeting in progress', urgent: true, state: 'live' });
    expect(label(-59)).toMatchObject({ state: 'live' });
    expect(label(10, { status: 'started' })).toMatchObject({ state: 'live' });
  });

  it("says 'Meeting has ended' once past its end or marked ended", () => {
    expect(label(-60)).toEqual({ text: 'Meeting has ended', urgent: false, state: 'ended' });
    expect(label(-600)).toMatchObject({ text: 'Meeting has ended' });
    expect(label(30, { status: 'ended' })).toMatchObject({ text: 'Meeting has ended' });
  });

  it('says a cancelled meeting was cancelled, whatever the clock says', () => {
    expect(label(30, { status: 'cancelled' })).toEqual({ text: 'Meeting cancelled', urgent: false, state: 'cancelled' });
    expect(label(-600, { status: 'cancelled' })).toMatchObject({ state: 'cancelled' });
  });
});

describe('meeting times', () => {
  it('ends at start + duration', () => {
    expect(meetingEnd(at(0, { durationMinutes: 90 }))).toBe(NOW + 90 * MIN);
    expect(hasEnded(at(-90, { durationMinutes: 90 }), NOW)).toBe(true);
    expect(hasEnded(at(-89, { durationMinutes: 90 }), NOW)).toBe(false);
  });
});
