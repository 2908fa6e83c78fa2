import { describe, expect, it } from 'vitest';
import { send } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { insertMeeting } from './meetings.test-helpers.ts';

const move = (token: string, id: string, body: unknown) => send('PATCH', `/api/zoom-meetings/${id}/status`, token, body);

describe('meeting status', () => {
  it('moves along the machine with an optional reason, and refuses other moves with 409', async () => {
    const admin = await createUser({ role: 'admin' });
    const m = await insertMeeting(30);
    const started = await move(admin.token, m.id, { status: 'started' });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'started', statusReason: null });
    const again = await move(admin.token, m.id, { status: 'started' });
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'This meeting is already started' } });
    const ended = await move(admin.token, m.id, { status: 'ended', reason: 'Finished early' });
    expect(ended.body.data).toMatchObject({ status: 'ended', statusReason: 'Finished early' });
    const back = await move(admin.token, m.id, { status: 'scheduled' });
    expect(back).toMatchObject({ status: 409, body: { message: 'An ended meeting cannot be marked as scheduled' } });
  });

  it('reschedules a cancelled meeting', async () => {
    const admin = await createUser({ role: 'grandmaster' });
    const m = await insertMeeting(30);
    expect((await move(admin.token, m.id, { status: 'cancelled', reason: 'Storm' })).body.data.statusReason).toBe('Storm');
    expect((await move(admin.token, m.id, { status: 'scheduled' })).body.data).toMatchObject({ status: 'scheduled', statusReason: null });
  });

  // The same move from 20 admins at once: one wins. (Mixed moves may both win in order, e.g. started then cancelled.)
  it('lets exactly one of 20 parallel changes win', async () => {
    const admin = await createUser({ role: 'admin' });
    const m = await insertMeeting(10);
    const results = await Promise.all(Array.from({ length: 20 }, () => move(admin.token, m.id, { status: 'started' })));
    const codes = results.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('answers 404 for an unknown meeting and 400 for an unknown status', async () => {
    const admin = await createUser({ role: 'admin' });
    expect((await move(admin.token, 'missing', { status: 'started' })).status).toBe(404);
    const bad = await move(admin.token, (await insertMeeting()).id, { status: 'live' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Status must be one of: scheduled, started, ended, cancelled' } });
  });
});
