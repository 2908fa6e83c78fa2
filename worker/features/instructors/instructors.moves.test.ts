import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '#db/schema/index.ts';
import { exists } from '#test/file-helpers.ts';
import { api, createUser, freshIp, getUserRow, testDb, TEST_PASSWORD } from '#test/helpers.ts';
import {
  admin,
  apply,
  approvedInstructor,
  decide,
  enrollmentRow,
  freshToken,
  insertApplication,
  pdf,
  student,
} from '#test/instructor-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

const me = (token: string) => api('/api/instructors/my-enrollments', { token });

describe('approve', () => {
  it('makes the applicant an instructor with a new instructor ID, ends their sessions, and they log in with the ID', async () => {
    const a = await admin();
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    const res = await decide(a.token, id, 'approve', { approvalNotes: 'Welcome aboard' });
    expect(res.status).toBe(200);
    const { enrollment, instructorId, userRole } = res.body.data;
    expect(userRole).toBe('instructor');
    expect(instructorId).toMatch(/^INS-\d{4,}$/);
    expect(enrollment).toMatchObject({
      enrollmentStatus: 'approved',
      instructorStatus: 'active',
      instructorId,
      userRole: 'instructor',
      approvalNotes: 'Welcome aboard',
      approvedAt: expect.any(String),
    });
    const user = (await getUserRow(s.id))!;
    expect(user).toMatchObject({ role: 'instructor', instructorId, tokenVersion: 1 });
    expect((await enrollmentRow(id))!.instructorId).toBe(instructorId);

    // Decision 004: the student-era token is refused at once.
    expect((await me(s.token)).status).toBe(401);
    const login = await api('/api/auth/instructor-login', {
      body: { instructorId, password: TEST_PASSWORD },
      headers: { 'cf-connecting-ip': freshIp() },
    });
    expect(login.status).toBe(200);
    expect(login.body.user ?? login.body.data?.user).toMatchObject({ role: 'instructor' });
    const token = login.body.token ?? login.body.data?.token;
    expect((await me(token)).body.data.enrollments[0]).toMatchObject({ userRole: 'instructor', instructorId });

    await settleDeferred();
    const notice = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.id), eq(notifications.entityId, id)))
      .get();
    expect(notice).toMatchObject({ title: 'Instructor application approved', type: 'success' });
    expect(notice!.actions[0]!.url).toBe('/instructor/instructor-application');
    const mail = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, s.email), eq(emailOutbox.kind, 'instructor-approved')))
      .get();
    expect(mail?.text).toContain(instructorId);
  });

  it('keeps an instructor ID the user already has', async () => {
    const a = await admin();
    const code = `INS-K${Date.now().toString(36).toUpperCase()}`;
    const s = await createUser({ role: 'student', instructorId: code });
    const id = (await apply(s.token)).body.data.enrollment._id;
    expect((await decide(a.token, id, 'approve')).body.data.instructorId).toBe(code);
  });

  it('of 10 parallel approvals exactly one wins; the role changes and tokenVersion goes up once', async () => {
    const a = await admin();
    const b = await createUser({ role: 'grandmaster' });
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => decide(i % 2 ? a.token : b.token, id, 'approve')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status === 409);
    expect(losers).toHaveLength(9);
    expect(losers[0]!.body.message).toBe('Only an enrollment pending approval can be approved (this one is approved)');
    expect(await getUserRow(s.id)).toMatchObject({ role: 'instructor', tokenVersion: 1 });
  });

  it('takes a call without a body (the notes are optional)', async () => {
    const a = await admin();
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    const res = await api(`/api/instructors/${id}/approve`, { method: 'POST', token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment.approvalNotes).toBeNull();
  });

  it('is for the school only, and 404 for an unknown id', async () => {
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    expect((await decide(s.token, id, 'approve')).status).toBe(403);
    const inst = await createUser({ role: 'instructor' });
    expect((await decide(inst.token, id, 'approve')).status).toBe(403);
    expect((await decide((await admin()).token, 'nope', 'approve')).status).toBe(404);
  });
});

describe('reject', () => {
  it('cancels a pending application with the reason (default "Cancelled by admin"); a second decision is a 409', async () => {
    const a = await admin();
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    const res = await decide(a.token, id, 'reject', { rejectionReason: 'Not enough teaching experience yet' });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment).toMatchObject({
      enrollmentStatus: 'cancelled',
      cancelReason: 'Not enough teaching experience yet',
      cancelledAt: expect.any(String),
      userRole: 'student',
    });
    expect((await getUserRow(s.id))!.tokenVersion).toBe(0);
    const again = await decide(a.token, id, 'reject');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This enrollment cannot be rejected (it is cancelled)');
    expect((await decide(a.token, id, 'approve')).status).toBe(409);

    const t = await student();
    const other = (await apply(t.token)).body.data.enrollment._id;
    expect((await decide(a.token, other, 'reject')).body.data.enrollment.cancelReason).toBe('Cancelled by admin');
    // Rejected, they may apply again.
    expect((await apply(t.token)).status).toBe(201);
  });

  it('cannot reject an approved instructor (suspend or complete instead)', async () => {
    const a = await admin();
    const { id } = await approvedInstructor(a.token);
    expect((await decide(a.token, id, 'reject')).status).toBe(409);
  });
});

describe('suspend and reactivate', () => {
  it('suspension gives the old role back and ends live tokens at once; reactivation makes them an instructor again', async () => {
    const a = await admin();
    const { user, id, token } = await approvedInstructor(a.token);
    expect((await me(token)).status).toBe(200);

    expect((await decide(a.token, id, 'suspend', {})).body.message).toBe('A reason for the suspension is required');
    const res = await decide(a.token, id, 'suspend', { suspendReason: 'Missed three classes' });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment).toMatchObject({
      enrollmentStatus: 'approved',
      instructorStatus: 'suspended',
      suspendReason: 'Missed three classes',
      suspendedAt: expect.any(String),
      userRole: 'student',
    });
    expect(await getUserRow(user.id)).toMatchObject({ role: 'student', tokenVersion: 2 });
    // The instructor's token is refused on the very next call; a new one sees the student role.
    const stale = await me(token);
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('Your session has ended, please log in again');
    const asStudent = await freshToken(user.id);
    expect((await me(asStudent)).body.data.enrollments[0]).toMatchObject({ userRole: 'student', instructorStatus: 'suspended' });
    const detail = await api(`/api/instructors/${id}`, { token: asStudent });
    expect(detail.body.data.statusDetails).toMatchObject({ label: 'Suspended', canCancel: true });

    const twice = await decide(a.token, id, 'suspend', { suspendReason: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Only an active instructor can be suspended');

    const back = await decide(a.token, id, 'reactivate', { reactivateReason: 'Talked it through' });
    expect(back.status).toBe(200);
    expect(back.body.data.enrollment).toMatchObject({
      instructorStatus: 'active',
      reactivateReason: 'Talked it through',
      userRole: 'instructor',
    });
    expect(await getUserRow(user.id)).toMatchObject({ role: 'instructor', tokenVersion: 3 });
    expect((await me(asStudent)).status).toBe(401);
    const again = await decide(a.token, id, 'reactivate');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a suspended instructor can be reactivated');
  });

  it('parallel suspensions change the role once', async () => {
    const a = await admin();
    const { user, id } = await approvedInstructor(a.token);
    const results = await Promise.all(Array.from({ length: 6 }, () => decide(a.token, id, 'suspend', { suspendReason: 'Review' })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await getUserRow(user.id)).toMatchObject({ role: 'student', tokenVersion: 2 });
  });

  it('a pending application cannot be suspended or reactivated', async () => {
    const a = await admin();
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    expect((await decide(a.token, id, 'suspend', { suspendReason: 'x' })).status).toBe(409);
    expect((await decide(a.token, id, 'reactivate')).status).toBe(409);
  });
});

describe('complete', () => {
  it('ends the engagement: completed, inactive, the role back; a member gets member back', async () => {
    const a = await admin();
    const m = await createUser({ role: 'member' });
    const id = (await apply(m.token)).body.data.enrollment._id;
    await decide(a.token, id, 'approve');
    const res = await decide(a.token, id, 'complete', { completionNotes: 'Season over' });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment).toMatchObject({
      enrollmentStatus: 'completed',
      instructorStatus: 'inactive',
      completionNotes: 'Season over',
      completedAt: expect.any(String),
      userRole: 'member',
    });
    expect(await getUserRow(m.id)).toMatchObject({ role: 'member', tokenVersion: 2 });
    const again = await decide(a.token, id, 'complete');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an approved or active instructor can be completed (this one is completed)');
    // Completed, they may apply again.
    expect((await apply(await freshToken(m.id))).status).toBe(201);
  });
});

describe('PATCH /:id/cancel (the applicant)', () => {
  it('cancels their own pending application (default reason), 404 for anyone else, 409 once cancelled', async () => {
    const s = await student();
    const other = await student();
    const a = await admin();
    const id = (await apply(s.token)).body.data.enrollment._id;
    expect((await api(`/api/instructors/${id}/cancel`, { method: 'PATCH', token: other.token, body: {} })).status).toBe(404);
    // The school rejects; the cancel is the applicant's own.
    expect((await api(`/api/instructors/${id}/cancel`, { method: 'PATCH', token: a.token, body: {} })).status).toBe(404);
    const res = await api(`/api/instructors/${id}/cancel`, { method: 'PATCH', token: s.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment).toMatchObject({ enrollmentStatus: 'cancelled', cancelReason: 'Cancelled by user' });
    const again = await api(`/api/instructors/${id}/cancel`, { method: 'PATCH', token: s.token, body: { cancelReason: 'x' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This enrollment cannot be cancelled (it is cancelled)');
  });

  it('an instructor who cancels gives the role back and their session ends', async () => {
    const a = await admin();
    const { user, id, token } = await approvedInstructor(a.token);
    const res = await api(`/api/instructors/${id}/cancel`, { method: 'PATCH', token, body: { cancelReason: 'Moving abroad' } });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment).toMatchObject({ enrollmentStatus: 'cancelled', cancelReason: 'Moving abroad', userRole: 'student' });
    expect(await getUserRow(user.id)).toMatchObject({ role: 'student', tokenVersion: 2 });
    expect((await me(token)).status).toBe(401);
  });
});

describe('DELETE /:id', () => {
  it('removes the row and its documents; a live instructor gets the old role back in the same batch', async () => {
    const a = await admin();
    const s = await student();
    const applied = await apply(s.token, undefined, [['documents', pdf()]]);
    const id = applied.body.data.enrollment._id;
    const key = (await enrollmentRow(id))!.documents[0]!.key;
    await decide(a.token, id, 'approve');
    expect((await api(`/api/instructors/${id}`, { method: 'DELETE', token: await freshToken(s.id) })).status).toBe(403);
    const res = await api(`/api/instructors/${id}`, { method: 'DELETE', token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ _id: id });
    expect(await enrollmentRow(id)).toBeUndefined();
    expect(await exists(key)).toBe(false);
    expect(await getUserRow(s.id)).toMatchObject({ role: 'student', tokenVersion: 2 });
    expect((await api(`/api/instructors/${id}`, { method: 'DELETE', token: a.token })).status).toBe(404);
  });

  it('deleting a cancelled application leaves the user alone', async () => {
    const a = await admin();
    const s = await student();
    const row = await insertApplication(s, { status: 'cancelled', instructorStatus: 'inactive' });
    expect((await api(`/api/instructors/${row.id}`, { method: 'DELETE', token: a.token })).status).toBe(200);
    expect(await getUserRow(s.id)).toMatchObject({ role: 'student', tokenVersion: 0 });
  });
});
