import { beforeAll, describe, expect, it } from 'vitest';
import { schoolDayIn } from '#worker/lib/progression/eligibility.test-helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { api, createUser, getUserRow } from '#test/helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

type Award = { _id: string; rankId: string; voidedAt: string | null; supersedesId: string | null };

describe('promotions and voids racing', () => {
  it('leave one current rank (the latest valid award), each award voided once, and the grade of that rank', async () => {
    const { program, ranks } = await insertProgram({
      ranks: [{ gradeKey: 'white' }, { gradeKey: 'yellow' }, { gradeKey: 'orange' }, { gradeKey: 'green' }],
    });
    const admin = await createUser({ role: 'admin' });
    const student = await createUser({ profile: { firstName: 'Race' } });
    await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-90));
    const targets = [];
    for (let i = 0; i < 6; i++) targets.push(await awardRank(student.id, program.id, ranks[1 + (i % 3)]!.id, await schoolDayIn(-60 + i)));
    const voidOf = (id: string, i: number) =>
      api(`/api/student-ranks/${id}/void`, {
        token: admin.token,
        body: { reason: `race ${i}`, ...(i % 2 ? { replacement: { rankId: ranks[i % 4]!.id, note: `fix ${i}` } } : {}) },
      });
    const promotion = async (i: number) =>
      api(`/api/students/${student.id}/ranks`, {
        token: admin.token,
        body: { program: program.slug, rankId: ranks[i % 4]!.id, awardedOn: await schoolDayIn(-(i % 5)), note: `promo ${i}` },
      });
    // 20 at once: 8 promotions, and 12 voids (each of the 6 awards twice).
    const calls = [
      ...Array.from({ length: 8 }, (_, i) => promotion(i)),
      ...targets.flatMap((t, i) => [voidOf(t.id, i), voidOf(t.id, i + 6)]),
    ];
    const results = await Promise.all(calls);
    expect(results.slice(0, 8).map((r) => r.status)).toEqual(Array(8).fill(201));
    const voids = results.slice(8);
    for (let i = 0; i < targets.length; i++) expect([voids[2 * i]!.status, voids[2 * i + 1]!.status].sort()).toEqual([200, 409]);

    const rows = (await api(`/api/students/${student.id}/ranks?includeVoided=true`, { token: admin.token })).body.data as Award[];
    for (const t of targets) expect(rows.find((r) => r._id === t.id)?.voidedAt).not.toBeNull();
    const replacements = voids.filter((r) => r.status === 200 && r.body.data.replacement).length;
    expect(rows.filter((r) => r.supersedesId).length).toBe(replacements);
    expect(rows.filter((r) => !r.voidedAt).length).toBe(1 + 8 + replacements);

    const current = rows.find((r) => !r.voidedAt)!; // newest first: the first valid row is the current one
    const eligibility = await api(`/api/students/${student.id}/eligibility?program=${program.slug}`, { token: admin.token });
    expect(eligibility.body.data.currentRank._id).toBe(current.rankId);
    const gradeKey = ranks.find((r) => r.id === current.rankId)!.gradeKey;
    expect((await getUserRow(student.id))?.profile.grade).toBe(gradeKey);
  });
});
