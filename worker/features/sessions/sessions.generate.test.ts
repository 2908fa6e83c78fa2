import { and, asc, eq, gte, inArray, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { atWallTime, wallTime } from '#core/time-zone.ts';
import { classes, classSessions, emailOutbox, notificationPreferences, notifications, sessionBookings } from '#db/schema/index.ts';
import { asAdmin, createUser, send } from '#test/catalog-helpers.ts';
import { testDb, testServiceCtx } from '#test/helpers.ts';
import { insertClass, insertSession } from '#test/session-helpers.ts';
import { usePushSender, type PushSender } from '#worker/lib/notify.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { keepSessionsAhead } from '#worker/lib/sessions/generate.ts';
import { SCHEDULED_JOBS } from '#worker/scheduled.ts';

const sessionsOf = (classId: string) =>
  testDb().select().from(classSessions).where(eq(classSessions.classId, classId)).orderBy(asc(classSessions.startsAt));

describe('the generator: keep class sessions 8 weeks ahead', () => {
  it('is a scheduled job', () => {
    expect(SCHEDULED_JOBS.map((j) => j.name)).toContain('keep class sessions 8 weeks ahead');
  });

  it('keeps 18:00 at 18:00 school time across a clock change (Toronto, spring 2027), and a second run changes nothing', async () => {
    const zone = 'America/Toronto';
    const teacher = await createUser({ role: 'instructor' });
    // Tuesdays 18:00–19:15; Toronto springs forward on Sunday 14 March 2027.
    const klass = await insertClass({
      dayOfWeek: 2,
      startTime: '18:00',
      endTime: '19:15',
      capacity: 15,
      location: 'Dojo',
      instructorUserId: teacher.id,
    });
    const now = atWallTime(2027, 2, 20, 9, 0, zone);
    const first = await keepSessionsAhead(testServiceCtx(), now, { classIds: [klass.id], zone });
    expect(first).toEqual({ created: 8, updated: 0, kept: [], removed: 0 });
    const rows = await sessionsOf(klass.id);
    expect(rows.map((s) => `${wallTime(s.startsAt, zone)}–${wallTime(s.endsAt, zone).slice(11)}`)).toEqual(
      ['2027-02-23', '2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30', '2027-04-06', '2027-04-13'].map(
        (d) => `${d}T18:00–19:15`,
      ),
    );
    // The instants move by the hour the clocks moved: 23:00 UTC before, 22:00 UTC after.
    expect(rows[2]!.startsAt.toISOString()).toBe('2027-03-09T23:00:00.000Z');
    expect(rows[3]!.startsAt.toISOString()).toBe('2027-03-16T22:00:00.000Z');
    expect(rows[0]).toMatchObject({
      kind: 'regular',
      title: klass.title,
      capacity: 15,
      location: 'Dojo',
      instructorUserId: teacher.id,
      status: 'scheduled',
    });
    expect(await keepSessionsAhead(testServiceCtx(), now, { classIds: [klass.id], zone })).toEqual({
      created: 0,
      updated: 0,
      kept: [],
      removed: 0,
    });
    // A week later one more week comes into the window.
    const later = new Date(now.getTime() + 7 * 86_400_000);
    expect((await keepSessionsAhead(testServiceCtx(), later, { classIds: [klass.id], zone })).created).toBe(1);
  });

  it('creates no duplicate when two runs race (the unique class + start key, ON CONFLICT DO NOTHING)', async () => {
    const zone = 'Europe/London';
    const klasses = await Promise.all([insertClass({ dayOfWeek: 1 }), insertClass({ dayOfWeek: 4, startTime: '07:00', endTime: '08:00' })]);
    const ids = klasses.map((k) => k.id);
    const now = atWallTime(2027, 3, 1, 12, 0, zone);
    const runs = await Promise.all(Array.from({ length: 4 }, () => keepSessionsAhead(testServiceCtx(), now, { classIds: ids, zone })));
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(16);
    const rows = await testDb().select().from(classSessions).where(inArray(classSessions.classId, ids));
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((r) => `${r.classId}@${r.startsAt.getTime()}`)).size).toBe(16);
  });

  it('leaves a booked session alone and reports it, moves and removes unbooked ones, and never touches one-offs', async () => {
    const zone = 'Europe/London';
    const klass = await insertClass({ dayOfWeek: 3, startTime: '18:00', endTime: '19:00' });
    const now = atWallTime(2027, 5, 3, 12, 0, zone);
    await keepSessionsAhead(testServiceCtx(), now, { classIds: [klass.id], zone });
    const [booked, moved, ...rest] = await sessionsOf(klass.id);
    await testDb().update(classSessions).set({ bookedCount: 1 }).where(eq(classSessions.id, booked!.id));
    // An admin moved the second one to 20:00: it became a one-off, and its date keeps no generated twin.
    await testDb()
      .update(classSessions)
      .set({ kind: 'one_off', startsAt: atWallTime(2027, 5, 12, 20, 0, zone), endsAt: atWallTime(2027, 5, 12, 21, 0, zone) })
      .where(eq(classSessions.id, moved!.id));
    // The class moves to 19:00.
    await testDb().update(classes).set({ startTime: '19:00', endTime: '20:00' }).where(eq(classes.id, klass.id));
    const result = await keepSessionsAhead(testServiceCtx(), now, { classIds: [klass.id], zone });
    expect(result).toEqual({
      created: 1,
      updated: rest.length,
      kept: [{ _id: booked!.id, startsAt: booked!.startsAt.toISOString(), bookedCount: 1 }],
      removed: 0,
    });
    const after = await sessionsOf(klass.id);
    const walls = after.map((s) => `${wallTime(s.startsAt, zone)} ${s.kind}`);
    expect(walls.slice(0, 3)).toEqual(['2027-05-05T18:00 regular', '2027-05-05T19:00 regular', '2027-05-12T20:00 one_off']);
    expect(walls.slice(3).every((w) => w.endsWith('T19:00 regular'))).toBe(true);
    expect(after).toHaveLength(9);
  });
});

describe('POST /api/sessions/generate', () => {
  it('runs the generator now for an admin; a student gets 403', async () => {
    const admin = await asAdmin();
    const klass = await insertClass({ dayOfWeek: 5 });
    const started = new Date();
    const res = await send('POST', '/api/sessions/generate', admin.token);
    // The run covers every active class of the shared test database: take back what it made for other files' classes.
    await testDb()
      .delete(classSessions)
      .where(
        and(
          eq(classSessions.kind, 'regular'),
          gte(classSessions.createdAt, started),
          ne(classSessions.classId, klass.id),
          eq(classSessions.bookedCount, 0),
        ),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      created: expect.any(Number),
      updated: expect.any(Number),
      kept: expect.any(Array),
      removed: expect.any(Number),
    });
    expect((await sessionsOf(klass.id)).length).toBe(8);
    const student = await createUser({ role: 'student' });
    expect((await send('POST', '/api/sessions/generate', student.token)).status).toBe(403);
  });
});

describe('POST /api/sessions/:id/cancel', () => {
  it('cancels with the reason and tells every booked and waitlisted person in-app, by push and (when they chose it) by e-mail', async () => {
    const admin = await asAdmin();
    const s = await insertSession({ inHours: 30, capacity: 1, bookedCount: 1, waitlistCount: 1 });
    const [a, b, gone] = await Promise.all([createUser(), createUser({ role: 'member' }), createUser()]);
    await testDb()
      .insert(sessionBookings)
      .values([
        { id: newId(), sessionId: s.id, userId: a.id, status: 'booked' },
        { id: newId(), sessionId: s.id, userId: b.id, status: 'waitlisted' },
        { id: newId(), sessionId: s.id, userId: gone.id, status: 'cancelled' },
      ]);
    await testDb().insert(notificationPreferences).values({ userId: a.id, email: true });
    const pushed: string[] = [];
    const recorder: PushSender = { send: async (userId) => (pushed.push(userId), true) };
    const previous = usePushSender(recorder);
    try {
      const res = await send('POST', `/api/sessions/${s.id}/cancel`, admin.token, { reason: 'Instructor ill' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ message: 'Session cancelled', session: { status: 'cancelled', cancelReason: 'Instructor ill' } });
      await settleDeferred();
    } finally {
      usePushSender(previous);
    }
    const told = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, s.id), eq(notifications.eventType, 'session_cancelled')));
    expect(told.map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
    expect(told[0]!.body).toContain('Reason: Instructor ill');
    expect(told.find((n) => n.userId === b.id)!.data).toMatchObject({ url: '/student/classes' });
    expect(pushed.sort()).toEqual([a.id, b.id].sort());
    const mails = await testDb()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.userId, [a.id, b.id, gone.id]));
    expect(mails.map((m) => m.userId)).toEqual([a.id]);
    expect(mails[0]).toMatchObject({ subject: `Class cancelled: ${s.title}`, kind: 'session-cancelled' });

    const again = await send('POST', `/api/sessions/${s.id}/cancel`, admin.token, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This session has been cancelled');
  });

  it('refuses a missing reason, an unknown session and a student', async () => {
    const admin = await asAdmin();
    const s = await insertSession({ inHours: 31 });
    const blank = await send('POST', `/api/sessions/${s.id}/cancel`, admin.token, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: 'reason is required', errors: [{ path: 'reason' }] });
    expect((await send('POST', '/api/sessions/nope/cancel', admin.token, { reason: 'x' })).status).toBe(404);
    const student = await createUser({ role: 'student' });
    for (const [method, path, body] of [
      ['POST', `/api/sessions/${s.id}/cancel`, { reason: 'x' }],
      ['PATCH', `/api/sessions/${s.id}`, { capacity: 3 }],
      ['POST', '/api/sessions', { title: 'x', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z' }],
    ] as const) {
      expect((await send(method, path, student.token, body)).status, path).toBe(403);
      expect((await send(method, path, undefined, body)).status, path).toBe(401);
    }
    const row = await testDb().select().from(classSessions).where(eq(classSessions.id, s.id)).get();
    expect(row).toMatchObject({ status: 'scheduled', capacity: 20 });
  });
});
