import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { classSessions, notifications, sessionBookings } from '#db/schema/index.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { asAdmin, createUser, describeAccessMatrix, hostileValues, send, watchStatements } from '#test/catalog-helpers.ts';
import { api, testDb } from '#test/helpers.ts';
import { insertClass, insertSession } from '#test/session-helpers.ts';
import { sessionsAccess } from './sessions.access.ts';

const HOUR = 3_600_000;
const at = (inHours: number) => new Date(Date.now() + inHours * HOUR);
const windowOf = (fromHours: number, toHours: number) =>
  `from=${encodeURIComponent(at(fromHours).toISOString())}&to=${encodeURIComponent(at(toHours).toISOString())}`;

async function book(sessionId: string, userId: string, status: 'booked' | 'waitlisted', createdAt = new Date()) {
  const id = newId();
  await testDb().insert(sessionBookings).values({ id, sessionId, userId, status, createdAt });
  return id;
}

describe('GET /api/sessions', () => {
  it('lists the window by start with counts and spots left, naming only the instructor, in one statement', async () => {
    const teacher = await createUser({ role: 'instructor', profile: { firstName: 'Aiko', lastName: 'Tanaka' } });
    // Inactive: a scheduled run elsewhere (the generator acts on active classes) cannot add sessions to the window.
    const klass = await insertClass({ instructorName: 'Sensei Ito', level: 'beginner', instructorUserId: teacher.id, isActive: false });
    const later = await insertSession({
      classId: klass.id,
      inHours: 30,
      capacity: 10,
      bookedCount: 3,
      waitlistCount: 0,
      instructorUserId: teacher.id,
    });
    const sooner = await insertSession({ classId: klass.id, inHours: 26, capacity: null });
    const sub = await createUser({ role: 'instructor', profile: { firstName: 'Ken', lastName: 'Mori' } });
    const covered = await insertSession({
      classId: klass.id,
      inHours: 28,
      instructorUserId: sub.id,
      capacity: 2,
      bookedCount: 2,
      waitlistCount: 4,
    });
    await insertSession({ classId: klass.id, inHours: 24 * 9 });
    const {
      result: res,
      roundTrips,
      statements,
    } = await watchStatements(() => api(`/api/sessions?classId=${klass.id}&${windowOf(25, 48)}`));
    expect(res.status).toBe(200);
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(1);
    expect(res.body.sessions.map((s: { _id: string }) => s._id)).toEqual([sooner.id, covered.id, later.id]);
    expect(res.body.data).toEqual(res.body.sessions);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 100, total: 3, hasMore: false });
    expect(res.body.sessions[2]).toEqual({
      _id: later.id,
      classId: klass.id,
      kind: 'one_off',
      title: later.title,
      location: null,
      level: 'beginner',
      startsAt: later.startsAt.toISOString(),
      endsAt: later.endsAt.toISOString(),
      instructorId: teacher.id,
      instructorName: 'Sensei Ito',
      capacity: 10,
      bookedCount: 3,
      spotsLeft: 7,
      waitlistCount: 0,
      status: 'scheduled',
      cancelReason: null,
      myBooking: null,
    });
    expect(res.body.sessions[0]).toMatchObject({ capacity: null, spotsLeft: null, instructorName: 'Sensei Ito' });
    // A substitute is named by their own name, not the class's teacher.
    expect(res.body.sessions[1]).toMatchObject({ instructorName: 'Ken Mori', spotsLeft: 0, waitlistCount: 4 });
    expect(JSON.stringify(res.body)).not.toMatch(/Aiko|Tanaka|@/);
  });

  it("shows a signed-in caller their own booking and waitlist place, nobody else's", async () => {
    const s = await insertSession({ inHours: 50, capacity: 1, bookedCount: 1, waitlistCount: 2 });
    const [a, b, c] = await Promise.all([createUser(), createUser(), createUser()]);
    const booked = await book(s.id, a.id, 'booked');
    await book(s.id, b.id, 'waitlisted', at(-2));
    const second = await book(s.id, c.id, 'waitlisted', at(-1));
    const mine = async (token?: string) => (await api(`/api/sessions/${s.id}`, token ? { token } : {})).body.session.myBooking;
    expect(await mine(a.token)).toEqual({ _id: booked, status: 'booked', waitlistPosition: null });
    expect(await mine(c.token)).toEqual({ _id: second, status: 'waitlisted', waitlistPosition: 2 });
    expect(await mine()).toBeNull();
    const { result: list, statements } = await watchStatements(() => api(`/api/sessions?${windowOf(49, 51)}`, { token: c.token }));
    // The caller's booking comes in the list's own statement (signing in may read the account first).
    expect(statements.filter((q) => q.includes('class_sessions'))).toHaveLength(1);
    expect(list.body.sessions.find((x: { _id: string }) => x._id === s.id).myBooking).toMatchObject({ waitlistPosition: 2 });
  });

  it('filters by instructor and status and pages', async () => {
    const teacher = await createUser({ role: 'instructor' });
    const a = await insertSession({ inHours: 60, instructorUserId: teacher.id });
    const b = await insertSession({ inHours: 61, instructorUserId: teacher.id, status: 'cancelled', cancelReason: 'Snow' });
    const ids = async (q: string) =>
      (await api(`/api/sessions?instructorId=${teacher.id}&${windowOf(59, 62)}${q}`)).body.sessions.map((s: { _id: string }) => s._id);
    expect(await ids('')).toEqual([a.id, b.id]);
    expect(await ids('&status=cancelled')).toEqual([b.id]);
    const page2 = await api(`/api/sessions?instructorId=${teacher.id}&${windowOf(59, 62)}&limit=1&page=2`);
    expect(page2.body.sessions.map((s: { _id: string }) => s._id)).toEqual([b.id]);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2, hasMore: false });
  });

  it.each([
    ['from=yesterday', 'from', 'from must be a valid date and time (ISO 8601, e.g. 2026-12-01T00:00:00Z)'],
    ['to=2026-02-30', 'to', 'to must be a valid date and time (ISO 8601, e.g. 2026-12-08T00:00:00Z)'],
    ['from=2026-12-08T00:00:00Z&to=2026-12-01T00:00:00Z', 'to', 'to must be after from'],
    ['from=2026-01-01&to=2028-01-01', 'to', 'from and to may be at most 366 days apart'],
    ['status=gone', 'status', 'status must be one of: scheduled, cancelled'],
  ])('refuses %s with 400 naming the field', async (q, path, message) => {
    const res = await api(`/api/sessions?${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, errors: [{ path, message }] });
  });

  it('answers 404 for an unknown session', async () => {
    const res = await api('/api/sessions/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Session not found');
  });
});

describe('POST /api/sessions', () => {
  it('adds a one-off of a class with its title, place, capacity and instructor, and one on its own', async () => {
    const admin = await asAdmin();
    const teacher = await createUser({ role: 'instructor' });
    const klass = await insertClass({ title: 'Kata seminar', location: 'Dojo A', capacity: 12, instructorUserId: teacher.id });
    const startsAt = at(72).toISOString();
    const res = await send('POST', '/api/sessions', admin.token, { classId: klass.id, startsAt, endsAt: at(74).toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Session created',
      session: {
        classId: klass.id,
        kind: 'one_off',
        title: 'Kata seminar',
        location: 'Dojo A',
        capacity: 12,
        instructorId: teacher.id,
        startsAt,
        spotsLeft: 12,
      },
    });
    expect(res.body.data).toEqual(res.body.session);
    const dup = await send('POST', '/api/sessions', admin.token, { classId: klass.id, startsAt, endsAt: at(73).toISOString() });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A session of this class already starts at that time');
    const alone = await send('POST', '/api/sessions', admin.token, {
      title: 'Makeup class',
      startsAt: '2030-03-05T18:00:00-05:00',
      endsAt: '2030-03-05T19:30:00-05:00',
      capacity: 8,
      location: 'Park',
    });
    expect(alone.status).toBe(201);
    // Counts, status and kind are the server's: sent ones are ignored.
    const forged = await send('POST', '/api/sessions', admin.token, {
      title: 'Forged',
      startsAt: '2030-03-06T18:00:00Z',
      endsAt: '2030-03-06T19:00:00Z',
      bookedCount: 9,
      waitlistCount: 3,
      status: 'cancelled',
      kind: 'regular',
      _id: 'mine',
    });
    expect(forged.body.session).toMatchObject({ bookedCount: 0, waitlistCount: 0, status: 'scheduled', kind: 'one_off' });
    expect(forged.body.session._id).not.toBe('mine');
    expect(alone.body.session).toMatchObject({
      classId: null,
      title: 'Makeup class',
      startsAt: '2030-03-05T23:00:00.000Z',
      capacity: 8,
      instructorId: null,
      level: null,
    });
  });

  it.each([
    [{ startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z' }, 'title', 'title is required unless classId is given'],
    [{ title: 'x', endsAt: '2030-01-01T11:00:00Z' }, 'startsAt', 'startsAt is required'],
    [
      { title: 'x', startsAt: 'tomorrow', endsAt: '2030-01-01T11:00:00Z' },
      'startsAt',
      'startsAt must be a valid date and time (e.g. 2026-12-01T18:30:00-08:00)',
    ],
    [
      { title: 'x', startsAt: '2030-02-30T10:00:00Z', endsAt: '2030-03-01T11:00:00Z' },
      'startsAt',
      'startsAt must be a valid date and time (e.g. 2026-12-01T18:30:00-08:00)',
    ],
    [{ title: 'x', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T09:00:00Z' }, 'endsAt', 'endsAt must be after startsAt'],
    [{ title: 'x', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-03T10:00:00Z' }, 'endsAt', 'A session may last at most 24 hours'],
    [
      { title: 'x', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z', capacity: 0 },
      'capacity',
      'capacity must be at least 1',
    ],
    [{ classId: 'nope', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z' }, 'classId', 'Class not found'],
  ])('refuses %j with 400 naming %s', async (body, path, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/sessions', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, errors: [expect.objectContaining({ path, message })] });
  });

  it("refuses an instructorId that is not a teaching account: 'instructorId must be an instructor'", async () => {
    const admin = await asAdmin();
    const student = await createUser({ role: 'student' });
    const blocked = await createUser({ role: 'instructor', blockedAt: new Date() });
    const teacher = await createUser({ role: 'grandmaster' });
    const body = (instructorId: string) => ({ title: 'x', startsAt: at(80).toISOString(), endsAt: at(81).toISOString(), instructorId });
    for (const id of [student.id, blocked.id, 'nobody']) {
      const res = await send('POST', '/api/sessions', admin.token, body(id));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'instructorId must be an instructor', errors: [{ path: 'instructorId' }] });
    }
    expect((await send('POST', '/api/sessions', admin.token, body(teacher.id))).body.session.instructorId).toBe(teacher.id);
  });
});

describe('PATCH /api/sessions/:id', () => {
  it('changes instructor, capacity and times; a moved generated session becomes a one-off', async () => {
    const admin = await asAdmin();
    const teacher = await createUser({ role: 'instructor' });
    const klass = await insertClass();
    const s = await insertSession({ classId: klass.id, kind: 'regular', inHours: 90, capacity: 10, bookedCount: 4 });
    const same = await send('PATCH', `/api/sessions/${s.id}`, admin.token, {
      instructorId: teacher.id,
      capacity: 4,
      startsAt: s.startsAt.toISOString(),
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({
      message: 'Session updated',
      session: { instructorId: teacher.id, capacity: 4, spotsLeft: 0, kind: 'regular' },
    });
    const start = new Date(s.startsAt.getTime() + HOUR);
    const end = new Date(start.getTime() + HOUR);
    const moved = await send('PATCH', `/api/sessions/${s.id}`, admin.token, { startsAt: start.toISOString(), endsAt: end.toISOString() });
    expect(moved.body.session).toMatchObject({ startsAt: start.toISOString(), endsAt: end.toISOString(), kind: 'one_off' });
    const cleared = await send('PATCH', `/api/sessions/${s.id}`, admin.token, { instructorId: null, capacity: null });
    expect(cleared.body.session).toMatchObject({ instructorId: null, capacity: null, spotsLeft: null });
  });

  it('tells the people holding a place when the times change, and nobody when they do not', async () => {
    const admin = await asAdmin();
    const s = await insertSession({ inHours: 97, bookedCount: 1 });
    const student = await createUser();
    await book(s.id, student.id, 'booked');
    const moved = () =>
      testDb()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, student.id), eq(notifications.eventType, 'session_moved')));
    await send('PATCH', `/api/sessions/${s.id}`, admin.token, { capacity: 5, startsAt: s.startsAt.toISOString() });
    await settleDeferred();
    expect(await moved()).toHaveLength(0);
    const later = new Date(s.startsAt.getTime() + HOUR);
    const res = await send('PATCH', `/api/sessions/${s.id}`, admin.token, {
      startsAt: later.toISOString(),
      endsAt: new Date(later.getTime() + HOUR).toISOString(),
    });
    expect(res.status).toBe(200);
    await settleDeferred();
    const [notice] = await moved();
    expect(notice).toMatchObject({ title: `Class time changed: ${s.title}`, entityId: s.id, data: { url: '/student/classes' } });
    expect(notice!.body).toMatch(/now runs .* \(it was .*\)\.$/);
  });

  it('a raised capacity promotes the head of the waitlist into the new places, in order, and tells them', async () => {
    const admin = await asAdmin();
    const s = await insertSession({ inHours: 98, capacity: 2, bookedCount: 2, waitlistCount: 3, title: 'Open mat' });
    const people = await Promise.all([createUser(), createUser(), createUser(), createUser(), createUser()]);
    const [, , w1, w2, w3] = people;
    for (const [i, p] of people.entries()) await book(s.id, p.id, i < 2 ? 'booked' : 'waitlisted', at(i - 10));
    const res = await send('PATCH', `/api/sessions/${s.id}`, admin.token, { capacity: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.session).toMatchObject({ capacity: 4, bookedCount: 4, waitlistCount: 1, spotsLeft: 0 });
    const rows = await testDb().select().from(sessionBookings).where(eq(sessionBookings.sessionId, s.id));
    const statusOf = (id: string) => rows.find((r) => r.userId === id);
    expect([w1, w2, w3].map((w) => statusOf(w!.id)?.status)).toEqual(['booked', 'booked', 'waitlisted']);
    expect(statusOf(w1!.id)?.promotedAt).toBeTruthy();
    expect(statusOf(w3!.id)?.promotedAt).toBeNull();
    const mine = await api(`/api/sessions/${s.id}`, { token: w3!.token });
    expect(mine.body.session.myBooking).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    await settleDeferred();
    const told = async (userId: string) =>
      (await testDb().select().from(notifications).where(eq(notifications.userId, userId))).filter(
        (n) => n.eventType === 'booking_promoted',
      );
    expect(await told(w1!.id)).toMatchObject([{ title: 'You have a place in Open mat' }]);
    expect(await told(w2!.id)).toHaveLength(1);
    expect(await told(w3!.id)).toHaveLength(0);
  });

  it('refuses bad input: capacity below booked, end before start, unknown ids, a cancelled session', async () => {
    const admin = await asAdmin();
    const s = await insertSession({ inHours: 95, capacity: 10, bookedCount: 5 });
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ capacity: 4 }, 400, 'Capacity cannot be below the number already booked', 'capacity'],
      [{ endsAt: new Date(s.startsAt.getTime() - HOUR).toISOString() }, 400, 'endsAt must be after startsAt', 'endsAt'],
      [{ startsAt: 'soon' }, 400, 'startsAt must be a valid date and time (e.g. 2026-12-01T18:30:00-08:00)', 'startsAt'],
      [{ instructorId: 'nobody' }, 400, 'instructorId must be an instructor', 'instructorId'],
      [{}, 400, 'Nothing to update'],
    ];
    for (const [body, status, message, path] of cases) {
      const res = await send('PATCH', `/api/sessions/${s.id}`, admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
      if (path) expect(res.body.errors).toEqual([{ path, message }]);
    }
    const row = await testDb().select().from(classSessions).where(eq(classSessions.id, s.id)).get();
    expect(row).toMatchObject({ capacity: 10, startsAt: s.startsAt, endsAt: s.endsAt, instructorUserId: null });
    expect((await send('PATCH', '/api/sessions/nope', admin.token, { capacity: 3 })).status).toBe(404);
    const gone = await insertSession({ inHours: 96, status: 'cancelled' });
    const res = await send('PATCH', `/api/sessions/${gone.id}`, admin.token, { capacity: 3 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This session has been cancelled');
  });
});

describe('sessions access matrix', () => {
  // POST /api/sessions/generate runs over every class of the shared test database: its roles are tested on their own.
  const { 'POST /api/sessions/generate': _generate, ...table } = sessionsAccess;
  const window = () => ({ startsAt: at(100 + Math.random() * 500).toISOString() });
  describeAccessMatrix(describe, it, expect, table, {
    'GET /api/sessions': async () => ({ method: 'GET', path: `/api/sessions?${windowOf(0, 48)}` }),
    'GET /api/sessions/:id': async () => ({ method: 'GET', path: `/api/sessions/${(await insertSession()).id}` }),
    'POST /api/sessions': async () => {
      const { startsAt } = window();
      return {
        method: 'POST',
        path: '/api/sessions',
        body: { title: 'Open mat', startsAt, endsAt: new Date(Date.parse(startsAt) + HOUR).toISOString() },
      };
    },
    'PATCH /api/sessions/:id': async () => ({
      method: 'PATCH',
      path: `/api/sessions/${(await insertSession()).id}`,
      body: { capacity: 12 },
    }),
    'POST /api/sessions/:id/cancel': async () => ({
      method: 'POST',
      path: `/api/sessions/${(await insertSession()).id}/cancel`,
      body: { reason: 'Closed' },
    }),
  });
});

describe('hostile input on /api/sessions', () => {
  it('never produces a 5xx and never writes a bad session', async () => {
    const admin = await asAdmin();
    const s = await insertSession({ inHours: 120 });
    const next = hostileValues(20261127, ['title', 'classId', 'startsAt', 'endsAt', 'instructorId', 'capacity', 'location', 'reason']);
    for (let i = 0; i < 25; i++) {
      for (const [method, path] of [
        ['POST', '/api/sessions'],
        ['PATCH', `/api/sessions/${s.id}`],
        ['POST', `/api/sessions/${s.id}/cancel`],
      ] as const) {
        const body = next();
        const res = await send(method, path, admin.token, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const q of ['?from=1e999', '?limit=abc', '?page=-1', '?classId[]=x', `?instructorId=${'%'.repeat(200)}`, '?to=0000-00-00']) {
      expect((await api(`/api/sessions${q}`)).status, q).toBeLessThan(500);
    }
  });
});
