import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertSession } from '#test/session-helpers.ts';
import { ev, postEvents, storedIn } from './attendance.test-helpers.ts';

async function setting() {
  const teacher = await createUser({ role: 'instructor' });
  const member = await createUser();
  const session = await insertSession({ inHours: -0.5, instructorUserId: teacher.id });
  const good = () => ev({ sessionId: session.id, userId: member.id });
  return { teacher, member, session, good };
}

describe('POST /api/attendance/events refuses bad input whole: 400 naming the field, nothing written', () => {
  const cases: [string, (good: () => ReturnType<typeof ev>) => unknown[], string, string][] = [
    [
      'a kind outside the list',
      (g) => [g(), { ...g(), kind: 'asleep' }],
      'events.1.kind',
      'kind must be one of: present, late, excused, absent, void',
    ],
    [
      'a method outside the list',
      (g) => [{ ...g(), method: 'telepathy' }, g()],
      'events.0.method',
      'method must be one of: roster, kiosk_qr, kiosk_pin, admin',
    ],
    [
      'recordedAt not a date',
      (g) => [g(), { ...g(), recordedAt: 'yesterday' }],
      'events.1.recordedAt',
      'recordedAt must be an ISO 8601 date-time (e.g. 2026-05-01T18:00:00Z)',
    ],
    [
      'recordedAt on a day that does not exist',
      (g) => [{ ...g(), recordedAt: '2026-02-30T10:00:00Z' }],
      'events.0.recordedAt',
      'recordedAt must be a valid date (ISO 8601, e.g. 2026-05-01T18:00:00Z)',
    ],
    ['an id that is not a UUID', (g) => [{ ...g(), id: 'abc' }], 'events.0.id', 'id must be a UUID'],
    [
      'a batch over 500 events',
      (g) => Array.from({ length: 501 }, g),
      'events',
      'events must hold at most 500 attendance events at a time',
    ],
    ['an empty batch', () => [], 'events', 'events must be a list of 1 to 500 attendance events'],
  ];
  for (const [what, build, path, message] of cases)
    it(`refuses ${what}`, async () => {
      const { teacher, session, good } = await setting();
      const res = await postEvents(teacher.token, build(good));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
      expect(res.body.errors[0]).toEqual({ path, message });
      expect(await storedIn(session.id)).toBe(0);
    });

  it('refuses a batch naming an unknown user id, naming each such event', async () => {
    const { teacher, session, good } = await setting();
    const res = await postEvents(teacher.token, [good(), { ...good(), userId: 'no-such-user' }, good(), { ...good(), userId: 'gone' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown member');
    expect(res.body.errors).toEqual([
      { path: 'events.1.userId', message: 'Unknown member' },
      { path: 'events.3.userId', message: 'Unknown member' },
    ]);
    expect(await storedIn(session.id)).toBe(0);
  });

  it('refuses a body that is not { events: [...] }, and one that is not JSON', async () => {
    const { teacher } = await setting();
    const list = await postEvents(teacher.token, undefined as never);
    expect(list.status).toBe(400);
    expect(list.body.errors[0].path).toBe('events');
    const junk = await fetchRaw(teacher.token, '{"events": [');
    expect(junk.status).toBe(400);
  });

  it('refuses a body over its bound with 413 before reading it, nothing written', async () => {
    const { teacher, session, good } = await setting();
    const padded = Array.from({ length: 400 }, () => ({ ...good(), note: 'x'.repeat(1500) }));
    const res = await postEvents(teacher.token, padded);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large: send at most 500 attendance events at a time',
    });
    expect(await storedIn(session.id)).toBe(0);
  });

  it('refuses an Idempotency-Key that is too long or not printable', async () => {
    const { teacher, session, good } = await setting();
    const res = await postEvents(teacher.token, [good()], { 'Idempotency-Key': 'k'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ path: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 200 visible characters' });
    expect(await storedIn(session.id)).toBe(0);
  });
});

describe('POST /api/attendance/events refuses the wrong sender whole: 403, nothing written', () => {
  it('refuses an instructor writing for a session another instructor teaches', async () => {
    const { member, session, good } = await setting();
    const other = await createUser({ role: 'instructor' });
    const res = await postEvents(other.token, [ev({ sessionId: session.id, userId: member.id })]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only take attendance for sessions you teach');
    // Mixed with one of their own sessions, the whole batch is still refused.
    const own = await insertSession({ inHours: -0.5, instructorUserId: other.id });
    const mixed = await postEvents(other.token, [ev({ sessionId: own.id, userId: member.id }), good()]);
    expect(mixed.status).toBe(403);
    expect([await storedIn(session.id), await storedIn(own.id)]).toEqual([0, 0]);
  });

  it('refuses an instructor sending admin corrections, and anyone but a kiosk sending kiosk check-ins', async () => {
    const { teacher, session, good } = await setting();
    const admin = await createUser({ role: 'admin' });
    const byTeacher = await postEvents(teacher.token, [{ ...good(), method: 'admin' }]);
    expect([byTeacher.status, byTeacher.body.message]).toEqual([403, 'Instructors record attendance from the roster (method roster)']);
    for (const method of ['kiosk_qr', 'kiosk_pin']) {
      const byAdmin = await postEvents(admin.token, [{ ...good(), method }]);
      expect([byAdmin.status, byAdmin.body.message]).toEqual([403, 'Only a kiosk may send kiosk check-ins']);
    }
    expect(await storedIn(session.id)).toBe(0);
  });

  it('refuses students and members (403) and visitors (401)', async () => {
    const { session, good } = await setting();
    const [student, member] = await Promise.all([createUser({ role: 'student' }), createUser({ role: 'member' })]);
    for (const u of [student, member]) expect((await postEvents(u.token, [good()])).status).toBe(403);
    expect((await postEvents('', [good()])).status).toBe(401);
    expect(await storedIn(session.id)).toBe(0);
  });
});

function fetchRaw(token: string, raw: string) {
  return api('/api/attendance/events', { method: 'POST', token, raw, headers: { 'content-type': 'application/json' } });
}
