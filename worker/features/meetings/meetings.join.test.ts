import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meetingJoins } from '#db/schema/index.ts';
import { send } from '#test/catalog-helpers.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { insertMeeting } from './meetings.test-helpers.ts';

const joinAs = (token: string, id: string) => send('POST', `/api/zoom-meetings/${id}/join`, token);

describe('joining a meeting (spec 4, 9)', () => {
  it('opens 15 minutes before the start: 14:30 before joins, 15:30 before is refused', async () => {
    const student = await createUser({ role: 'student' });
    const inside = await insertMeeting(14.5);
    const ok = await joinAs(student.token, inside.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ meetingId: inside.id, joinUrl: inside.joinUrl, password: 'osu', joinCount: 1 });
    const outside = await insertMeeting(15.5);
    const refused = await joinAs(student.token, outside.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: 'This meeting opens for joining 15 minutes before it starts' });
    expect(JSON.stringify(refused.body)).not.toContain(outside.joinUrl);
  });

  it('joins a meeting under way until its end, then says it has ended', async () => {
    const student = await createUser({ role: 'student' });
    expect((await joinAs(student.token, (await insertMeeting(-59)).id)).status).toBe(200);
    const over = await joinAs(student.token, (await insertMeeting(-61)).id);
    expect(over).toMatchObject({ status: 409, body: { message: 'This meeting has ended' } });
    const marked = await joinAs(student.token, (await insertMeeting(5, { status: 'ended' })).id);
    expect(marked).toMatchObject({ status: 409, body: { message: 'This meeting has ended' } });
  });

  it('refuses a cancelled meeting and joins a started one', async () => {
    const member = await createUser({ role: 'member' });
    const cancelled = await joinAs(member.token, (await insertMeeting(5, { status: 'cancelled' })).id);
    expect(cancelled).toMatchObject({ status: 409, body: { message: 'This meeting has been cancelled' } });
    expect((await joinAs(member.token, (await insertMeeting(-5, { status: 'started' })).id)).status).toBe(200);
  });

  it('records one row per user and meeting, counting repeated joins', async () => {
    const student = await createUser({ role: 'student' });
    const m = await insertMeeting(0);
    await Promise.all([joinAs(student.token, m.id), joinAs(student.token, m.id), joinAs(student.token, m.id)]);
    const rows = await testDb().select().from(meetingJoins).where(eq(meetingJoins.meetingId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: student.id, joinCount: 3 });
    expect(rows[0]!.lastJoinedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.joinedAt.getTime());
  });

  it('answers 404 for an unknown meeting', async () => {
    const student = await createUser({ role: 'student' });
    expect((await joinAs(student.token, 'nope')).status).toBe(404);
  });
});
