import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { events, notifications, ranks as rankTable } from '#db/schema/index.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { call, newGrading, school, type School } from './gradings.test-helpers.ts';

async function panel(s: School, id: string, confirm = true) {
  const gm = await createUser({ role: 'grandmaster' });
  const res = await call(s.admin, 'PUT', `/api/gradings/${id}/examiners`, {
    examiners: [
      { userId: gm.id, role: 'head' },
      { userId: s.instructor.id, role: 'panel' },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (confirm)
    for (const u of [gm, s.instructor]) expect((await call(u, 'POST', `/api/gradings/${id}/examiners/me/confirm`)).status).toBe(200);
  return gm;
}

describe('a grading from draft to scoring', () => {
  it('creates a draft with its program, targets and event, and refuses what does not belong', async () => {
    const s = await school();
    const other = await insertProgram();
    const eventId = newId();
    const at = new Date('2026-12-12T17:00:00Z');
    await testDb().insert(events).values({ id: eventId, title: 'Grading day', startsAt: at, endsAt: at, category: 'grading' });
    const party = newId();
    await testDb().insert(events).values({ id: party, title: 'Party', startsAt: at, endsAt: at, category: 'social' });
    const ok = await call(s.admin, 'POST', '/api/gradings', {
      programId: s.program.id,
      eventId,
      title: 'Winter grading',
      heldOn: '2026-12-12',
      targetRankIds: [s.ranks[1]!.id],
      minAge: 6,
      maxAge: 99,
      registrationClosesAt: '2026-12-05T08:00:00Z',
      resultRule: 'all',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data).toMatchObject({
      eventId,
      targetRankIds: [s.ranks[1]!.id],
      targetRanks: [{ _id: s.ranks[1]!.id, testFee: '25.00' }],
      registrationClosesAt: '2026-12-05T08:00:00.000Z',
      resultRule: 'all',
      examiners: [],
      candidateCount: 0,
      myCandidate: null,
      amExaminer: false,
    });
    const base = { programId: s.program.id, title: 'x', heldOn: '2026-12-12' };
    const refusals: [Record<string, unknown>, string][] = [
      [{ eventId: party }, 'eventId must be an event of category grading'],
      [{ targetRankIds: [other.ranks[0]!.id] }, 'targetRankIds must be ranks of this program'],
      [{ programId: newId() }, 'programId must be a program'],
      [{ heldOn: '2026-02-30' }, 'heldOn must be a date (YYYY-MM-DD)'],
      [{ minAge: 12, maxAge: 8 }, 'minAge must not be above maxAge'],
    ];
    for (const [extra, message] of refusals) {
      const res = await call(s.admin, 'POST', '/api/gradings', { ...base, ...extra });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('moves only along the states, one conditional move each, and says why in words otherwise', async () => {
    const s = await school();
    const id = await newGrading(s, {}, false);
    const wrong = await call(s.admin, 'POST', `/api/gradings/${id}/start-scoring`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('This grading cannot move from draft to scoring');
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/open`)).body.data.status).toBe('open');
    const again = await call(s.admin, 'POST', `/api/gradings/${id}/open`);
    expect([again.status, again.body.message]).toEqual([409, 'This grading cannot move from open to open']);
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/reopen`)).body.message).toBe('This grading cannot move from open to open');

    const noPanel = await call(s.admin, 'POST', `/api/gradings/${id}/lock`);
    expect([noPanel.status, noPanel.body.message]).toEqual([409, 'A head examiner must be named before the roster locks']);
    const gm = await panel(s, id, false);
    await call(gm, 'POST', `/api/gradings/${id}/examiners/me/confirm`);
    const unconfirmed = await call(s.admin, 'POST', `/api/gradings/${id}/lock`);
    expect([unconfirmed.status, unconfirmed.body.message]).toEqual([409, 'Every examiner must confirm before the roster locks']);
    await call(s.instructor, 'POST', `/api/gradings/${id}/examiners/me/confirm`);
    const locked = await call(s.admin, 'POST', `/api/gradings/${id}/lock`);
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({ status: 'locked', moves: ['scoring', 'open', 'cancelled'] });
    expect(locked.body.data.lockedAt).toEqual(expect.any(String));

    const edit = await call(s.admin, 'PATCH', `/api/gradings/${id}`, { title: 'Renamed' });
    expect([edit.status, edit.body.message]).toEqual([409, 'This grading can no longer be edited']);
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/reopen`)).body.data).toMatchObject({ status: 'open', lockedAt: null });
    expect((await call(s.admin, 'PATCH', `/api/gradings/${id}`, { title: 'Renamed' })).body.data.title).toBe('Renamed');
    await call(s.admin, 'POST', `/api/gradings/${id}/lock`);
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/start-scoring`)).body.data.status).toBe('scoring');
    const examiners = await call(s.admin, 'PUT', `/api/gradings/${id}/examiners`, { examiners: [{ userId: gm.id, role: 'head' }] });
    expect([examiners.status, examiners.body.message]).toEqual([409, 'Examiners can be changed only while the grading is a draft or open']);
  });

  it('cancels with a reason before finalizing, tells the candidates, and moves no more', async () => {
    const s = await school();
    const id = await newGrading(s);
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })).status).toBe(201);
    const noReason = await call(s.admin, 'POST', `/api/gradings/${id}/cancel`, {});
    expect([noReason.status, noReason.body.message]).toEqual([400, 'reason is required']);
    const res = await call(s.admin, 'POST', `/api/gradings/${id}/cancel`, { reason: 'The hall flooded' });
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'The hall flooded', moves: [] });
    await settleDeferred();
    const told = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.student.id), eq(notifications.eventType, 'grading_cancelled')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('The hall flooded');
    const after = await call(s.admin, 'POST', `/api/gradings/${id}/open`);
    expect([after.status, after.body.message]).toEqual([409, 'This grading cannot move from cancelled to open']);
  });

  it('takes only staff examiners, exactly one head, each holding the minimum rank of every target', async () => {
    const s = await school();
    const { program, ranks } = await insertProgram({ ranks: [{}, {}, {}, {}] });
    await testDb().update(rankTable).set({ examinerMinRankId: ranks[3]!.id }).where(eq(rankTable.id, ranks[1]!.id));
    const res = await call(s.admin, 'POST', '/api/gradings', {
      programId: program.id,
      title: 'Dan',
      heldOn: '2026-12-12',
      targetRankIds: [ranks[1]!.id],
    });
    const id = res.body.data._id;
    const [senior, junior] = [await createUser({ role: 'instructor' }), await createUser({ role: 'instructor' })];
    await awardRank(senior.id, program.id, ranks[3]!.id, '2020-01-01');
    await awardRank(junior.id, program.id, ranks[2]!.id, '2020-01-01');
    const put = (examiners: unknown[]) => call(s.admin, 'PUT', `/api/gradings/${id}/examiners`, { examiners });
    const student = await put([{ userId: s.student.id, role: 'head' }]);
    expect([student.status, student.body.message]).toEqual([400, 'Examiners must be instructors, grand masters or admins']);
    const twoHeads = await put([
      { userId: senior.id, role: 'head' },
      { userId: s.admin.id, role: 'head' },
    ]);
    expect([twoHeads.status, twoHeads.body.message]).toEqual([400, 'Exactly one examiner must be the head']);
    const tooJunior = await put([
      { userId: senior.id, role: 'head' },
      { userId: junior.id, role: 'panel' },
    ]);
    expect([tooJunior.status, tooJunior.body.message]).toEqual([400, `An examiner must hold at least Rank 4 to examine Rank 2`]);
    const ok = await put([{ userId: senior.id, role: 'head' }]);
    expect(ok.body.data.examiners).toEqual([{ userId: senior.id, name: 'Test instructor', role: 'head', confirmedAt: null }]);
    expect((await call(junior, 'POST', `/api/gradings/${id}/examiners/me/confirm`)).status).toBe(403);
    const confirmed = await call(senior, 'POST', `/api/gradings/${id}/examiners/me/confirm`);
    expect(confirmed.body.data.examiners[0].confirmedAt).toEqual(expect.any(String));
    expect(confirmed.body.data.amExaminer).toBe(true);
    // The same panel again keeps the confirmation.
    expect((await put([{ userId: senior.id, role: 'head' }])).body.data.examiners[0].confirmedAt).toEqual(
      confirmed.body.data.examiners[0].confirmedAt,
    );
  });
});
