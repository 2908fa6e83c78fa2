/** Shared by the gradings tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { gradingCandidates, payments } from '#db/schema/index.ts';
import { api, createUser, testDb, type TestUser } from '#test/helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { sandboxApproval } from '#worker/lib/payments/sandbox.ts';

/**
 * A three-rank ladder: rank 2 costs 25.00 and asks nothing (so a rank-1 holder is eligible), rank 3 costs
 * 40.00 and asks an instructor's approval (so a rank-2 holder is not), with an admin, an instructor and a student at rank 1.
 */
export async function school() {
  const { program, ranks } = await insertProgram({
    ranks: [
      { testFeeCents: 0 },
      { testFeeCents: 2500 },
      { testFeeCents: 4000, requirements: [{ type: 'instructor_approval', mode: 'gate', value: null }] },
    ],
  });
  const [admin, instructor, student] = await Promise.all([
    createUser({ role: 'admin' }),
    createUser({ role: 'instructor' }),
    createUser({ role: 'student' }),
  ]);
  await awardRank(student.id, program.id, ranks[0]!.id, '2026-01-10');
  return { program, ranks, admin, instructor, student };
}
export type School = Awaited<ReturnType<typeof school>>;

export const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
  api(path, { method, ...(user ? { token: user.token } : {}), ...(body === undefined ? {} : { body }) });

/** A grading made through the API, moved to `status` (draft, open) with the body's extras. */
export async function newGrading(s: School, extra: Record<string, unknown> = {}, open = true) {
  const res = await call(s.admin, 'POST', '/api/gradings', {
    programId: s.program.id,
    title: 'Winter grading',
    heldOn: '2026-12-12',
    ...extra,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const id = res.body.data._id as string;
  if (open) await call(s.admin, 'POST', `/api/gradings/${id}/open`);
  return id;
}

/** A member at `rankIndex` of the school's ladder. */
export async function memberAt(s: School, rankIndex: number, role: 'student' | 'member' = 'student') {
  const u = await createUser({ role });
  await awardRank(u.id, s.program.id, s.ranks[rankIndex]!.id, '2026-01-10');
  return u;
}

export const candidateRow = (id: string) => testDb().select().from(gradingCandidates).where(eq(gradingCandidates.id, id)).get();
export const feePayments = (candidateId: string) => testDb().select().from(payments).where(eq(payments.purchaseId, candidateId));

/** The sandbox's Approve: the proof a payer brings back, signed here as the sandbox page signs it. */
export const approve = (sessionId: string) => sandboxApproval(loadConfig(env as unknown as Bindings), sessionId);
