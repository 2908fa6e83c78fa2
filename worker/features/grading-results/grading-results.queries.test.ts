import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradings, gradingSheets } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { batch } from '#worker/lib/sql.ts';
import { isStop, moved, stopUnless } from './grading-results.queries.ts';
import { scoringGrading } from './grading-results.test-helpers.ts';

/** A batch shaped like every move's: the conditional UPDATE, the gate, then a follower write. */
const moveThenWrite = (gradingId: string, from: 'approved' | 'scoring', candidateId: string, examinerId: string) => {
  const db = testDb();
  return batch(db, [
    db
      .update(gradings)
      .set({ status: 'finalized' })
      .where(and(eq(gradings.id, gradingId), eq(gradings.status, from))),
    stopUnless(db, gradingId, moved),
    db.insert(gradingSheets).values({ candidateId, examinerUserId: examinerId, comment: 'follower' }),
  ]);
};

describe('the gate of a move’s batch', () => {
  it('lets the followers write when the move happened in the batch', async () => {
    const g = await scoringGrading({ status: 'approved', candidates: 1 });
    await moveThenWrite(g.grading.id, 'approved', g.candidates[0]!.id, g.head.id);
    expect(await testDb().select().from(gradingSheets).where(eq(gradingSheets.candidateId, g.candidates[0]!.id))).toHaveLength(1);
  });

  it('rolls the whole batch back when the move did not happen (the grading was reopened meanwhile, say)', async () => {
    const g = await scoringGrading({ status: 'scoring', candidates: 1 });
    const err = await moveThenWrite(g.grading.id, 'approved', g.candidates[0]!.id, g.head.id).catch((e: unknown) => e);
    expect(isStop(err)).toBe(true);
    expect(await testDb().select().from(gradingSheets).where(eq(gradingSheets.candidateId, g.candidates[0]!.id))).toEqual([]);
    expect((await testDb().select().from(gradings).where(eq(gradings.id, g.grading.id)).get())?.status).toBe('scoring');
  });
});
