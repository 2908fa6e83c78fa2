import { describe, expect, it } from 'vitest';
import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { newId } from '#core/ids.ts';
import { wallTime } from '#core/time-zone.ts';
import { attendanceEvents, sessionBookings } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { giveActiveMembership, insertClass, insertSession } from '#test/session-helpers.ts';
import { ev, postEvents } from './attendance.test-helpers.ts';

const person = (firstName: string, lastName: string, role: 'student' | 'member' = 'member') =>
  createUser({ role, profile: { firstName, lastName } });

const book = (sessionId: string, userId: string, status: 'booked' | 'waitlisted' | 'cancelled', createdAt: number) =>
  testDb()
    .insert(sessionBookings)
    .values({ id: newId(), sessionId, userId, status, createdAt: new Date(createdAt) });

/** A ledger row written straight to the table: the reads are tested on dates the endpoint would refuse. */
const stored = (sessionId: string, userId: string, kind: AttendanceKind, recordedAt: Date, method: AttendanceMethod = 'roster') =>
  testDb().insert(attendanceEvents).values({ id: crypto.randomUUID(), sessionId, userId, kind, method, recordedAt });

describe('GET /api/sessions/:id/roster', () => {
  it('lists booked, walk-ins and waitlisted with effective statuses, positions and counts', async () => {
    const teacher = await createUser({ role: 'instructor' });
    const klass = await insertClass({
      title: 'Adults kumite',
      instructorName: 'Sensei Ito',
      level: 'advanced',
      instructorUserId: teacher.id,
    });
    const session = await insertSession({
      inHours: -0.5,
      instructorUserId: teacher.id,
      classId: klass.id,
      title: 'Adults kumite',
      capacity: 2,
      bookedCount: 2,
      waitlistCount: 2,
    });
    const [aiko, ben, cleo, dan, walkIn, gone] = await Promise.all([
      person('Aiko', 'Tanaka'),
      person('Ben', 'Ortiz'),
      person('Cleo', 'Reyes'),
      person('Dan', 'Kim'),
      person('Eva', 'Lund'),
      person('Fay', 'Moss'),
    ]);
    const t = Date.now() - 3_600_000;
    await Promise.all([
      book(session.id, aiko.id, 'booked', t),
      book(session.id, ben.id, 'booked', t + 1),
      book(session.id, cleo.id, 'waitlisted', t + 2),
      book(session.id, dan.id, 'waitlisted', t + 3),
      book(session.id, gone.id, 'cancelled', t + 4),
    ]);
    await giveActiveMembership(aiko.id);
    const res = await postEvents(teacher.token, [
      ev({ sessionId: session.id, userId: aiko.id, minutesAgo: 3 }),
      ev({ sessionId: session.id, userId: ben.id, kind: 'late', minutesAgo: 2 }),
      ev({ sessionId: session.id, userId: walkIn.id, minutesAgo: 1 }),
    ]);
    expect(res.status).toBe(200);

    const roster = await api(`/api/sessions/${session.id}/roster`, { token: teacher.token });
    expect(roster.status).toBe(200);
    const { session: header, attendees, counts } = roster.body.data;
    expect(header).toMatchObject({
      _id: session.id,
      classId: klass.id,
      title: 'Adults kumite',
      level: 'advanced',
      instructorId: teacher.id,
      instructorName: 'Sensei Ito',
      capacity: 2,
      spotsLeft: 0,
      status: 'scheduled',
      myBooking: null,
    });
    expect(
      attendees.map((a: { name: string; status: string | null; booking: { status: string; waitlistPosition: number | null } | null }) => [
        a.name,
        a.status,
        a.booking?.status ?? null,
        a.booking?.waitlistPosition ?? null,
      ]),
    ).toEqual([
      ['Aiko Tanaka', 'present', 'booked', null],
      ['Ben Ortiz', 'late', 'booked', null],
      ['Eva Lund', 'present', null, null],
      ['Cleo Reyes', null, 'waitlisted', 1],
      ['Dan Kim', null, 'waitlisted', 2],
    ]);
    expect(attendees[0]).toMatchObject({
      userId: aiko.id,
      firstName: 'Aiko',
      lastInitial: 'T',
      walkIn: false,
      needsReview: false,
      lastMethod: 'roster',
    });
    expect(attendees[2]).toMatchObject({ walkIn: true, needsReview: true });
    expect(typeof attendees[0].lastRecordedAt).toBe('string');
    expect(counts).toEqual({ booked: 2, waitlisted: 2, walkIns: 1, present: 2, late: 1, excused: 0, absent: 0 });
  });

  it('answers the session instructor and admin-capable people; another instructor 403, students 403, unknown 404', async () => {
    const teacher = await createUser({ role: 'instructor' });
    const session = await insertSession({ instructorUserId: teacher.id });
    const [other, admin, student] = await Promise.all([
      createUser({ role: 'instructor' }),
      createUser({ role: 'grandmaster' }),
      createUser(),
    ]);
    expect((await api(`/api/sessions/${session.id}/roster`, { token: admin.token })).status).toBe(200);
    const refused = await api(`/api/sessions/${session.id}/roster`, { token: other.token });
    expect([refused.status, refused.body.message]).toEqual([403, 'Only the instructor of this session or an admin may see its attendance']);
    expect((await api(`/api/sessions/${session.id}/roster`, { token: student.token })).status).toBe(403);
    const missing = await api('/api/sessions/nope/roster', { token: admin.token });
    expect([missing.status, missing.body.message]).toEqual([404, 'Session not found']);
  });
});

describe('GET /api/attendance/history', () => {
  it('lists every event of the session with who recorded it and when it arrived; own sessions only for instructors', async () => {
    const teacher = await createUser({ role: 'instructor', profile: { firstName: 'Kenji', lastName: 'Ito' } });
    const session = await insertSession({ inHours: -0.5, instructorUserId: teacher.id });
    const member = await person('Mia', 'Sato');
    const first = ev({ sessionId: session.id, userId: member.id, minutesAgo: 4 });
    const fix = ev({ sessionId: session.id, userId: member.id, kind: 'void', minutesAgo: 2 });
    await postEvents(teacher.token, [fix, first], { 'Idempotency-Key': 'k1' });
    const res = await api(`/api/attendance/history?sessionId=${session.id}`, { token: teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { _id: string }) => e._id)).toEqual([first.id, fix.id]);
    expect(res.body.data[1]).toMatchObject({
      sessionId: session.id,
      userId: member.id,
      name: 'Mia Sato',
      kind: 'void',
      method: 'roster',
      recordedAt: fix.recordedAt,
      recordedBy: teacher.id,
      recordedByName: 'Kenji Ito',
      kioskDeviceId: null,
      kioskDeviceName: null,
      idempotencyKey: 'k1',
      needsReview: true,
    });
    expect(Date.parse(res.body.data[1].receivedAt)).toBeGreaterThan(Date.parse(fix.recordedAt));
    const other = await createUser({ role: 'instructor' });
    expect((await api(`/api/attendance/history?sessionId=${session.id}`, { token: other.token })).status).toBe(403);
    const noId = await api('/api/attendance/history', { token: teacher.token });
    expect([noId.status, noId.body.errors[0].path, noId.body.message]).toEqual([400, 'sessionId', 'sessionId is required']);
  });
});

describe('GET /api/attendance/people', () => {
  it('finds active students, members and instructors by name or login id, at most 20, with whether they may train', async () => {
    const instructor = await createUser({ role: 'instructor' });
    const tag = `Zq${newId().slice(-6)}`;
    const [paid, lapsed] = await Promise.all([person(tag, 'Paid', 'student'), person(tag, 'Lapsed')]);
    await createUser({ role: 'admin', profile: { firstName: tag, lastName: 'Admin' } });
    await createUser({ role: 'member', isActive: false, profile: { firstName: tag, lastName: 'Blocked' } });
    await giveActiveMembership(paid.id);
    const res = await api(`/api/attendance/people?search=${tag}`, { token: instructor.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: lapsed.id, name: `${tag} Lapsed`, mayTrain: false },
      { _id: paid.id, name: `${tag} Paid`, mayTrain: true },
    ]);
    const many = await api('/api/attendance/people', { token: instructor.token });
    expect(many.body.data.length).toBeLessThanOrEqual(20);
    expect((await api('/api/attendance/people', { token: paid.token })).status).toBe(403);
  });
});

describe('GET /api/attendance/my and GET /api/users/:id/attendance', () => {
  it('answers effective rows, newest first, with counts per class and per month in the school zone', async () => {
    const member = await person('Noa', 'Berg');
    const klass = await insertClass({ title: 'Kids karate' });
    // 03:00 UTC on 1 March is still 28 February west of Greenwich: the month is the school's.
    const march1 = new Date('2026-03-01T03:00:00Z');
    const jan = await insertSession({ startsAt: new Date('2026-01-13T18:00:00Z'), classId: klass.id, title: 'Kids karate' });
    const edge = await insertSession({ startsAt: march1, classId: klass.id, title: 'Kids karate' });
    const seminar = await insertSession({ startsAt: new Date('2026-03-20T18:00:00Z'), title: 'Kata seminar' });
    const voided = await insertSession({ startsAt: new Date('2026-03-21T18:00:00Z'), classId: klass.id, title: 'Kids karate' });
    const outside = await insertSession({ startsAt: new Date('2025-06-01T18:00:00Z'), classId: klass.id, title: 'Kids karate' });
    const at = (s: { startsAt: Date }, min: number) => new Date(s.startsAt.getTime() + min * 60_000);
    await Promise.all([
      stored(jan.id, member.id, 'present', at(jan, 1), 'kiosk_qr'),
      stored(edge.id, member.id, 'present', at(edge, 1), 'kiosk_qr'),
      stored(edge.id, member.id, 'late', at(edge, 5)),
      stored(seminar.id, member.id, 'excused', at(seminar, 0), 'admin'),
      stored(voided.id, member.id, 'present', at(voided, 0)),
      stored(voided.id, member.id, 'void', at(voided, 10), 'admin'),
      stored(outside.id, member.id, 'present', at(outside, 0)),
    ]);
    const res = await api('/api/attendance/my?from=2026-01-01&to=2026-04-01', { token: member.token });
    expect(res.status).toBe(200);
    const { rows, counts, classes, timeZone } = res.body.data;
    expect(rows).toEqual([
      {
        sessionId: seminar.id,
        classId: null,
        title: 'Kata seminar',
        startsAt: seminar.startsAt.toISOString(),
        status: 'excused',
        method: 'admin',
      },
      { sessionId: edge.id, classId: klass.id, title: 'Kids karate', startsAt: march1.toISOString(), status: 'late', method: 'roster' },
      {
        sessionId: jan.id,
        classId: klass.id,
        title: 'Kids karate',
        startsAt: jan.startsAt.toISOString(),
        status: 'present',
        method: 'kiosk_qr',
      },
    ]);
    expect(classes).toEqual({ [klass.id]: 'Kids karate', 'one-off': 'One-off sessions' });
    expect(counts.byClass[klass.id]).toMatchObject({ present: 1, late: 1, attended: 2, total: 2 });
    expect(counts.byClass['one-off']).toMatchObject({ excused: 1, attended: 0, total: 1 });
    const edgeMonth = wallTime(march1, timeZone).slice(0, 7);
    expect(Object.keys(counts.byMonth).sort()).toEqual([...new Set(['2026-01', edgeMonth, '2026-03'])].sort());
    expect(counts.byMonth[edgeMonth].late).toBe(1);

    const admin = await createUser({ role: 'admin' });
    const staff = await api(`/api/users/${member.id}/attendance?from=2026-01-01&to=2026-04-01`, { token: admin.token });
    expect(staff.status).toBe(200);
    expect(staff.body.data.rows).toEqual(rows);
    const someoneElse = await createUser();
    expect((await api(`/api/attendance/my?from=2026-01-01&to=2026-04-01`, { token: someoneElse.token })).body.data.rows).toEqual([]);
  });

  it('refuses a backwards range (400 naming the field), other people (403) and unknown users (404)', async () => {
    const member = await createUser();
    const bad = await api('/api/attendance/my?from=2026-05-01&to=2026-04-01', { token: member.token });
    expect([bad.status, bad.body.errors[0]]).toEqual([400, { path: 'from', message: 'from must be before to' }]);
    const notDate = await api('/api/attendance/my?from=soon', { token: member.token });
    expect([notDate.status, notDate.body.errors[0].path]).toEqual([400, 'from']);
    const instructor = await createUser({ role: 'instructor' });
    for (const u of [member, instructor]) expect((await api(`/api/users/${member.id}/attendance`, { token: u.token })).status).toBe(403);
    const admin = await createUser({ role: 'admin' });
    const missing = await api('/api/users/nobody/attendance', { token: admin.token });
    expect([missing.status, missing.body.message]).toEqual([404, 'User not found']);
    expect((await api('/api/attendance/my')).status).toBe(401);
  });
});
