import { describe, expect, it } from 'vitest';
import { INSTRUCTOR_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { api, createUser, uniq } from '#test/helpers.ts';
import { admin, apply, applicationFields, approvedInstructor, decide, insertApplication, student } from '#test/instructor-helpers.ts';

describe('GET /my-enrollments and /:id', () => {
  it('lists only the caller’s applications, newest first, with counts by status', async () => {
    const s = await student();
    await insertApplication(s, { status: 'cancelled', instructorStatus: 'inactive', createdAt: new Date(Date.now() - 60_000) });
    const live = (await apply(s.token)).body.data.enrollment._id;
    await apply((await student()).token);
    const res = await api('/api/instructors/my-enrollments', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollments.map((e: { _id: string }) => e._id)[0]).toBe(live);
    expect(res.body.data.enrollments).toHaveLength(2);
    expect(res.body.data.summary).toEqual({ total: 2, pending_approval: 1, approved: 0, active: 0, cancelled: 1, completed: 0 });
    expect((await api('/api/instructors/my-enrollments')).status).toBe(401);
  });

  it('answers the owner and the school with statusDetails; anyone else gets a 404', async () => {
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    const own = await api(`/api/instructors/${id}`, { token: s.token });
    expect(own.status).toBe(200);
    expect(own.body.data.statusDetails).toEqual({
      label: 'Pending approval',
      description: 'Your application has been received and is waiting for the school to review it.',
      canCancel: true,
    });
    expect((await api(`/api/instructors/${id}`, { token: (await admin()).token })).status).toBe(200);
    expect((await api(`/api/instructors/${id}`, { token: (await createUser({ role: 'grandmaster' })).token })).status).toBe(200);
    const other = await api(`/api/instructors/${id}`, { token: (await student()).token });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Enrollment not found');
    expect((await api(`/api/instructors/${id}`, { token: (await createUser({ role: 'instructor' })).token })).status).toBe(404);
  });
});

describe('GET /type/:type (public)', () => {
  it('lists active instructors of the kind without e-mail, phone, notes or documents; suspended and pending ones are left out', async () => {
    const a = await admin();
    const marker = `Aikido${uniq()}`;
    const s = await student();
    const id = (await apply(s.token, applicationFields({ instructorType: 'senior', specialties: `${marker}, Kata` }))).body.data.enrollment
      ._id;
    await decide(a.token, id, 'approve');
    const suspended = await student();
    const sid = (await apply(suspended.token, applicationFields({ instructorType: 'senior', specialties: marker }))).body.data.enrollment
      ._id;
    await decide(a.token, sid, 'approve');
    await decide(a.token, sid, 'suspend', { suspendReason: 'Review' });
    await apply((await student()).token, applicationFields({ instructorType: 'senior', specialties: marker }));

    const res = await api(`/api/instructors/type/senior?search=${marker}`);
    expect(res.status).toBe(200);
    expect(res.body.data.stats).toEqual({ total: 1 });
    expect(res.body.data.instructors).toHaveLength(1);
    const [one] = res.body.data.instructors;
    expect(one).toEqual({
      _id: id,
      name: 'Test student',
      instructorType: 'senior',
      instructorId: expect.stringMatching(/^INS-/),
      grade: 'Black belt, 2nd dan',
      specialties: [marker, 'Kata'],
      bio: 'Teaching children and adults since 2019.',
      profilePicture: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(s.email);
    expect(JSON.stringify(res.body)).not.toContain('555');
    expect((await api(`/api/instructors/type/guest?search=${marker}`)).body.data.stats.total).toBe(0);
  });

  it('refuses an unknown type with the list of types', async () => {
    const res = await api('/api/instructors/type/sensei');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Instructor type must be one of: assistant, instructor, senior, guest');
  });
});

describe('GET /admin/all', () => {
  it('pages by 20 by default, filters, and counts by status and instructor status', async () => {
    const a = await admin();
    const grade = `Grade${uniq()}`;
    const users = await Promise.all(Array.from({ length: 23 }, () => student()));
    await Promise.all(users.map((u) => insertApplication(u, { grade })));
    const first = await api(`/api/instructors/admin/all?search=${grade}`, { token: a.token });
    expect(first.status).toBe(200);
    expect(first.body.data.enrollments).toHaveLength(20);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2, hasMore: true });
    expect(first.body.pagination).toEqual(first.body.data.pagination);
    const second = await api(`/api/instructors/admin/all?search=${grade}&page=2`, { token: a.token });
    expect(second.body.data.enrollments).toHaveLength(3);
    const ids = new Set([...first.body.data.enrollments, ...second.body.data.enrollments].map((e: { _id: string }) => e._id));
    expect(ids.size).toBe(23);

    const { id } = await approvedInstructor(a.token);
    await decide(a.token, id, 'suspend', { suspendReason: 'Review' });
    const filtered = await api('/api/instructors/admin/all?instructorStatus=suspended&status=approved&limit=100', { token: a.token });
    expect(filtered.body.data.enrollments.map((e: { _id: string }) => e._id)).toContain(id);
    expect(filtered.body.data.enrollments.every((e: { instructorStatus: string }) => e.instructorStatus === 'suspended')).toBe(true);

    const { stats } = filtered.body.data;
    for (const status of INSTRUCTOR_ENROLLMENT_STATUSES) expect(stats[status]).toEqual(expect.any(Number));
    expect(stats.pending_approval).toBeGreaterThanOrEqual(23);
    expect(stats.instructor_suspended).toBeGreaterThanOrEqual(1);
    expect(stats.total).toBe(INSTRUCTOR_ENROLLMENT_STATUSES.reduce((n, s) => n + stats[s], 0));
  });

  it('refuses a status outside the list, and anyone but the school', async () => {
    const a = await admin();
    const bad = await api('/api/instructors/admin/all?status=paid', { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of: pending_approval, approved, active, cancelled, completed');
    expect((await api('/api/instructors/admin/all', { token: (await student()).token })).status).toBe(403);
    expect((await api('/api/instructors/admin/all', { token: (await createUser({ role: 'instructor' })).token })).status).toBe(403);
  });
});
