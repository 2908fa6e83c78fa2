import { beforeAll, describe, expect, it } from 'vitest';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { api, createUser, uniq } from '#test/helpers.ts';
import { attended, schoolDayIn } from '#worker/lib/progression/eligibility.test-helpers.ts';

const minClasses = (value: number) => ({ type: 'min_classes' as const, mode: 'gate' as const, value });

async function programWithStudent() {
  const { program, ranks } = await insertProgram({ ranks: [{}, { requirements: [minClasses(3)] }, {}] });
  const student = await createUser({ studentId: `STU-${crypto.randomUUID().slice(0, 8)}`, profile: { firstName: 'Ann', lastName: 'Lee' } });
  await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
  return { program, ranks, student };
}

// The Worker's first request in a file compiles the app (seconds on a busy machine): not this file's figures.
beforeAll(() => api('/api/health'), 60_000);

const eligibility = (id: string, slug: string, token: string) => api(`/api/students/${id}/eligibility?program=${slug}`, { token });

describe('GET /api/students/:id/eligibility', () => {
  it('answers per requirement of the next rank: 2 presents after the award leave 1, the third makes eligible', async () => {
    const { program, ranks, student } = await programWithStudent();
    await attended(student.id, { daysAgo: 11 });
    await attended(student.id, { daysAgo: 3 });
    await attended(student.id, { daysAgo: 2 });
    let res = await eligibility('me', program.slug, student.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      studentId: student.id,
      program: { _id: program.id, slug: program.slug, attendanceWindow: 'since_last_promotion' },
      currentRank: { _id: ranks[0]!.id, stripes: 0, awardedOn: await schoolDayIn(-10) },
      nextRank: { _id: ranks[1]!.id, testFee: '0.00' },
      eligible: false,
      checks: [{ type: 'min_classes', mode: 'gate', required: 3, actual: 2, met: false, remaining: 1 }],
      window: { since: await schoolDayIn(-10) },
      nextGrading: null,
    });
    await attended(student.id, { daysAgo: 1 });
    res = await eligibility(student.id, program.slug, student.token);
    expect(res.body.data).toMatchObject({ eligible: true, checks: [{ actual: 3, met: true, remaining: 0 }] });
  });

  it('lets staff read anyone and answers another student 404, anonymous 401', async () => {
    const { program, student } = await programWithStudent();
    const other = await createUser();
    const instructor = await createUser({ role: 'instructor' });
    const grandmaster = await createUser({ role: 'grandmaster' });
    expect((await eligibility(student.id, program.slug, instructor.token)).status).toBe(200);
    expect((await eligibility(student.id, program.slug, grandmaster.token)).status).toBe(200);
    const refused = await eligibility(student.id, program.slug, other.token);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, message: 'Student not found', code: 'NOT_FOUND' });
    expect((await api(`/api/students/${student.id}/eligibility?program=${program.slug}`)).status).toBe(401);
  });

  it('wants a program: missing 400, unknown 404; an unknown student is 404 for staff', async () => {
    const { student } = await programWithStudent();
    const missing = await api('/api/students/me/eligibility', { token: student.token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('program is required');
    const unknown = await eligibility('me', 'no-such-program', student.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Program not found');
    const { program } = await programWithStudent();
    const admin = await createUser({ role: 'admin' });
    expect((await eligibility('no-such-user', program.slug, admin.token)).body.message).toBe('Student not found');
  });
});

describe('GET /api/programs/:slug/ready', () => {
  it('lists who is ready and who is close for staff, leaves out people with no award and no attendance', async () => {
    const { program, ranks } = await insertProgram({ ranks: [{}, { requirements: [minClasses(4)] }] });
    const day = await schoolDayIn(-20);
    const family = `Ready${uniq()}`;
    const make = async (first: string, presents: number) => {
      const u = await createUser({ profile: { firstName: first, lastName: family } });
      await awardRank(u.id, program.id, ranks[0]!.id, day);
      for (let i = 0; i < presents; i++) await attended(u.id, { daysAgo: i + 1 });
      return u;
    };
    const ready = await make('Ria', 4);
    const close = await make('Cal', 3);
    const far = await make('Fay', 1);
    await createUser({ profile: { firstName: 'Nobody', lastName: family } });
    // The shared test database holds other files' beginners (attendance at classes of no program): the family name keeps to ours.
    const ours = `q=${family}`;
    const instructor = await createUser({ role: 'instructor' });
    const all = await api(`/api/programs/${program.slug}/ready?${ours}`, { token: instructor.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { userId: string }) => r.userId)).toEqual([ready.id, close.id, far.id]);
    expect(all.body.data[1]).toMatchObject({ eligible: false, close: true, metCount: 0, gateCount: 1, closeness: 0.75 });
    expect(all.body.pagination).toMatchObject({ total: 3 });
    const onlyReady = await api(`/api/programs/${program.slug}/ready?status=ready&${ours}`, { token: instructor.token });
    expect(onlyReady.body.data.map((r: { userId: string }) => r.userId)).toEqual([ready.id]);
    const onlyClose = await api(`/api/programs/${program.slug}/ready?status=close&${ours}`, { token: instructor.token });
    expect(onlyClose.body.ready.map((r: { userId: string }) => r.userId)).toEqual([close.id]);
    const search = await api(`/api/programs/${program.slug}/ready?q=Fay%20${family}`, { token: instructor.token });
    expect(search.body.data.map((r: { name: string }) => r.name)).toEqual([`Fay ${family}`]);
    const page2 = await api(`/api/programs/${program.slug}/ready?limit=2&page=2&${ours}`, { token: instructor.token });
    expect(page2.body.data.map((r: { userId: string }) => r.userId)).toEqual([far.id]);
  });

  it('refuses students 403, anonymous 401, and answers an unknown program 404', async () => {
    const { program } = await insertProgram();
    const student = await createUser();
    const admin = await createUser({ role: 'admin' });
    expect((await api(`/api/programs/${program.slug}/ready`, { token: student.token })).status).toBe(403);
    expect((await api(`/api/programs/${program.slug}/ready`)).status).toBe(401);
    expect((await api('/api/programs/nope/ready', { token: admin.token })).status).toBe(404);
  });
});
