import { beforeAll, describe, expect, it } from 'vitest';
import { schoolDayIn } from '#worker/lib/progression/eligibility.test-helpers.ts';
import { insertProgram } from '#test/progression-helpers.ts';
import { api, createUser, getUserRow, uniq } from '#test/helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

async function setup() {
  const { program, ranks } = await insertProgram({
    ranks: [
      { name: 'White belt', gradeKey: 'white', stripeMax: 4 },
      { name: 'Yellow belt', gradeKey: 'yellow', requirements: [{ type: 'min_classes', mode: 'gate', value: 30 }] },
    ],
  });
  const admin = await createUser({ role: 'admin' });
  const a = await createUser({ studentId: `STU-${uniq()}` });
  const b = await createUser({ email: `Import-${uniq()}@Example.test` });
  return { program, ranks, admin, a, b };
}

const importRows = (token: string, rows: unknown[]) => api('/api/ranks/import', { token, body: { rows } });

describe('POST /api/ranks/import', () => {
  it('writes nothing when a row is bad and names every bad row', async () => {
    const { program, admin, a, b } = await setup();
    const res = await importRows(admin.token, [
      { studentId: a.row.studentId, program: program.slug, rank: 'White belt', awardedOn: '2024-01-10' },
      { email: b.email, program: program.slug, rank: 'Purple belt', awardedOn: '2024-02-01' },
      { studentId: 'STU-NOBODY', program: program.slug, rank: 1, awardedOn: '2024-02-01' },
      { studentId: a.row.studentId, program: 'no-such-program', rank: 1, awardedOn: '2024-13-01' },
      { studentId: a.row.studentId, program: program.slug, rank: 1, stripes: 5, awardedOn: await schoolDayIn(3) },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Nothing was imported: 4 of 5 rows have errors');
    expect(res.body.errors).toEqual([
      { path: 'rows.3.awardedOn', message: 'awardedOn must be a date (YYYY-MM-DD)' },
      { path: 'rows.1.rank', message: 'Rank not found in this program' },
      { path: 'rows.2.studentId', message: 'Student not found' },
      { path: 'rows.4.stripes', message: 'stripes must be at most 4 for this rank' },
      { path: 'rows.4.awardedOn', message: 'awardedOn cannot be in the future' },
    ]);
    expect((await api(`/api/students/${a.id}/ranks`, { token: admin.token })).body.data).toEqual([]);
  });

  it('imports every row in one batch (by student id or e-mail; rank by name, position or gradeKey) with credits', async () => {
    const { program, ranks, admin, a, b } = await setup();
    const res = await importRows(admin.token, [
      { studentId: a.row.studentId, program: program.slug, rank: 'white belt', awardedOn: '2023-05-01' },
      {
        studentId: a.row.studentId,
        program: program.slug,
        rank: 'white',
        stripes: 2,
        awardedOn: '2023-09-01',
        credits: 25,
        note: 'Old cards',
      },
      { email: b.email.toLowerCase(), program: program.slug, rank: 2, awardedOn: '2024-03-01' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ imported: 3, credits: 25 });
    const ledgerA = (await api(`/api/students/${a.id}/ranks`, { token: admin.token })).body.data;
    expect(ledgerA).toMatchObject([
      { source: 'import', stripes: 2, awardedOn: '2023-09-01', note: 'Old cards' },
      { source: 'import', stripes: 0, awardedOn: '2023-05-01' },
    ]);
    const eligibility = await api(`/api/students/${a.id}/eligibility?program=${program.slug}`, { token: admin.token });
    expect(eligibility.body.data.checks[0]).toMatchObject({ type: 'min_classes', actual: 25, remaining: 5 });
    expect(eligibility.body.data.currentRank).toMatchObject({ _id: ranks[0]!.id, stripes: 2, awardedOn: '2023-05-01' });
    expect((await getUserRow(b.id))?.profile.grade).toBe('yellow');
  });

  it('refuses an empty list, more than 500 rows, and callers who are not admin-capable', async () => {
    const { admin } = await setup();
    expect((await importRows(admin.token, [])).body.message).toBe('rows must be a list of 1 to 500 rows');
    expect((await importRows(admin.token, Array(501).fill({}))).status).toBe(400);
    expect((await importRows((await createUser({ role: 'instructor' })).token, [{}])).status).toBe(403);
  });
});
