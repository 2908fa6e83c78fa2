import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradingScores } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';
import { putScores, scoringGrading } from './grading-results.test-helpers.ts';

describe('scoring refusals', () => {
  it('an examiner of one grading cannot read or write another grading’s sheets, nor reach its candidates through their own', async () => {
    const mine = await scoringGrading({ candidates: 1 });
    const theirs = await scoringGrading({ candidates: 1 });
    const foreign = theirs.candidates[0]!.id;
    expect((await api(`/api/gradings/${theirs.grading.id}/sheet`, { token: mine.head.token })).status).toBe(403);
    const through = await putScores(mine.head.token, mine.grading.id, {
      candidateId: foreign,
      scores: [{ techniqueId: theirs.target.techniqueIds[0], score: 5 }],
    });
    expect(through.status).toBe(404);
    expect(through.body.message).toBe('Candidate not found');
    const lock = await api(`/api/gradings/${mine.grading.id}/sheets/${foreign}/lock`, { method: 'POST', token: mine.head.token });
    expect(lock.status).toBe(404);
    expect(await testDb().select().from(gradingScores).where(eq(gradingScores.candidateId, foreign))).toEqual([]);
  });

  it('writes the caller’s own sheet whatever examiner a body names', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const [head, panel] = g.examiners;
    const res = await putScores(panel!.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      examinerUserId: head!.id,
      scores: [{ techniqueId: g.target.techniqueIds[0], score: 4, examinerUserId: head!.id }],
    });
    expect(res.status).toBe(200);
    const rows = await testDb().select().from(gradingScores).where(eq(gradingScores.candidateId, g.candidates[0]!.id));
    expect(rows.map((r) => r.examinerUserId)).toEqual([panel!.id]);
  });

  it('answers 400, never 5xx, to bodies that are not score sheets', async () => {
    const g = await scoringGrading({ candidates: 1 });
    const cid = g.candidates[0]!.id;
    const t = g.target.techniqueIds[0];
    for (const body of [
      {},
      { candidateId: cid },
      { candidateId: cid, scores: 'ten' },
      { candidateId: cid, scores: [{ techniqueId: t, score: '7' }] },
      { candidateId: cid, scores: [{ techniqueId: t, score: 1e308 }] },
      { candidateId: cid, scores: Array.from({ length: 201 }, () => ({ techniqueId: t, score: 1 })) },
      { candidateId: cid, scores: [{ techniqueId: t, score: 5 }], comment: 'x'.repeat(2001) },
      [],
    ]) {
      const res = await putScores(g.head.token, g.grading.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await api(`/api/gradings/no-such-grading/sheet`, { token: g.head.token })).status).toBe(404);
  });
});
