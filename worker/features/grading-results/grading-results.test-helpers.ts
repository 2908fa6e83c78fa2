import { eq } from 'drizzle-orm';
import { gradings } from '#db/schema/index.ts';
import { api, createUser, testDb, type TestUser } from '#test/helpers.ts';
import { insertGrading, insertProgram } from '#test/progression-helpers.ts';

type CandidateOpts = {
  status?: 'paid' | 'waived' | 'present' | 'absent' | 'passed' | 'failed';
  paymentStatus?: 'none' | 'pending' | 'paid' | 'waived';
};

/**
 * A grading of a fresh program (rank 2 'yellow' with `techniques` techniques, max 10, pass 6, the first
 * mandatory) in `status`, a head examiner and `panel` panel examiners, and `candidates` present members.
 */
export async function scoringGrading(
  opts: {
    status?: 'locked' | 'scoring' | 'approved' | 'finalized';
    panel?: number;
    candidates?: number | CandidateOpts[];
    techniques?: number;
    rule?: 'majority' | 'all';
    heldOn?: string;
  } = {},
) {
  const { program, ranks } = await insertProgram({
    ranks: [{ gradeKey: 'white' }, { gradeKey: 'yellow', techniques: opts.techniques ?? 3 }],
  });
  const target = ranks[1]!;
  const examiners: TestUser[] = [await createUser({ role: 'instructor' })];
  for (let i = 0; i < (opts.panel ?? 2); i++) examiners.push(await createUser({ role: 'instructor' }));
  const list: CandidateOpts[] =
    typeof opts.candidates === 'object' ? opts.candidates : Array.from({ length: opts.candidates ?? 2 }, () => ({}));
  const students: TestUser[] = [];
  for (const _ of list) students.push(await createUser({ profile: { firstName: 'Cand', lastName: 'Idate', grade: 'white' } }));
  const { grading, candidates } = await insertGrading(program.id, {
    status: opts.status ?? 'scoring',
    heldOn: opts.heldOn ?? '2026-10-03',
    examiners: examiners.map((e, i) => ({ userId: e.id, role: i === 0 ? 'head' : 'panel', confirmed: true })),
    candidates: students.map((s, i) => ({
      userId: s.id,
      targetRankId: target.id,
      status: list[i]!.status ?? 'present',
      paymentStatus: list[i]!.paymentStatus ?? 'paid',
      feeCents: 2500,
    })),
  });
  if (opts.rule) await testDb().update(gradings).set({ resultRule: opts.rule }).where(eq(gradings.id, grading.id));
  return { program, ranks, target, examiners, head: examiners[0]!, students, grading, candidates };
}

export const putScores = (token: string, gradingId: string, body: unknown) =>
  api(`/api/gradings/${gradingId}/scores`, { method: 'PUT', token, body });

/** Every technique of `techniqueIds` scored `score` by the examiner, then the sheet locked. */
export async function scoreAndLock(token: string, gradingId: string, candidateId: string, techniqueIds: string[], score: number) {
  const put = await putScores(token, gradingId, { candidateId, scores: techniqueIds.map((techniqueId) => ({ techniqueId, score })) });
  if (put.status !== 200) throw new Error(`scores ${put.status} ${JSON.stringify(put.body)}`);
  const lock = await api(`/api/gradings/${gradingId}/sheets/${candidateId}/lock`, { method: 'POST', token });
  if (lock.status !== 200) throw new Error(`lock ${lock.status} ${JSON.stringify(lock.body)}`);
}

export const setStatus = (gradingId: string, status: (typeof gradings.$inferInsert)['status']) =>
  testDb().update(gradings).set({ status }).where(eq(gradings.id, gradingId));
