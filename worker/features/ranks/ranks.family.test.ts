import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

describe('a guardian reads their child’s rank ledger (issue 26)', () => {
  it('lists the child’s awards and credits, 404 for another family’s child; promotions stay staff-only', async () => {
    const { program, ranks } = await insertProgram();
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const award = await awardRank(child.id, program.id, ranks[0]!.id, '2026-03-01');
    const own = await api(`/api/students/${child.id}/ranks`, { token: parent.token });
    expect(own.status).toBe(200);
    expect(own.body.data.map((a: { _id: string }) => a._id)).toEqual([award.id]);
    expect((await api(`/api/students/${child.id}/attendance-credits?program=${program.slug}`, { token: parent.token })).status).toBe(200);

    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    await awardRank(theirs.id, program.id, ranks[0]!.id, '2026-03-01');
    const hidden = await api(`/api/students/${theirs.id}/ranks`, { token: parent.token });
    expect([hidden.status, hidden.body.message]).toEqual([404, 'Student not found']);
    expect((await api(`/api/students/${theirs.id}/attendance-credits`, { token: parent.token })).status).toBe(404);

    const promote = await api(`/api/students/${child.id}/ranks`, {
      method: 'POST',
      token: parent.token,
      body: { program: program.slug, rankId: ranks[1]!.id, note: 'Mine' },
    });
    expect(promote.status).toBe(403);
  });
});
