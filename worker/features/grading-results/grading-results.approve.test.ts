import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradingCandidates, gradings, gradingSheets } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { putScores, scoreAndLock, scoringGrading } from './grading-results.test-helpers.ts';

const approve = (token: string, id: string) => api(`/api/gradings/${id}/approve`, { method: 'POST', token });
const statusOf = async (candidateId: string) =>
  (await testDb().select().from(gradingCandidates).where(eq(gradingCandidates.id, candidateId)).get())?.status;

/** Two examiners pass the candidate (8 of 10), the third fails them (2 of 10), and every sheet is locked. */
async function splitPanel(rule: 'majority' | 'all') {
  const g = await scoringGrading({ candidates: 1, rule });
  const cid = g.candidates[0]!.id;
  for (const [i, e] of g.examiners.entries()) await scoreAndLock(e.token, g.grading.id, cid, g.target.techniqueIds, i < 2 ? 8 : 2);
  return { ...g, cid };
}

describe('results and approval', () => {
  it('a majority rule passes a candidate two of three examiners pass; results show every examiner’s sheet', async () => {
    const g = await splitPanel('majority');
    const admin = await createUser({ role: 'admin' });
    const res = await api(`/api/gradings/${g.grading.id}/results`, { token: admin.token });
    expect(res.status).toBe(200);
    const [row] = res.body.data;
    expect(row).toMatchObject({ candidateId: g.cid, outcome: 'passed', targetRank: { _id: g.target.id } });
    expect(row.sheets.map((s: { examinerId: string }) => s.examinerId)).toEqual(g.examiners.map((e) => e.id));
    expect(row.sheets[2]).toMatchObject({ role: 'panel', scores: Object.fromEntries(g.target.techniqueIds.map((t) => [t, 2])) });
    expect(row.verdicts.map((v: { passed: boolean }) => v.passed)).toEqual([true, true, false]);
    const ok = await approve(admin.token, g.grading.id);
    expect(ok.status).toBe(200);
    expect(await statusOf(g.cid)).toBe('passed');
  });

  it('an all-examiners rule fails the same candidate', async () => {
    const g = await splitPanel('all');
    const res = await approve(g.head.token, g.grading.id);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ outcome: 'failed' });
    expect(await statusOf(g.cid)).toBe('failed');
  });

  it('refuses approval with 409 while a present candidate’s sheet is unlocked, and writes nothing', async () => {
    const g = await scoringGrading({ candidates: 2 });
    const [c1, c2] = g.candidates;
    for (const e of g.examiners) await scoreAndLock(e.token, g.grading.id, c1!.id, g.target.techniqueIds, 9);
    await putScores(g.head.token, g.grading.id, {
      candidateId: c2!.id,
      scores: g.target.techniqueIds.map((techniqueId) => ({ techniqueId, score: 9 })),
    });
    const res = await approve(g.head.token, g.grading.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Every examiner must lock every sheet first');
    expect(await statusOf(c1!.id)).toBe('present');
    expect((await testDb().select().from(gradings).where(eq(gradings.id, g.grading.id)).get())?.status).toBe('scoring');
  });

  it('lets only an admin-capable user or the head examiner approve', async () => {
    const g = await splitPanel('majority');
    const panel = await approve(g.examiners[1]!.token, g.grading.id);
    expect(panel.status).toBe(403);
    expect((await approve(g.students[0]!.token, g.grading.id)).status).toBe(403);
    expect((await approve(g.head.token, g.grading.id)).status).toBe(200);
    const twice = await approve(g.head.token, g.grading.id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This grading cannot move from approved to approved');
  });

  it('two approvals at once decide once: one 200, the other 409', async () => {
    const g = await splitPanel('majority');
    const admin = await createUser({ role: 'admin' });
    const answers = await Promise.all([approve(admin.token, g.grading.id), approve(g.head.token, g.grading.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const row = await testDb().select().from(gradingCandidates).where(eq(gradingCandidates.id, g.cid)).get();
    const winner = answers[0]!.status === 200 ? admin.id : g.head.id;
    expect(row).toMatchObject({ status: 'passed', decidedBy: winner });
  });

  it('defers absent candidates, and reopening scoring clears the decisions and unlocks the sheets', async () => {
    const g = await scoringGrading({ candidates: [{}, { status: 'absent' }] });
    const [present, absent] = g.candidates;
    for (const e of g.examiners) await scoreAndLock(e.token, g.grading.id, present!.id, g.target.techniqueIds, 9);
    const admin = await createUser({ role: 'grandmaster' });
    expect((await approve(admin.token, g.grading.id)).status).toBe(200);
    expect([await statusOf(present!.id), await statusOf(absent!.id)]).toEqual(['passed', 'deferred']);
    expect((await putScores(g.head.token, g.grading.id, { candidateId: present!.id, scores: [] })).status).toBe(409);

    expect((await api(`/api/gradings/${g.grading.id}/reopen-scoring`, { method: 'POST', token: g.head.token })).status).toBe(403);
    const reopen = await api(`/api/gradings/${g.grading.id}/reopen-scoring`, { method: 'POST', token: admin.token });
    expect(reopen.status).toBe(200);
    expect([await statusOf(present!.id), await statusOf(absent!.id)]).toEqual(['present', 'absent']);
    const sheets = await testDb().select().from(gradingSheets).where(eq(gradingSheets.candidateId, present!.id));
    expect(sheets.map((s) => s.lockedAt)).toEqual(g.examiners.map(() => null));
    const again = await api(`/api/gradings/${g.grading.id}/reopen-scoring`, { method: 'POST', token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This grading cannot move from scoring to scoring');
  });

  it('shows a candidate their own row once approved, and nothing before or to another student', async () => {
    const g = await scoringGrading({ candidates: 2 });
    const [mine, theirs] = g.candidates;
    for (const c of [mine!, theirs!])
      for (const e of g.examiners) await scoreAndLock(e.token, g.grading.id, c.id, g.target.techniqueIds, 9);
    const student = g.students[0]!;
    expect((await api(`/api/gradings/${g.grading.id}/results`, { token: student.token })).status).toBe(404);
    await approve(g.head.token, g.grading.id);
    const res = await api(`/api/gradings/${g.grading.id}/results`, { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { candidateId: string }) => r.candidateId)).toEqual([mine!.id]);
    const stranger = await createUser();
    expect((await api(`/api/gradings/${g.grading.id}/results`, { token: stranger.token })).status).toBe(404);
  });
});
