import { describe, expect, it } from 'vitest';
import { CreateMeetingSchema, MEETING_MESSAGES, MeetingStatusSchema, parseStartTime, UpdateMeetingSchema } from './meeting-schemas.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('CreateMeetingSchema', () => {
  const base = { topic: ' Kata review ', startTime: '2026-12-01T13:00:00Z', joinUrl: 'https://zoom.us/j/123' };

  it("fills the defaults: 60 minutes, every role, and no zone (the service gives the school's)", () => {
    const v = CreateMeetingSchema.parse(base);
    expect(v).toMatchObject({ topic: 'Kata review', durationMinutes: 60, targetRoles: ['all'], targetUsers: [], rawStart: base.startTime });
    expect(v.timezone).toBeUndefined();
    expect(v.startTime.toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('accepts title and durationMinutes as other names', () => {
    expect(CreateMeetingSchema.parse({ ...base, topic: undefined, title: 'T', durationMinutes: 30 })).toMatchObject({
      topic: 'T',
      durationMinutes: 30,
    });
  });

  it('reads a start without an offset in the meeting zone', () => {
    const kolkata = { ...base, startTime: '2026-12-01T18:30', timezone: 'Asia/Kolkata' };
    expect(CreateMeetingSchema.parse(kolkata).startTime.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(CreateMeetingSchema.parse({ ...base, startTime: '2026-12-01T18:30', timezone: 'UTC' }).startTime.toISOString()).toBe(
      '2026-12-01T18:30:00.000Z',
    );
  });

  it.each([
    [{ ...base, topic: '  ' }, MEETING_MESSAGES.topicRequired],
    [{ ...base, startTime: undefined }, MEETING_MESSAGES.startRequired],
    [{ ...base, startTime: 'next tuesday' }, MEETING_MESSAGES.startInvalid],
    [{ ...base, startTime: '9999-01-01T00:00:00Z' }, MEETING_MESSAGES.startInvalid],
    [{ ...base, duration: 0 }, MEETING_MESSAGES.durationInvalid],
    [{ ...base, duration: 1.5 }, MEETING_MESSAGES.durationInvalid],
    [{ ...base, duration: 1441 }, MEETING_MESSAGES.durationInvalid],
    [{ ...base, timezone: 'Mars/Base' }, MEETING_MESSAGES.timezoneInvalid],
    [{ ...base, joinUrl: 'http://zoom.us/j/1' }, MEETING_MESSAGES.joinUrlInvalid],
    [{ ...base, joinUrl: 'javascript:alert(1)' }, MEETING_MESSAGES.joinUrlInvalid],
    [{ ...base, targetRoles: [] }, MEETING_MESSAGES.audienceRequired],
    [{ ...base, targetRoles: ['janitor'] }, MEETING_MESSAGES.targetRolesInvalid],
    [{ ...base, targetUsers: 'u1' }, MEETING_MESSAGES.targetUsersInvalid],
    ['a string', MEETING_MESSAGES.bodyObject],
  ])('refuses %j with a clear message', (body, message) => {
    expect(firstMessage(CreateMeetingSchema.safeParse(body))).toBe(message);
  });

  it('takes a meeting for named people only (no roles, some users)', () => {
    expect(CreateMeetingSchema.parse({ ...base, targetRoles: [], targetUsers: ['u1'] })).toMatchObject({
      targetRoles: [],
      targetUsers: ['u1'],
    });
  });

  it('keeps a blank link as none (the service then needs Zoom)', () => {
    expect(CreateMeetingSchema.parse({ ...base, joinUrl: ' ' }).joinUrl).toBeNull();
  });
});

describe('UpdateMeetingSchema', () => {
  it('keeps only what was sent and drops status and counters', () => {
    expect(UpdateMeetingSchema.parse({ description: 'x', status: 'ended', notificationCount: 9 })).toEqual({ description: 'x' });
  });

  it('refuses emptying both roles and named people', () => {
    expect(firstMessage(UpdateMeetingSchema.safeParse({ targetRoles: [], targetUsers: [] }))).toBe(MEETING_MESSAGES.audienceRequired);
    expect(UpdateMeetingSchema.parse({ targetRoles: [], targetUsers: ['u1'] })).toEqual({ targetRoles: [], targetUsers: ['u1'] });
  });

  it('refuses an empty update and a blank topic', () => {
    expect(firstMessage(UpdateMeetingSchema.safeParse({}))).toBe(MEETING_MESSAGES.nothingToUpdate);
    expect(firstMessage(UpdateMeetingSchema.safeParse({ title: '' }))).toBe(MEETING_MESSAGES.topicRequired);
  });
});

describe('MeetingStatusSchema and parseStartTime', () => {
  it('takes a known status and an optional reason', () => {
    expect(MeetingStatusSchema.parse({ status: 'cancelled', reason: ' Rain ' })).toEqual({ status: 'cancelled', reason: 'Rain' });
    expect(MeetingStatusSchema.parse({ status: 'started', reason: null })).toEqual({ status: 'started' });
    expect(firstMessage(MeetingStatusSchema.safeParse({ status: 'live' }))).toBe(MEETING_MESSAGES.statusInvalid);
  });

  it('reads epoch milliseconds and refuses nonsense', () => {
    expect(parseStartTime(Date.UTC(2030, 0, 1))?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseStartTime('')).toBeNull();
    expect(parseStartTime(Number.NaN)).toBeNull();
  });
});
