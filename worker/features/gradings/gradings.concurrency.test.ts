import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradingCandidates } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { call, feePayments, newGrading, school } from './gradings.test-helpers.ts';

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('gradings under parallel requests', () => {
  it('50 parallel invitations of one member make one candidate; the others answer 409', async () => {
    const s = await school();
    const id = await newGrading(s);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })),
    );
    expect(statuses(results)).toEqual([201, ...Array<number>(49).fill(409)]);
    expect(await testDb().select().from(gradingCandidates).where(eq(gradingCandidates.gradingId, id))).toHaveLength(1);
  });

  it('50 parallel registrations of one candidate register once and open one payment', async () => {
    const s = await school();
    const id = await newGrading(s);
    const cid = (await call(s.admin, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })).body.data._id;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(s.student, 'POST', `/api/gradings/${id}/register`, { gateway: 'sandbox' })),
    );
    expect(statuses(results)).toEqual([201, ...Array<number>(49).fill(409)]);
    expect(await feePayments(cid)).toHaveLength(1);
  });

  it('two admins cancelling at once: one move wins, the other is refused in words', async () => {
    const s = await school();
    const id = await newGrading(s);
    const moves = await Promise.all([
      call(s.admin, 'POST', `/api/gradings/${id}/cancel`, { reason: 'Storm' }),
      call(s.admin, 'POST', `/api/gradings/${id}/cancel`, { reason: 'Storm' }),
    ]);
    expect(statuses(moves)).toEqual([200, 409]);
    expect(moves.find((m) => m.status === 409)!.body.message).toBe('This grading cannot move from cancelled to cancelled');
  });
});
