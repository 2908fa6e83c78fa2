import { beforeAll, describe, expect, it } from 'vitest';
import { schoolDayIn } from '#worker/lib/progression/eligibility.test-helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { api, createUser } from '#test/helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

async function setup() {
  const { program, ranks } = await insertProgram({
    ranks: [
      {},
      {
        techniques: 2,
        requirements: [
          { type: 'min_classes', mode: 'gate', value: 10 },
          { type: 'techniques_passed', mode: 'gate', value: 2 },
          { type: 'instructor_approval', mode: 'gate', value: null },
        ],
      },
    ],
  });
  const student = await createUser();
  await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-5));
  return { program, ranks, student, admin: await createUser({ role: 'admin' }), instructor: await createUser({ role: 'instructor' }) };
}

const checksOf = async (id: string, slug: string, token: string) =>
  (await api(`/api/students/${id}/eligibility?program=${slug}`, { token })).body.data.checks as { type: string; actual: unknown }[];

describe('attendance credits', () => {
  it('admin grants credits at the current rank (201) and min_classes counts them; self and staff read them', async () => {
    const { program, ranks, student, admin, instructor } = await setup();
    const grant = await api(`/api/students/${student.id}/attendance-credits`, {
      token: admin.token,
      body: { program: program.slug, count: 8, reason: 'Classes at the old dojo' },
    });
    expect(grant.status).toBe(201);
    expect(grant.body.data).toMatchObject({ rankId: ranks[0]!.id, count: 8, reason: 'Classes at the old dojo', createdBy: admin.id });
    expect((await checksOf(student.id, program.slug, student.token))[0]).toMatchObject({ type: 'min_classes', actual: 8 });
    const mine = await api(`/api/students/me/attendance-credits?program=${program.slug}`, { token: student.token });
    expect(mine.body.credits).toHaveLength(1);
    expect((await api(`/api/students/${student.id}/attendance-credits`, { token: instructor.token })).status).toBe(200);
    expect((await api(`/api/students/${student.id}/attendance-credits`, { token: (await createUser()).token })).status).toBe(404);
  });

  it('refuses a count out of range, a missing reason, and instructors', async () => {
    const { program, student, admin, instructor } = await setup();
    const post = (token: string, body: unknown) => api(`/api/students/${student.id}/attendance-credits`, { token, body });
    expect((await post(admin.token, { program: program.slug, count: 0, reason: 'x' })).body.message).toBe(
      'count must be a whole number from 1 to 10000',
    );
    expect((await post(admin.token, { program: program.slug, count: 3 })).body.message).toBe('reason is required');
    expect((await post(instructor.token, { program: program.slug, count: 3, reason: 'x' })).status).toBe(403);
  });
});

describe('technique checks and grading approval', () => {
  it('an instructor marks techniques passed and approves; eligibility follows, and both can be taken back', async () => {
    const { program, ranks, student, instructor } = await setup();
    const [t1, t2] = ranks[1]!.techniqueIds;
    const check = (id: string, passed: boolean) =>
      api(`/api/students/${student.id}/techniques/${id}`, { method: 'PUT', token: instructor.token, body: { passed } });
    expect((await check(t1!, true)).status).toBe(200);
    expect((await check(t1!, true)).status).toBe(200);
    await check(t2!, true);
    await check(t2!, false);
    const approve = (approved: boolean) =>
      api(`/api/students/${student.id}/grading-approval`, {
        method: 'PUT',
        token: instructor.token,
        body: { rankId: ranks[1]!.id, approved, note: 'Ready in spirit' },
      });
    expect((await approve(true)).body.data).toEqual({ userId: student.id, rankId: ranks[1]!.id, approved: true });
    let checks = await checksOf(student.id, program.slug, instructor.token);
    expect(checks.slice(1)).toMatchObject([
      { type: 'techniques_passed', actual: 1 },
      { type: 'instructor_approval', actual: true },
    ]);
    await approve(false);
    checks = await checksOf(student.id, program.slug, instructor.token);
    expect(checks[2]).toMatchObject({ actual: false, met: false });
  });

  it('refuses students 403 and answers an unknown technique or rank 404', async () => {
    const { ranks, student, instructor } = await setup();
    const put = (path: string, token: string, body: unknown) => api(`/api/students/${student.id}/${path}`, { method: 'PUT', token, body });
    expect((await put(`techniques/${ranks[1]!.techniqueIds[0]}`, student.token, { passed: true })).status).toBe(403);
    expect((await put('techniques/nope', instructor.token, { passed: true })).status).toBe(404);
    expect((await put('grading-approval', instructor.token, { rankId: 'nope', approved: true })).status).toBe(404);
  });
});
