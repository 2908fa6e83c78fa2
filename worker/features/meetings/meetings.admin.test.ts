import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meetings, notifications } from '#db/schema/index.ts';
import { send, testServiceCtx } from '#test/catalog-helpers.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { CreateMeetingSchema } from '#core/meetings/meeting-schemas.ts';
import { meetingNotifier, type MeetingNotifier, type MeetingShare } from './meetings.notify.ts';
import { shareMeeting } from './meetings.share.ts';
import { createMeeting } from './meetings.write.ts';
import { inMinutes, insertMeeting } from './meetings.test-helpers.ts';

const authUser = (u: { id: string; email: string; role: AuthUser['role'] }): AuthUser => ({
  id: u.id,
  email: u.email,
  role: u.role,
  emailVerified: true,
  tokenVersion: 0,
});

describe('creating, editing and deleting meetings', () => {
  // Without a zone a meeting takes the school's (settings.test.ts, which owns the shared settings row, checks that).
  it('creates a meeting from a pasted https link with the defaults, hosted by the caller', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await send('POST', '/api/zoom-meetings', admin.token, {
      title: 'Black belt theory',
      startTime: '2026-12-01T18:30',
      timezone: 'Asia/Kolkata',
      joinUrl: 'https://meet.example.com/abc',
      status: 'ended',
      notificationCount: 99,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      topic: 'Black belt theory',
      startTime: '2026-12-01T13:00:00.000Z',
      duration: 60,
      timezone: 'Asia/Kolkata',
      status: 'scheduled',
      targetRoles: ['all'],
      targetUsers: [],
      notificationSent: false,
      notificationCount: 0,
      hostId: admin.id,
      createdBy: admin.id,
      zoomMeetingId: null,
    });
  });

  it('holds a meeting for named people only: they see it, their role does not, and emptying its last audience is refused', async () => {
    const [admin, named, classmate] = await Promise.all([
      createUser({ role: 'admin' }),
      createUser({ role: 'student' }),
      createUser({ role: 'student' }),
    ]);
    const res = await send('POST', '/api/zoom-meetings', admin.token, {
      topic: 'Private lesson',
      startTime: inMinutes(60),
      joinUrl: 'https://meet.example.com/private',
      targetRoles: [],
      targetUsers: [named.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ targetRoles: [], targetUsers: [named.id] });
    const id = res.body.data._id as string;
    expect((await send('GET', `/api/zoom-meetings/${id}`, named.token)).status).toBe(200);
    expect((await send('GET', `/api/zoom-meetings/${id}`, classmate.token)).status).toBe(404);
    const nobody = await send('POST', '/api/zoom-meetings', admin.token, {
      topic: 'x',
      startTime: inMinutes(60),
      joinUrl: 'https://a.example.com/',
      targetRoles: [],
    });
    expect(nobody).toMatchObject({ status: 400, body: { message: 'Choose at least one role, or invite people by name' } });
    const emptied = await send('PATCH', `/api/zoom-meetings/${id}`, admin.token, { targetUsers: [] });
    expect(emptied).toMatchObject({ status: 400, body: { message: 'Choose at least one role, or invite people by name' } });
    expect((await send('PATCH', `/api/zoom-meetings/${id}`, admin.token, { targetUsers: [], targetRoles: ['student'] })).status).toBe(200);
    expect((await send('PATCH', '/api/zoom-meetings/no-such-meeting', admin.token, { targetUsers: [] })).status).toBe(404);
  });

  it('requires a link when Zoom is not configured, and refuses http or javascript links', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const body = { topic: 'T', startTime: inMinutes(60) };
    const missing = await send('POST', '/api/zoom-meetings', admin.token, body);
    expect(missing).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Meeting link is required/) } });
    for (const joinUrl of ['http://zoom.us/j/1', 'javascript:alert(1)']) {
      const res = await send('POST', '/api/zoom-meetings', admin.token, { ...body, joinUrl });
      expect(res).toMatchObject({ status: 400, body: { message: 'Meeting link must be a valid https:// address' } });
    }
  });

  it('makes the meeting on Zoom when the adapter is there and no link was pasted', async () => {
    const admin = await createUser({ role: 'admin' });
    const seen: unknown[] = [];
    const zoom = {
      async createMeeting(r: unknown) {
        seen.push(r);
        return { id: '85746065432', joinUrl: 'https://us05web.zoom.us/j/85746065432?pwd=x', password: 'z9', startUrl: null };
      },
    };
    const input = CreateMeetingSchema.parse({
      topic: 'Seminar',
      startTime: inMinutes(600),
      description: 'Bring a notebook',
      timezone: 'Asia/Kolkata',
    });
    const meeting = await createMeeting(testServiceCtx(authUser(admin)), input, zoom);
    expect(meeting).toMatchObject({ zoomMeetingId: '85746065432', joinUrl: 'https://us05web.zoom.us/j/85746065432?pwd=x', password: 'z9' });
    expect(seen[0]).toMatchObject({ topic: 'Seminar', agenda: 'Bring a notebook', durationMinutes: 60, timezone: 'Asia/Kolkata' });
  });

  it('updates only the fields sent (status stays with its own call) and deletes', async () => {
    const admin = await createUser({ role: 'admin' });
    const m = await insertMeeting(60, { timezone: 'UTC' });
    const res = await send('PATCH', `/api/zoom-meetings/${m.id}`, admin.token, {
      topic: 'Renamed',
      startTime: '2026-12-24T10:00',
      targetRoles: ['student', 'student'],
      status: 'ended',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      topic: 'Renamed',
      startTime: '2026-12-24T10:00:00.000Z',
      targetRoles: ['student'],
      status: 'scheduled',
    });
    expect((await send('PATCH', `/api/zoom-meetings/${m.id}`, admin.token, { joinUrl: '' })).status).toBe(400);
    expect((await send('PATCH', '/api/zoom-meetings/missing', admin.token, { topic: 'x' })).status).toBe(404);
    expect((await send('DELETE', `/api/zoom-meetings/${m.id}`, admin.token)).body).toMatchObject({ success: true, data: { _id: m.id } });
    expect((await send('DELETE', `/api/zoom-meetings/${m.id}`, admin.token)).status).toBe(404);
  });
});

describe('sharing a meeting', () => {
  it('counts the active users it targets, adds them up on each share, and hands them to the notifier', async () => {
    const admin = await createUser({ role: 'admin' });
    const named = await createUser({ role: 'student' });
    const blocked = await createUser({ role: 'grandmaster', blockedAt: new Date() });
    const m = await insertMeeting(60, { targetRoles: ['grandmaster'], targetUsers: [named.id, blocked.id] });
    const shares: MeetingShare[] = [];
    const notifier: MeetingNotifier = { meetingShared: async (_ctx, share) => void shares.push(share) };
    const ctx = testServiceCtx(authUser(admin));
    const first = await shareMeeting(ctx, { meetingId: m.id, customMessage: 'See you there' }, notifier);
    await settleDeferred();
    expect(shares[0]!.recipients.map((r) => r.id)).toContain(named.id);
    expect(shares[0]!.recipients.map((r) => r.id)).not.toContain(blocked.id);
    expect(shares[0]).toMatchObject({ customMessage: 'See you there', sharedBy: admin.id });
    expect(first.meeting).toMatchObject({ notificationSent: true, notificationCount: first.recipients });
    const second = await shareMeeting(ctx, { meetingId: m.id }, notifier);
    expect(second.meeting.notificationCount).toBe(first.recipients + second.recipients);
  });

  it('notifies each targeted user once, with the custom message, and nobody outside the target', async () => {
    const admin = await createUser({ role: 'admin' });
    const [named, teacher, outsider] = await Promise.all([
      createUser({ role: 'student' }),
      createUser({ role: 'instructor' }),
      createUser({ role: 'student' }),
    ]);
    const m = await insertMeeting(60, { targetRoles: [], targetUsers: [named.id, teacher.id] });
    await shareMeeting(testServiceCtx(authUser(admin)), { meetingId: m.id, customMessage: 'Bring your gi' }, meetingNotifier);
    await settleDeferred();
    const rows = await testDb().select().from(notifications).where(eq(notifications.entityId, m.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([named.id, teacher.id].sort());
    const of = (id: string) => rows.find((r) => r.userId === id)!;
    expect(of(named.id)).toMatchObject({ body: 'Bring your gi', eventType: 'meeting_shared', entityType: 'meeting', priority: 'high' });
    // Each link opens the meetings screen of the recipient's own panel.
    expect(of(named.id).data).toMatchObject({ url: '/student/meetings' });
    expect(of(teacher.id).data).toMatchObject({ url: '/instructor/meetings' });
    expect(rows.some((r) => r.userId === outsider.id)).toBe(false);
  });

  it('answers through the API with the count, and refuses cancelled meetings', async () => {
    const admin = await createUser({ role: 'admin' });
    const m = await insertMeeting(60);
    const res = await send('POST', '/api/zoom-meetings/share', admin.token, { meetingId: m.id, customMessage: 'Osu' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { notificationSent: true },
      message: expect.stringMatching(/^Meeting shared with \d+ users?$/),
    });
    const stored = await testDb().select().from(meetings).where(eq(meetings.id, m.id)).get();
    expect(stored!.notificationCount).toBe(res.body.recipients);
    const off = await insertMeeting(60, { status: 'cancelled' });
    expect(await send('POST', '/api/zoom-meetings/share', admin.token, { meetingId: off.id })).toMatchObject({
      status: 409,
      body: { message: 'This meeting has been cancelled' },
    });
    expect((await send('POST', '/api/zoom-meetings/share', admin.token, {})).body.message).toBe('Meeting ID is required');
  });
});
