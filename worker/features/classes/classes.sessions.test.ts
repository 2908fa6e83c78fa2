import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { classSessions, notifications, sessionBookings } from '#db/schema/index.ts';
import { asAdmin, createUser, send, tagged } from '#test/catalog-helpers.ts';
import { testDb } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { classBody, makeClass } from './classes.test-helpers.ts';

const HOUR = 3_600_000;
const sessionsOf = (classId: string) =>
  testDb().select().from(classSessions).where(eq(classSessions.classId, classId)).orderBy(asc(classSessions.startsAt));

async function bookFirst(classId: string) {
  const [first] = await sessionsOf(classId);
  const student = await createUser();
  await testDb().insert(sessionBookings).values({ id: newId(), sessionId: first!.id, userId: student.id, status: 'booked' });
  await testDb().update(classSessions).set({ bookedCount: 1 }).where(eq(classSessions.id, first!.id));
  return { session: first!, student };
}

describe('a class and its instructor account', () => {
  it('links a teaching account as instructorId and refuses any other with 400', async () => {
    const admin = await asAdmin();
    const teacher = await createUser({ role: 'instructor' });
    const student = await createUser({ role: 'student' });
    const made = await send('POST', '/api/classes', admin.token, classBody(`${tagged()} linked`, { instructorId: teacher.id }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.class).toMatchObject({ instructorId: teacher.id, instructorName: 'Sensei Ito' });
    for (const instructorId of [student.id, 'nobody']) {
      const bad = await send('POST', '/api/classes', admin.token, classBody(`${tagged()} bad`, { instructorId }));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ message: 'instructorId must be an instructor', errors: [{ path: 'instructorId' }] });
      const put = await send('PUT', `/api/classes/${made.body.class._id}`, admin.token, { instructorId });
      expect(put.status).toBe(400);
      expect(put.body.message).toBe('instructorId must be an instructor');
    }
    expect(
      (await send('PUT', `/api/classes/${made.body.class._id}`, admin.token, { instructorId: '' })).body.class.instructorId,
    ).toBeNull();
    expect((await send('PUT', '/api/classes/nope', admin.token, { instructorId: teacher.id })).status).toBe(404);
  });
});

describe('a class edit reconciles its future sessions', () => {
  it('generates 8 weeks at creation; a new time moves the unbooked ones and keeps and reports the booked one', async () => {
    const admin = await asAdmin();
    const teacher = await createUser({ role: 'instructor' });
    const made = await send('POST', '/api/classes', admin.token, classBody(`${tagged()} moves`, { capacity: 10 }));
    expect(made.body.sessions).toMatchObject({ created: 8, updated: 0, kept: [], removed: 0 });
    const klass = made.body.class;
    const before = await sessionsOf(klass._id);
    expect(before).toHaveLength(8);
    const { session: booked } = await bookFirst(klass._id);
    const res = await send('PUT', `/api/classes/${klass._id}`, admin.token, {
      startTime: '18:00',
      endTime: '19:00',
      capacity: 12,
      instructorId: teacher.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Class updated successfully. 1 booked session kept its old details: see Sessions');
    expect(res.body.sessions).toEqual({
      created: 1,
      updated: 7,
      kept: [{ _id: booked.id, startsAt: booked.startsAt.toISOString(), bookedCount: 1 }],
      removed: 0,
    });
    const after = await sessionsOf(klass._id);
    const kept = after.find((s) => s.id === booked.id)!;
    expect(kept).toMatchObject({ startsAt: booked.startsAt, capacity: 10, instructorUserId: null });
    const moved = after.filter((s) => s.id !== booked.id);
    expect(moved).toHaveLength(8);
    for (const s of moved.slice(1)) {
      const old = before.find((b) => b.id === s.id)!;
      expect(s.startsAt.getTime() - old.startsAt.getTime()).toBe(HOUR);
      expect(s).toMatchObject({ capacity: 12, instructorUserId: teacher.id });
    }
    // A description alone changes no session.
    const quiet = await send('PUT', `/api/classes/${klass._id}`, admin.token, { description: 'Bring a belt' });
    expect(quiet.body.sessions).toEqual({ created: 0, updated: 0, kept: [], removed: 0 });
  });

  it('deactivating removes the unbooked future sessions and cancels the booked one with a notice', async () => {
    const admin = await asAdmin();
    const klass = await makeClass(admin.token, `${tagged()} ends`);
    const { session: booked, student } = await bookFirst(klass._id);
    const res = await send('PUT', `/api/classes/${klass._id}`, admin.token, { isActive: false });
    expect(res.body.sessions).toEqual({ created: 0, updated: 0, kept: [], removed: 7, cancelled: 1 });
    expect(res.body.message).toBe('Class updated successfully. 1 booked session was cancelled and the people told');
    await settleDeferred();
    expect(await sessionsOf(klass._id)).toEqual([
      expect.objectContaining({ id: booked.id, status: 'cancelled', cancelReason: 'The class is no longer on the timetable' }),
    ]);
    const told = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.id), eq(notifications.entityId, booked.id)));
    expect(told).toHaveLength(1);
    // Active again: the sessions come back (the cancelled date keeps no twin).
    const back = await send('PUT', `/api/classes/${klass._id}`, admin.token, { isActive: true });
    expect(back.body.sessions.created).toBe(7);
  });

  it('deleting withdraws the future sessions; a past one stays for the record', async () => {
    const admin = await asAdmin();
    const klass = await makeClass(admin.token, `${tagged()} gone`);
    const { session: booked } = await bookFirst(klass._id);
    const pastId = newId();
    await testDb()
      .insert(classSessions)
      .values({
        id: pastId,
        classId: klass._id,
        title: 'Last week',
        startsAt: new Date(Date.now() - 200 * HOUR),
        endsAt: new Date(Date.now() - 199 * HOUR),
      });
    const res = await send('DELETE', `/api/classes/${klass._id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: klass._id, sessions: { removed: 7, cancelled: 1 } });
    const left = await testDb().select().from(classSessions).where(eq(classSessions.title, 'Last week'));
    expect(left.find((s) => s.id === pastId)).toMatchObject({ classId: null, status: 'scheduled' });
    const cancelled = await testDb().select().from(classSessions).where(eq(classSessions.id, booked.id)).get();
    expect(cancelled).toMatchObject({ status: 'cancelled', classId: null });
  });
});
