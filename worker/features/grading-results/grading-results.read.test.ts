import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { putScores, scoreAndLock, scoringGrading } from './grading-results.test-helpers.ts';

type ResultRow = {
  candidateId: string;
  outcome: string;
  othersHidden: boolean;
  sheets: { examinerId: string }[];
  verdicts: { examinerId: string }[];
};
const results = async (token: string, gradingId: string) => {
  const res = await api(`/api/gradings/${gradingId}/results`, { token });
  expect(res.status).toBe(200);
  return res.body.data as ResultRow[];
};

describe('the results while scoring: each examiner scores on their own', () => {
  it('gives an examiner only their own sheet of a candidate until they lock it, then every sheet', async () => {
    const g = await scoringGrading({ candidates: 2, panel: 1 });
    const [head, panel] = g.examiners;
    const [c1, c2] = g.candidates.map((c) => c.id);
    await scoreAndLock(head!.token, g.grading.id, c1!, g.target.techniqueIds, 8);
    await putScores(panel!.token, g.grading.id, { candidateId: c1, scores: [{ techniqueId: g.target.techniqueIds[0], score: 4 }] });

    const seen = await results(panel!.token, g.grading.id);
    const first = seen.find((r) => r.candidateId === c1)!;
    expect(first.othersHidden).toBe(true);
    expect(first.sheets.map((s) => s.examinerId)).toEqual([panel!.id]);
    expect(first.verdicts.map((v) => v.examinerId)).toEqual([panel!.id]);
    expect(first.outcome).toBe('pending');

    await scoreAndLock(panel!.token, g.grading.id, c1!, g.target.techniqueIds, 7);
    const after = await results(panel!.token, g.grading.id);
    expect(after.find((r) => r.candidateId === c1)).toMatchObject({ othersHidden: false });
    expect(
      after
        .find((r) => r.candidateId === c1)!
        .sheets.map((s) => s.examinerId)
        .sort(),
    ).toEqual([head!.id, panel!.id].sort());
    // Locking one candidate's sheet opens that candidate only.
    expect(after.find((r) => r.candidateId === c2)!.sheets.map((s) => s.examinerId)).toEqual([panel!.id]);
  });

  it('gives an admin who does not examine every sheet', async () => {
    const g = await scoringGrading({ candidates: 1, panel: 1 });
    await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [{ techniqueId: g.target.techniqueIds[0], score: 4 }],
    });
    const admin = await createUser({ role: 'admin' });
    const [row] = await results(admin.token, g.grading.id);
    expect(row!.othersHidden).toBe(false);
    expect(row!.sheets).toHaveLength(2);
  });

  it('gives an instructor who does not examine no sheet while scoring', async () => {
    const g = await scoringGrading({ candidates: 1, panel: 1 });
    await putScores(g.head.token, g.grading.id, {
      candidateId: g.candidates[0]!.id,
      scores: [{ techniqueId: g.target.techniqueIds[0], score: 4 }],
    });
    const instructor = await createUser({ role: 'instructor' });
    const [row] = await results(instructor.token, g.grading.id);
    expect(row).toMatchObject({ othersHidden: true, outcome: 'pending', sheets: [], verdicts: [] });
  });

  it('gives an examiner every sheet once scoring is over', async () => {
    const g = await scoringGrading({ status: 'approved', candidates: 1, panel: 1 });
    const [row] = await results(g.examiners[1]!.token, g.grading.id);
    expect(row!.othersHidden).toBe(false);
    expect(row!.sheets).toHaveLength(2);
  });
});
