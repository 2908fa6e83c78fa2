import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceEvents } from '#db/schema/index.ts';
import { createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { giveActiveMembership, insertSession } from '#test/session-helpers.ts';
import { recordAttendance } from './attendance.record.ts';
import { ev, outcomesOf, postEvents, storedIn } from './attendance.test-helpers.ts';

async function taught() {
  const teacher = await createUser({ role: 'instructor' });
  const session = await insertSession({ inHours: -0.5, instructorUserId: teacher.id });
  return { teacher, session };
}

describe('POST /api/attendance/events', () => {
  it('stores a roster batch with who sent it and the Idempotency-Key, walk-ins included, and answers an outcome per event', async () => {
    const { teacher, session } = await taught();
    const [a, b] = await Promise.all([createUser(), createUser()]);
    await Promise.all([giveActiveMembership(a.id), giveActiveMembership(b.id)]);
    const events = [ev({ sessionId: session.id, userId: a.id }), ev({ sessionId: session.id, userId: b.id, kind: 'late' })];
    const res = await postEvents(teacher.token, events, { 'Idempotency-Key': 'roster-flush-1' });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual(events.map((e) => ({ id: e.id, outcome: 'accepted' })));
    const rows = await testDb().select().from(attendanceEvents).where(eq(attendanceEvents.sessionId, session.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ recordedBy: teacher.id, kioskDeviceId: null, idempotencyKey: 'roster-flush-1', needsReview: false });
      expect(row.receivedAt.getTime()).toBeGreaterThan(row.recordedAt.getTime());
    }
  });

  it('accepts a person without an active membership or enrolment and flags the event needsReview', async () => {
    const { teacher, session } = await taught();
    const lapsed = await createUser({ role: 'member' });
    const e = ev({ sessionId: session.id, userId: lapsed.id });
    const res = await postEvents(teacher.token, [e]);
    expect(outcomesOf(res.body)).toEqual(['accepted']);
    const row = await testDb().select().from(attendanceEvents).where(eq(attendanceEvents.id, e.id)).get();
    expect(row?.needsReview).toBe(true);
  });

  it('rejects events 10 minutes ahead, 14 days old, for a cancelled or unknown session, with reasons, and stores the rest', async () => {
    const { teacher, session } = await taught();
    const cancelled = await insertSession({ inHours: -1, instructorUserId: teacher.id, status: 'cancelled', cancelReason: 'Snow' });
    const member = await createUser();
    const events = [
      ev({ sessionId: session.id, userId: member.id, minutesAgo: -11 }),
      ev({ sessionId: session.id, userId: member.id, minutesAgo: 14 * 24 * 60 + 1 }),
      ev({ sessionId: cancelled.id, userId: member.id }),
      ev({ sessionId: 'no-such-session', userId: member.id }),
      ev({ sessionId: session.id, userId: member.id, minutesAgo: -9 }),
    ];
    const res = await postEvents(teacher.token, events);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { outcome: string; reason?: string }) => [r.outcome, r.reason])).toEqual([
      ['rejected', 'Recorded more than 10 minutes in the future'],
      ['rejected', 'Recorded more than 14 days ago'],
      ['rejected', 'Session cancelled'],
      ['rejected', 'Unknown session'],
      ['accepted', undefined],
    ]);
    expect(await storedIn(session.id)).toBe(1);
    expect(await storedIn(cancelled.id)).toBe(0);
  });

  it('lets admin-capable people send roster and admin corrections for any session', async () => {
    const { session } = await taught();
    const [admin, grandmaster, member] = await Promise.all([
      createUser({ role: 'admin' }),
      createUser({ role: 'grandmaster' }),
      createUser(),
    ]);
    const a = await postEvents(admin.token, [ev({ sessionId: session.id, userId: member.id, method: 'admin', kind: 'excused' })]);
    const g = await postEvents(grandmaster.token, [ev({ sessionId: session.id, userId: member.id })]);
    expect([outcomesOf(a.body), outcomesOf(g.body)]).toEqual([['accepted'], ['accepted']]);
  });

  it('marks an id repeated inside one batch a duplicate after the first', async () => {
    const { teacher, session } = await taught();
    const member = await createUser();
    const e = ev({ sessionId: session.id, userId: member.id });
    const res = await postEvents(teacher.token, [e, { ...e, id: e.id.toUpperCase() }]);
    expect(outcomesOf(res.body)).toEqual(['accepted', 'duplicate']);
    expect(await storedIn(session.id)).toBe(1);
  });

  it('records a kiosk check-in with its device and no staff author', async () => {
    const { session } = await taught();
    const member = await createUser();
    const e = ev({ sessionId: session.id, userId: member.id, method: 'kiosk_qr' });
    const results = await recordAttendance(testServiceCtx(), { kind: 'kiosk', deviceId: 'kiosk-1' }, [
      { ...e, recordedAt: new Date(e.recordedAt) },
    ]);
    expect(results).toEqual([{ id: e.id, outcome: 'accepted' }]);
    const row = await testDb().select().from(attendanceEvents).where(eq(attendanceEvents.id, e.id)).get();
    expect(row).toMatchObject({ recordedBy: null, kioskDeviceId: 'kiosk-1', method: 'kiosk_qr' });
  });
});
