import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceEvents } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { insertSession } from '#test/session-helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

const present = (sessionId: string, userId: string, recordedAt: Date) =>
  testDb().insert(attendanceEvents).values({ id: crypto.randomUUID(), sessionId, userId, kind: 'present', method: 'roster', recordedAt });
const myFor = (token: string, forId: string) => api(`/api/attendance/my?from=2026-01-01&to=2026-04-01&for=${forId}`, { token });

describe('GET /api/attendance/my?for= (issue 26)', () => {
  it('shows a guardian their child’s attendance, not their own', async () => {
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const session = await insertSession({ startsAt: new Date('2026-02-10T17:00:00Z'), title: 'Kids karate' });
    await present(session.id, child.id, new Date('2026-02-10T17:05:00Z'));
    const res = await myFor(parent.token, child.id);
    expect(res.status).toBe(200);
    expect(res.body.data.rows).toMatchObject([{ sessionId: session.id, status: 'present' }]);
    expect((await api('/api/attendance/my?from=2026-01-01&to=2026-04-01', { token: parent.token })).body.data.rows).toEqual([]);
  });

  it('answers 404 for another family’s child and another adult', async () => {
    const parent = await createUser({ role: 'member' });
    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    const res = await myFor(parent.token, theirs.id);
    expect([res.status, res.body.message]).toEqual([404, 'Child not found']);
    expect((await myFor(parent.token, stranger.id)).status).toBe(404);
  });
});
