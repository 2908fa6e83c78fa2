import { describe, expect, it } from 'vitest';
import { describeAccessMatrix, send } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { meetingsAccess } from './meetings.access.ts';
import { inMinutes, insertMeeting } from './meetings.test-helpers.ts';

describe('meetings access: the school-only routes', () => {
  const adminOnly = Object.fromEntries(Object.entries(meetingsAccess).filter(([, rule]) => rule !== 'user'));
  describeAccessMatrix(describe, it, expect, adminOnly, {
    'POST /api/zoom-meetings': async () => ({
      method: 'POST',
      path: '/api/zoom-meetings',
      body: { topic: 'Grading prep', startTime: inMinutes(120), joinUrl: 'https://zoom.us/j/1' },
    }),
    'POST /api/zoom-meetings/share': async () => ({
      method: 'POST',
      path: '/api/zoom-meetings/share',
      body: { meetingId: (await insertMeeting()).id },
    }),
    'GET /api/zoom-meetings/provider': async () => ({ method: 'GET', path: '/api/zoom-meetings/provider' }),
    'PATCH /api/zoom-meetings/:id': async () => ({
      method: 'PATCH',
      path: `/api/zoom-meetings/${(await insertMeeting()).id}`,
      body: { description: 'x' },
    }),
    'DELETE /api/zoom-meetings/:id': async () => ({ method: 'DELETE', path: `/api/zoom-meetings/${(await insertMeeting()).id}` }),
    'PATCH /api/zoom-meetings/:id/status': async () => ({
      method: 'PATCH',
      path: `/api/zoom-meetings/${(await insertMeeting()).id}/status`,
      body: { status: 'cancelled', reason: 'Holiday' },
    }),
  });
});

describe('meetings access: the routes for every signed-in user', () => {
  const calls = {
    'GET /api/zoom-meetings': async () => ['GET', '/api/zoom-meetings'] as const,
    'GET /api/zoom-meetings/:id': async () => ['GET', `/api/zoom-meetings/${(await insertMeeting()).id}`] as const,
    'POST /api/zoom-meetings/:id/join': async () => ['POST', `/api/zoom-meetings/${(await insertMeeting(5)).id}/join`] as const,
  };

  it('covers exactly the user routes of the access table', () => {
    const userRoutes = Object.entries(meetingsAccess).filter(([, rule]) => rule === 'user');
    expect(userRoutes.map(([k]) => k).sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(Object.keys(calls))('%s refuses a visitor (401) and answers every role', async (route) => {
    const [method, path] = await calls[route as keyof typeof calls]();
    expect((await send(method, path)).status).toBe(401);
    for (const role of ['student', 'member', 'instructor', 'grandmaster', 'admin', 'super-admin'] as const) {
      const user = await createUser({ role });
      const [m, p] = await calls[route as keyof typeof calls]();
      const res = await send(m, p, user.token);
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});

describe('GET /api/zoom-meetings/provider', () => {
  it('tells the admin form whether a meeting without a link is made on Zoom (no Zoom secrets in tests)', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await send('GET', '/api/zoom-meetings/provider', admin.token);
    expect(res.body).toEqual({ success: true, data: { zoomConnected: false } });
  });
});
