import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradingScores } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertProgram } from '#test/progression-helpers.ts';
import { putScores, scoringGrading, setStatus } from './grading-results.test-helpers.ts';

describe('an examiner’s score sheet', () => {
  it('shows the examiner their own sheet only, with the techniques of each target rank', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const [a, b] = g.examiners;
    const cid = g.candidates[0]!.id;
    await putScores(a!.token, g.grading.id, { candidateId: cid, scores: [{ techniqueId: g.target.techniqueIds[0], score: 7 }] });
    await putScores(b!.token, g.grading.id, { candidateId: cid, scores: [{ techniqueId: g.target.techniqueIds[0], score: 3 }] });
    const res = await api(`/api/gradings/${g.grading.id}/sheet`, { token: b!.token });
    expect(res.status).toBe(200);
    expect(res.body.data.techniquesByRank[g.target.id].map((t: { _id: string }) => t._id)).toEqual(g.target.techniqueIds);
    expect(res.body.data.candidates).toEqual([
      expect.objectContaining({
        candidateId: cid,
        targetRankId: g.target.id,
        status: 'present',
        scores: { [g.target.techniqueIds[0]!]: 3 },
        lockedAt: null,
      }),
    ]);
    expect(res.body.data.grading).toMatchObject({ _id: g.grading.id, status: 'scoring', amExaminer: true, myRole: 'panel' });
  });

  it('refuses someone who is not an examiner of the grading with 403, a student too', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const other = await createUser({ role: 'instructor' });
    const body = { candidateId: g.candidates[0]!.id, scores: [{ techniqueId: g.target.techniqueIds[0], score: 5 }] };
    const put = await putScores(other.token, g.grading.id, body);
    expect(put.status).toBe(403);
    expect(put.body.message).toBe("Only this grading's examiners can score");
    expect((await api(`/api/gradings/${g.grading.id}/sheet`, { token: other.token })).status).toBe(403);
    expect((await putScores(g.students[0]!.token, g.grading.id, body)).status).toBe(403);
    expect((await api(`/api/gradings/${g.grading.id}/sheet`)).status).toBe(401);
  });

  it('refuses a score above the technique’s maximum with 400 naming the field, and a negative one', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const [t1, t2] = g.target.techniqueIds;
    const res = await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [
        { techniqueId: t1, score: 9 },
        { techniqueId: t2, score: 11 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('score must be between 0 and 10');
    expect(res.body.errors).toEqual([{ path: 'scores.1.score', message: 'score must be between 0 and 10' }]);
    const negative = await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [{ techniqueId: t1, score: -1 }],
    });
    expect(negative.status).toBe(400);
    const half = await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [{ techniqueId: t1, score: 4.5 }],
    });
    expect(half.status).toBe(400);
    expect(await testDb().select().from(gradingScores).where(eq(gradingScores.candidateId, g.candidates[0]!.id))).toEqual([]);
  });

  it('refuses a technique that is not of the candidate’s target rank with 400', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const { ranks } = await insertProgram({ ranks: [{ techniques: 1 }] });
    const res = await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [{ techniqueId: ranks[0]!.techniqueIds[0], score: 5 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      path: 'scores.0.techniqueId',
      message: "techniqueId must be a technique of the candidate's target rank",
    });
  });

  it('answers 409 before scoring starts, after approval and once finalized', async () => {
    const g = await scoringGrading({ candidates: 1, status: 'locked' });
    const body = { candidateId: g.candidates[0]!.id, scores: [{ techniqueId: g.target.techniqueIds[0], score: 5 }] };
    for (const status of ['locked', 'approved', 'finalized', 'cancelled'] as const) {
      await setStatus(g.grading.id, status);
      const res = await putScores(g.head.token, g.grading.id, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Scores can be written only while the grading is scoring');
    }
  });

  it('answers 409 for a candidate who was not present', async () => {
    const g = await scoringGrading({ candidates: [{ status: 'absent' }] });
    const res = await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [{ techniqueId: g.target.techniqueIds[0], score: 5 }],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This candidate was not present');
  });

  it('locks a sheet only once every technique is scored, then refuses writes to it with 409', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const cid = g.candidates[0]!.id;
    const [t1, t2, t3] = g.target.techniqueIds;
    await putScores(g.head.token, g.grading.id, {
      candidateId: cid,
      scores: [
        { techniqueId: t1, score: 8 },
        { techniqueId: t2, score: 8 },
      ],
    });
    const early = await api(`/api/gradings/${g.grading.id}/sheets/${cid}/lock`, { method: 'POST', token: g.head.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Score every technique before locking');
    const save = await putScores(g.head.token, g.grading.id, {
      candidateId: cid,
      scores: [{ techniqueId: t3, score: 6, comment: 'Crisp' }],
      comment: 'Good',
    });
    expect(save.status).toBe(200);
    expect(save.body.data).toMatchObject({ scores: { [t1!]: 8, [t2!]: 8, [t3!]: 6 }, comments: { [t3!]: 'Crisp' }, comment: 'Good' });
    const lock = await api(`/api/gradings/${g.grading.id}/sheets/${cid}/lock`, { method: 'POST', token: g.head.token });
    expect(lock.status).toBe(200);
    expect(lock.body.data.lockedAt).toEqual(expect.any(String));
    const again = await api(`/api/gradings/${g.grading.id}/sheets/${cid}/lock`, { method: 'POST', token: g.head.token });
    expect(again.body.data.lockedAt).toBe(lock.body.data.lockedAt);
    const write = await putScores(g.head.token, g.grading.id, { candidateId: cid, scores: [{ techniqueId: t1, score: 2 }] });
    expect(write.status).toBe(409);
    expect(write.body.message).toBe('This score sheet is locked');
    const row = await testDb()
      .select()
      .from(gradingScores)
      .where(and(eq(gradingScores.candidateId, cid), eq(gradingScores.techniqueId, t1!)))
      .get();
    expect(row?.score).toBe(8);
    // Another examiner's sheet is still theirs to write.
    expect(
      (await putScores(g.examiners[1]!.token, g.grading.id, { candidateId: cid, scores: [{ techniqueId: t1, score: 2 }] })).status,
    ).toBe(200);
  });

  it('two examiners writing the same candidate at once each keep their own sheet', async () => {
    const g = await scoringGrading({ candidates: 1, panel: 3 });
    const cid = g.candidates[0]!.id;
    const ids = g.target.techniqueIds;
    const writes = g.examiners.flatMap((e, i) =>
      [0, 1, 2].map((round) =>
        putScores(e.token, g.grading.id, { candidateId: cid, scores: ids.map((techniqueId) => ({ techniqueId, score: i + round })) }),
      ),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual(writes.map(() => 200));
    const rows = await testDb().select().from(gradingScores).where(eq(gradingScores.candidateId, cid));
    expect(rows).toHaveLength(g.examiners.length * ids.length);
    for (const [i, e] of g.examiners.entries()) {
      const mine = rows.filter((r) => r.examinerUserId === e.id);
      expect(mine).toHaveLength(ids.length);
      // Each examiner's last round may land in any order against their own earlier rounds, never against another's.
      for (const r of mine) expect([i, i + 1, i + 2]).toContain(r.score);
      expect(new Set(mine.map((r) => r.score)).size).toBe(1);
    }
  });
});
