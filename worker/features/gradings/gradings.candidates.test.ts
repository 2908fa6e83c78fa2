import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '#db/schema/index.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { awardRank, insertGrading, insertProgram } from '#test/progression-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { call, candidateRow, memberAt, newGrading, school } from './gradings.test-helpers.ts';

describe('candidates of a grading', () => {
  it('lists members whose next rank is a target, eligible and ineligible apart with what is unmet', async () => {
    const s = await school();
    const ready = await memberAt(s, 0);
    const notReady = await memberAt(s, 1);
    const beyond = await memberAt(s, 2);
    const id = await newGrading(s, { targetRankIds: [s.ranks[1]!.id, s.ranks[2]!.id] });
    await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id });
    const res = await call(s.instructor, 'GET', `/api/gradings/${id}/candidates`);
    expect(res.status).toBe(200);
    const { candidates, eligible, ineligible } = res.body.data;
    expect(candidates.map((c: { userId: string }) => c.userId)).toEqual([s.student.id]);
    expect(eligible.map((m: { userId: string }) => m.userId)).toContain(ready.id);
    expect(eligible.map((m: { userId: string }) => m.userId)).not.toContain(s.student.id);
    const mine = ineligible.find((m: { userId: string }) => m.userId === notReady.id);
    expect(mine).toMatchObject({ nextRank: { _id: s.ranks[2]!.id }, unmet: [{ type: 'instructor_approval', met: false }] });
    for (const list of [eligible, ineligible]) expect(list.map((m: { userId: string }) => m.userId)).not.toContain(beyond.id);
  });

  it('refuses an ineligible member without overrideReason (400) and freezes the snapshot with it (201)', async () => {
    const s = await school();
    const member = await memberAt(s, 1);
    const id = await newGrading(s);
    const refused = await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: member.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This member is not eligible: give an overrideReason to invite anyway');
    const res = await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, {
      userId: member.id,
      overrideReason: 'Trained abroad for a year',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'invited',
      overrideReason: 'Trained abroad for a year',
      fromRank: { _id: s.ranks[1]!.id },
      targetRank: { _id: s.ranks[2]!.id },
      fee: '40.00',
      feeCents: 4000,
      paymentStatus: 'none',
      eligibilitySnapshot: { eligible: false, checks: [{ type: 'instructor_approval', met: false }] },
    });
    const row = (await candidateRow(res.body.data._id))!;
    expect(row.eligibilitySnapshot).toMatchObject({ eligible: false, checks: [{ type: 'instructor_approval', actual: false }] });
    await settleDeferred();
    const told = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.eventType, 'grading_invited')));
    expect(told).toHaveLength(1);
  });

  it('invites an eligible member to their next rank, refuses a second invitation and a rank the grading does not test', async () => {
    const s = await school();
    const id = await newGrading(s, { targetRankIds: [s.ranks[1]!.id] });
    const res = await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id });
    expect(res.body.data).toMatchObject({
      eligibilitySnapshot: { eligible: true },
      overrideReason: null,
      targetRank: { _id: s.ranks[1]!.id },
    });
    const twice = await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id });
    expect([twice.status, twice.body.message]).toEqual([409, 'Already a candidate']);
    const other = await memberAt(s, 0);
    const notTested = await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, {
      userId: other.id,
      targetRankId: s.ranks[2]!.id,
      overrideReason: 'x',
    });
    expect([notTested.status, notTested.body.message]).toEqual([400, 'targetRankId must be a target rank of this grading']);
  });

  it('refuses invitations once the roster is locked (409)', async () => {
    const s = await school();
    const gm = await createUser({ role: 'grandmaster' });
    const { grading } = await insertGrading(s.program.id, {
      status: 'locked',
      examiners: [{ userId: gm.id, role: 'head', confirmed: true }],
    });
    const res = await call(s.admin, 'POST', `/api/gradings/${grading.id}/candidates`, { userId: s.student.id });
    expect([res.status, res.body.message]).toEqual([409, 'The roster is locked: no more candidates can be invited']);
  });

  it('removes an invited candidate, waives a fee with a reason, and takes attendance only of the paid or waived while locked', async () => {
    const s = await school();
    const id = await newGrading(s);
    const a = (await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })).body.data._id;
    const other = await memberAt(s, 0);
    const b = (await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: other.id })).body.data._id;
    expect((await call(s.admin, 'DELETE', `/api/gradings/${id}/candidates/${b}`)).status).toBe(200);
    expect(await candidateRow(b)).toBeUndefined();
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/candidates/${a}/waive`, {})).status).toBe(400);
    const early = await call(s.instructor, 'POST', `/api/gradings/${id}/candidates/${a}/attendance`, { present: true });
    expect([early.status, early.body.message]).toEqual([
      409,
      'Only a candidate who paid or whose fee was waived can be marked present or absent',
    ]);
    const waived = await call(s.admin, 'POST', `/api/gradings/${id}/candidates/${a}/waive`, { reason: 'Scholarship' });
    expect(waived.body.data).toMatchObject({ status: 'waived', paymentStatus: 'waived', waiveReason: 'Scholarship' });
    const notYet = await call(s.instructor, 'POST', `/api/gradings/${id}/candidates/${a}/attendance`, { present: true });
    expect([notYet.status, notYet.body.message]).toEqual([409, 'Attendance can be taken only while the grading is locked or scoring']);
    const gm = await createUser({ role: 'grandmaster' });
    await call(s.admin, 'PUT', `/api/gradings/${id}/examiners`, { examiners: [{ userId: gm.id, role: 'head' }] });
    await call(gm, 'POST', `/api/gradings/${id}/examiners/me/confirm`);
    expect((await call(s.admin, 'POST', `/api/gradings/${id}/lock`)).status).toBe(200);
    const present = await call(s.instructor, 'POST', `/api/gradings/${id}/candidates/${a}/attendance`, { present: true });
    expect(present.body.data.status).toBe('present');
    expect((await call(s.admin, 'DELETE', `/api/gradings/${id}/candidates/${a}`)).status).toBe(409);
  });
});

describe('what students and members see', () => {
  it('shows a student only open-or-later gradings of programs they hold a rank in or are a candidate of, with their candidacy', async () => {
    const s = await school();
    const elsewhere = await insertProgram();
    const mine = await newGrading(s);
    const draft = await newGrading(s, {}, false);
    const { grading: foreign } = await insertGrading(elsewhere.program.id, { status: 'open' });
    const { grading: invitedThere } = await insertGrading(elsewhere.program.id, {
      status: 'open',
      candidates: [{ userId: s.student.id, targetRankId: elsewhere.ranks[0]!.id }],
    });
    const list = await call(s.student, 'GET', `/api/gradings?limit=100`);
    const ids = list.body.data.map((g: { _id: string }) => g._id);
    expect(ids).toEqual(expect.arrayContaining([mine, invitedThere.id]));
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(foreign.id);
    expect(list.body.data.find((g: { _id: string }) => g._id === invitedThere.id).myCandidate).toMatchObject({
      status: 'invited',
      fee: '0.00',
    });
    for (const hidden of [draft, foreign.id]) {
      const res = await call(s.student, 'GET', `/api/gradings/${hidden}`);
      expect([res.status, res.body.message]).toEqual([404, 'Grading not found']);
    }
    expect((await call(s.student, 'GET', `/api/gradings/${mine}`)).status).toBe(200);
    const stranger = await createUser({ role: 'member' });
    expect((await call(stranger, 'GET', `/api/gradings/${mine}`)).status).toBe(404);
    // Staff see every grading, drafts too.
    expect((await call(s.instructor, 'GET', `/api/gradings/${draft}`)).status).toBe(200);
    await awardRank(stranger.id, s.program.id, s.ranks[0]!.id, '2026-01-01');
    expect((await call(stranger, 'GET', `/api/gradings/${mine}`)).status).toBe(200);
  });
});
