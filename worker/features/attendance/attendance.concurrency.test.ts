import { describe, expect, it } from 'vitest';
import { api, createUser, testServiceCtx } from '#test/helpers.ts';
import { giveActiveMembership, insertSession } from '#test/session-helpers.ts';
import { recordAttendance } from './attendance.record.ts';
import { ev, outcomesOf, postEvents, storedIn } from './attendance.test-helpers.ts';

async function taught() {
  const teacher = await createUser({ role: 'instructor' });
  const session = await insertSession({ inHours: -0.5, instructorUserId: teacher.id });
  return { teacher, session };
}

const rosterRow = async (token: string, sessionId: string, userId: string) => {
  const res = await api(`/api/sessions/${sessionId}/roster`, { token });
  expect(res.status).toBe(200);
  return { row: res.body.data.attendees.find((a: { userId: string }) => a.userId === userId), counts: res.body.data.counts };
};

describe('attendance races and replays', () => {
  it('two devices posting the same presence at once (different ids) leave one effective present', async () => {
    const { teacher, session } = await taught();
    const admin = await createUser({ role: 'admin' });
    const member = await createUser();
    await giveActiveMembership(member.id);
    const [phone, desk] = await Promise.all([
      postEvents(teacher.token, [ev({ sessionId: session.id, userId: member.id, minutesAgo: 2 })]),
      postEvents(admin.token, [ev({ sessionId: session.id, userId: member.id, minutesAgo: 1 })]),
    ]);
    expect([outcomesOf(phone.body), outcomesOf(desk.body)]).toEqual([['accepted'], ['accepted']]);
    expect(await storedIn(session.id)).toBe(2);
    const { row, counts } = await rosterRow(teacher.token, session.id, member.id);
    expect(row).toMatchObject({ status: 'present', walkIn: true, needsReview: false });
    expect(counts).toMatchObject({ present: 1, walkIns: 1 });
  });

  it('the same batch replayed answers duplicate for every event and writes nothing more, also when both race', async () => {
    const { teacher, session } = await taught();
    const members = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    const batch = members.map((m) => ev({ sessionId: session.id, userId: m.id }));
    const first = await postEvents(teacher.token, batch, { 'Idempotency-Key': 'flush-a' });
    const again = await postEvents(teacher.token, batch, { 'Idempotency-Key': 'flush-a' });
    const accepted = outcomesOf(first.body).filter((o) => o === 'accepted').length;
    const duplicate = outcomesOf(again.body).filter((o) => o === 'duplicate').length;
    console.log(`event replay: ${accepted} accepted, then ${duplicate} duplicate`);
    expect([accepted, duplicate]).toEqual([50, 50]);
    expect(await storedIn(session.id)).toBe(50);

    const racing = members.map((m) => ev({ sessionId: session.id, userId: m.id, kind: 'late' }));
    const answers = await Promise.all([postEvents(teacher.token, racing), postEvents(teacher.token, racing)]);
    const all = answers.flatMap((a) => outcomesOf(a.body));
    expect(all.filter((o) => o === 'accepted')).toHaveLength(50);
    expect(all.filter((o) => o === 'duplicate')).toHaveLength(50);
    expect(await storedIn(session.id)).toBe(100);
  });

  it('a staff absent recorded after a kiosk present wins, and a later kiosk scan does not undo it', async () => {
    const { teacher, session } = await taught();
    const member = await createUser();
    const kiosk = { kind: 'kiosk' as const, deviceId: 'front-desk' };
    const scan = (minutesAgo: number) => {
      const e = ev({ sessionId: session.id, userId: member.id, method: 'kiosk_qr', minutesAgo });
      return { ...e, recordedAt: new Date(e.recordedAt) };
    };
    expect(await recordAttendance(testServiceCtx(), kiosk, [scan(10)])).toMatchObject([{ outcome: 'accepted' }]);
    expect((await rosterRow(teacher.token, session.id, member.id)).row).toMatchObject({ status: 'present', lastMethod: 'kiosk_qr' });

    await postEvents(teacher.token, [ev({ sessionId: session.id, userId: member.id, kind: 'absent', minutesAgo: 5 })]);
    expect((await rosterRow(teacher.token, session.id, member.id)).row).toMatchObject({ status: 'absent', lastMethod: 'roster' });

    await recordAttendance(testServiceCtx(), kiosk, [{ ...scan(1), kind: 'absent' }]);
    expect((await rosterRow(teacher.token, session.id, member.id)).row).toMatchObject({ status: 'absent', lastMethod: 'roster' });
  });
});
