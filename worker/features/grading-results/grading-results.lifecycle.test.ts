import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { certificates, studentRanks } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb, type TestUser } from '#test/helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';

const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const res = await api(path, { method, token: user.token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};

describe('a grading from set-up to certificates, through the API only', () => {
  it('scores, approves by majority and finalizes: the passed member is promoted on the grading’s day, the failed one is not', async () => {
    const { program, ranks } = await insertProgram({ ranks: [{ gradeKey: 'white' }, { gradeKey: 'yellow', techniques: 2 }] });
    const [admin, head, panel, strong, weak] = await Promise.all([
      createUser({ role: 'admin' }),
      createUser({ role: 'grandmaster' }),
      createUser({ role: 'instructor' }),
      createUser({ profile: { firstName: 'Strong', lastName: 'Student', grade: 'white' } }),
      createUser({ profile: { firstName: 'Weak', lastName: 'Student', grade: 'white' } }),
    ]);
    for (const s of [strong, weak]) await awardRank(s.id, program.id, ranks[0]!.id, '2026-01-10');

    const grading = await call(admin, 'POST', '/api/gradings', { programId: program.id, title: 'Autumn grading', heldOn: '2026-11-07' });
    const g = `/api/gradings/${grading._id}`;
    await call(admin, 'POST', `${g}/open`);
    await call(admin, 'PUT', `${g}/examiners`, {
      examiners: [
        { userId: head.id, role: 'head' },
        { userId: panel.id, role: 'panel' },
      ],
    });
    for (const e of [head, panel]) await call(e, 'POST', `${g}/examiners/me/confirm`);
    const candidateOf = new Map<string, string>();
    for (const s of [strong, weak]) {
      candidateOf.set(s.id, (await call(admin, 'POST', `${g}/candidates`, { userId: s.id }))._id);
      await call(s, 'POST', `${g}/register`, {});
    }
    await call(admin, 'POST', `${g}/lock`);
    await call(admin, 'POST', `${g}/start-scoring`);
    for (const cid of candidateOf.values()) await call(panel, 'POST', `${g}/candidates/${cid}/attendance`, { present: true });

    for (const examiner of [head, panel])
      for (const [userId, cid] of candidateOf) {
        const score = userId === strong.id ? 9 : 3;
        await call(examiner, 'PUT', `${g}/scores`, {
          candidateId: cid,
          scores: ranks[1]!.techniqueIds.map((techniqueId) => ({ techniqueId, score })),
        });
        await call(examiner, 'POST', `${g}/sheets/${cid}/lock`);
      }
    const approved = await call(head, 'POST', `${g}/approve`);
    expect(approved.map((r: { name: string; outcome: string }) => [r.name, r.outcome])).toEqual([
      ['Strong Student', 'passed'],
      ['Weak Student', 'failed'],
    ]);
    const done = await call(admin, 'POST', `${g}/finalize`);
    expect(done).toMatchObject({ finalized: true, awarded: 1, certificates: [{ userId: strong.id }] });

    const award = await testDb()
      .select()
      .from(studentRanks)
      .where(eq(studentRanks.candidateId, candidateOf.get(strong.id)!))
      .get();
    expect(award).toMatchObject({ rankId: ranks[1]!.id, awardedOn: '2026-11-07', source: 'grading' });
    expect(
      await testDb()
        .select()
        .from(studentRanks)
        .where(eq(studentRanks.candidateId, candidateOf.get(weak.id)!)),
    ).toEqual([]);
    const cert = await testDb().select().from(certificates).where(eq(certificates.studentRankId, award!.id)).get();
    expect(cert).toMatchObject({ holderName: 'Strong Student', issuedOn: '2026-11-07' });
    expect((await getUserRow(strong.id))?.profile.grade).toBe('yellow');
    expect((await getUserRow(weak.id))?.profile.grade).toBe('white');
    expect((await call(admin, 'GET', g)).status).toBe('finalized');
    const own = await call(strong, 'GET', `${g}/results`);
    expect(own.map((r: { outcome: string }) => r.outcome)).toEqual(['passed']);
  });
});
