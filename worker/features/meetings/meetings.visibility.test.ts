import { describe, expect, it } from 'vitest';
import { send } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { insertMeeting } from './meetings.test-helpers.ts';

const ids = (list: { _id: string }[]) => list.map((m) => m._id);

describe('meeting visibility (spec 6)', () => {
  it('never shows a student a meeting for instructors: not in the list, nor by id, nor to join', async () => {
    const student = await createUser({ role: 'student' });
    const forInstructors = await insertMeeting(5, { targetRoles: ['instructor'] });
    const list = await send('GET', '/api/zoom-meetings?limit=100', student.token);
    expect(list.status).toBe(200);
    for (const key of ['meetings', 'upcoming', 'past'] as const) expect(ids(list.body.data[key])).not.toContain(forInstructors.id);
    const get = await send('GET', `/api/zoom-meetings/${forInstructors.id}`, student.token);
    expect(get.status).toBe(404);
    expect(get.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Meeting not found' });
    expect(JSON.stringify(get.body)).not.toContain(forInstructors.joinUrl);
    const join = await send('POST', `/api/zoom-meetings/${forInstructors.id}/join`, student.token);
    expect(join.status).toBe(404);
    expect(JSON.stringify(join.body)).not.toContain(forInstructors.joinUrl);
  });

  it('shows that meeting to instructors and to every admin-capable role', async () => {
    const m = await insertMeeting(5, { targetRoles: ['instructor'] });
    for (const role of ['instructor', 'grandmaster', 'admin', 'super-admin'] as const) {
      const user = await createUser({ role });
      const list = await send('GET', '/api/zoom-meetings?limit=100', user.token);
      expect(ids(list.body.data.upcoming), role).toContain(m.id);
      expect((await send('GET', `/api/zoom-meetings/${m.id}`, user.token)).status, role).toBe(200);
    }
  });

  it("shows a meeting for 'all' to everyone and a named user's meeting to that user only", async () => {
    const [s1, s2] = [await createUser({ role: 'student' }), await createUser({ role: 'student' })];
    const forAll = await insertMeeting(90);
    const forS1 = await insertMeeting(90, { targetRoles: ['instructor'], targetUsers: [s1.id] });
    const l1 = await send('GET', '/api/zoom-meetings?limit=100', s1.token);
    expect(ids(l1.body.data.upcoming)).toEqual(expect.arrayContaining([forAll.id, forS1.id]));
    const l2 = await send('GET', '/api/zoom-meetings?limit=100', s2.token);
    expect(ids(l2.body.data.upcoming)).toContain(forAll.id);
    expect(ids(l2.body.data.upcoming)).not.toContain(forS1.id);
    expect((await send('GET', `/api/zoom-meetings/${forS1.id}`, s2.token)).status).toBe(404);
    const mine = await send('GET', `/api/zoom-meetings/${forS1.id}`, s1.token);
    expect(mine.body.data.targetUsers).toEqual([s1.id]);
  });

  it('names the host for the invitees, in the list and by id', async () => {
    const [student, host] = await Promise.all([
      createUser({ role: 'student' }),
      createUser({ role: 'instructor', profile: { firstName: 'Maya', lastName: 'Ito' } }),
    ]);
    const m = await insertMeeting(90, { targetUsers: [student.id], targetRoles: [], hostId: host.id });
    const list = await send('GET', '/api/zoom-meetings?limit=100', student.token);
    expect(list.body.data.upcoming.find((x: { _id: string }) => x._id === m.id)).toMatchObject({ hostId: host.id, hostName: 'Maya Ito' });
    expect((await send('GET', `/api/zoom-meetings/${m.id}`, student.token)).body.data.hostName).toBe('Maya Ito');
    const hostless = await insertMeeting(90, { targetUsers: [student.id], targetRoles: [] });
    expect((await send('GET', `/api/zoom-meetings/${hostless.id}`, student.token)).body.data.hostName).toBeNull();
  });

  it('hides the link and passcode from non-admins until the meeting is joinable', async () => {
    const member = await createUser({ role: 'member' });
    const later = await insertMeeting(90);
    const soon = await insertMeeting(10);
    const a = (await send('GET', `/api/zoom-meetings/${later.id}`, member.token)).body.data;
    expect(a).toMatchObject({ joinUrl: null, password: null, isJoinable: false, isUrgent: false });
    expect(a.timeLabel).toMatch(/^Starts in 1h (29|30)m$/);
    const b = (await send('GET', `/api/zoom-meetings/${soon.id}`, member.token)).body.data;
    expect(b).toMatchObject({ joinUrl: soon.joinUrl, password: 'osu', isJoinable: true, isUrgent: true });
    const admin = await createUser({ role: 'admin' });
    expect((await send('GET', `/api/zoom-meetings/${later.id}`, admin.token)).body.data.joinUrl).toBe(later.joinUrl);
  });

  it('splits upcoming from past and pages the full list', async () => {
    const admin = await createUser({ role: 'admin' });
    const next = await insertMeeting(30);
    const over = await insertMeeting(-120);
    const called = await insertMeeting(60, { status: 'cancelled' });
    const res = await send('GET', '/api/zoom-meetings?limit=100', admin.token);
    expect(ids(res.body.data.upcoming)).toContain(next.id);
    expect(ids(res.body.data.past)).toEqual(expect.arrayContaining([over.id, called.id]));
    expect(ids(res.body.data.upcoming)).not.toContain(over.id);
    expect(res.body.upcoming).toEqual(res.body.data.upcoming);
    const page = await send('GET', '/api/zoom-meetings?limit=1&page=2', admin.token);
    expect(page.body.data.meetings).toHaveLength(1);
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 1, hasMore: true });
  });
});
