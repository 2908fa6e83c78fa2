import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { schoolDayIn } from '#worker/lib/progression/eligibility.test-helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

const eligibility = (id: string, slug: string, token: string) => api(`/api/students/${id}/eligibility?program=${slug}`, { token });

describe('GET /api/students/:id/eligibility for a guardian (issue 26)', () => {
  it('answers a guardian for their own child, 404 for another family’s child or another adult', async () => {
    const { program, ranks } = await insertProgram();
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    await awardRank(child.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    const res = await eligibility(child.id, program.slug, parent.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ studentId: child.id, currentRank: { _id: ranks[0]!.id }, nextRank: { _id: ranks[1]!.id } });

    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    await awardRank(theirs.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    expect((await eligibility(theirs.id, program.slug, parent.token)).status).toBe(404);
    expect((await eligibility(stranger.id, program.slug, parent.token)).status).toBe(404);
  });
});
