import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES as M, AttendanceBatchSchema, AttendanceEventSchema, screenEvent } from '#core/attendance/events.ts';
import { FUTURE_SKEW_MS, MAX_AGE_MS, MAX_BATCH } from '#core/attendance/kinds.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const firstPath = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues[0]?.path;

const UUID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const event = {
  id: UUID,
  sessionId: 'sess1',
  userId: 'user1',
  kind: 'present',
  method: 'kiosk_qr',
  recordedAt: '2026-11-27T18:05:00Z',
};

describe('AttendanceEventSchema', () => {
  it('reads a well-formed event, recordedAt as a Date', () => {
    const v = AttendanceEventSchema.parse(event);
    expect(v).toMatchObject({ id: UUID, sessionId: 'sess1', userId: 'user1', kind: 'present', method: 'kiosk_qr' });
    expect(v.recordedAt.toISOString()).toBe('2026-11-27T18:05:00.000Z');
  });

  it('reads an offset and lower-cases the id (the idempotency key)', () => {
    const v = AttendanceEventSchema.parse({ ...event, id: UUID.toUpperCase(), recordedAt: '2026-11-27T23:35:00+05:30' });
    expect(v.id).toBe(UUID);
    expect(v.recordedAt.toISOString()).toBe('2026-11-27T18:05:00.000Z');
  });

  it.each([
    [{ ...event, id: undefined }, M.idRequired],
    [{ ...event, id: 'not-a-uuid' }, M.idInvalid],
    [{ ...event, id: 42 }, M.idInvalid],
    [{ ...event, sessionId: '' }, 'sessionId is required'],
    [{ ...event, userId: undefined }, 'userId is required'],
    [{ ...event, kind: 'instructor' }, 'kind must be one of: present, late, excused, absent, void'],
    [{ ...event, kind: undefined }, 'kind is required'],
    [{ ...event, method: 'self_class_qr' }, 'method must be one of: roster, kiosk_qr, kiosk_pin, admin'],
    [{ ...event, recordedAt: undefined }, M.recordedAtRequired],
    [{ ...event, recordedAt: 'yesterday' }, M.recordedAtInvalid],
    [{ ...event, recordedAt: 1764266700000 }, M.recordedAtInvalid],
    [{ ...event, recordedAt: '2026-11-27' }, M.recordedAtInvalid],
    [{ ...event, recordedAt: '2026-02-30T18:00:00Z' }, 'recordedAt must be a valid date (ISO 8601, e.g. 2026-05-01T18:00:00Z)'],
    ['present', M.eventObject],
  ])('refuses %j naming the field', (body, message) => {
    expect(firstMessage(AttendanceEventSchema.safeParse(body))).toBe(message);
  });
});

describe('AttendanceBatchSchema', () => {
  const many = (n: number) => Array.from({ length: n }, () => ({ ...event, id: crypto.randomUUID() }));

  it(`takes 1 to ${MAX_BATCH} events`, () => {
    expect(AttendanceBatchSchema.parse({ events: many(1) }).events).toHaveLength(1);
    expect(AttendanceBatchSchema.parse({ events: many(MAX_BATCH) }).events).toHaveLength(MAX_BATCH);
  });

  it('keeps repeated ids: telling duplicates apart is the ledger’s job, per event', () => {
    expect(AttendanceBatchSchema.parse({ events: [event, event] }).events).toHaveLength(2);
  });

  it.each([
    [{ events: many(MAX_BATCH + 1) }, M.tooMany],
    [{ events: [] }, M.eventsRequired],
    [{ events: 'all' }, M.eventsRequired],
    [{}, M.eventsRequired],
    [[event], M.bodyObject],
    [null, M.bodyObject],
  ])('refuses a bad batch (%#)', (body, message) => {
    expect(firstMessage(AttendanceBatchSchema.safeParse(body))).toBe(message);
  });

  it('names the event and field of a bad event in the path', () => {
    const r = AttendanceBatchSchema.safeParse({ events: [event, { ...event, kind: 'here' }] });
    expect(firstPath(r)).toEqual(['events', 1, 'kind']);
    expect(firstMessage(r)).toBe(M.kindInvalid);
  });
});

describe('screenEvent', () => {
  const nowMs = Date.parse('2026-11-27T18:00:00Z');
  const at = (offsetMs: number) => ({ recordedAt: new Date(nowMs + offsetMs) });
  const scheduled = { nowMs, session: { status: 'scheduled' } };

  it('accepts an event of a scheduled session, within the window edges', () => {
    expect(screenEvent(at(0), scheduled)).toEqual({ ok: true });
    expect(screenEvent(at(FUTURE_SKEW_MS), scheduled)).toEqual({ ok: true });
    expect(screenEvent(at(-MAX_AGE_MS), scheduled)).toEqual({ ok: true });
  });

  it.each([
    [at(0), { nowMs, session: null }, 'Unknown session'],
    [at(0), { nowMs, session: { status: 'cancelled' } }, 'Session cancelled'],
    [at(FUTURE_SKEW_MS + 1), scheduled, 'Recorded more than 10 minutes in the future'],
    [at(-MAX_AGE_MS - 1), scheduled, 'Recorded more than 14 days ago'],
  ])('rejects with the reason %#', (e, context, reason) => {
    expect(screenEvent(e, context)).toEqual({ ok: false, reason });
  });

  it('knows the windows are 10 minutes and 14 days', () => {
    expect(FUTURE_SKEW_MS).toBe(600_000);
    expect(MAX_AGE_MS).toBe(1_209_600_000);
  });
});
