import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseEnrollments } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';
import { enroll, enrolled, insertCourse } from '#test/enrollment-helpers.ts';

describe('reads', () => {
  it('my-enrollments: own only, newest first, by status, paged', async () => {
    const student = await createUser();
    const first = await enrolled({ user: student });
    const second = await enrolled({ user: student, course: { priceCents: 0, discountPriceCents: null } });
    await enrolled();
    await api(`/api/enroll/${first.enrollment._id}/cancel`, { method: 'PATCH', token: student.token, body: {} });
    const all = await api('/api/enroll/my-enrollments', { token: student.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { _id: string }) => e._id)).toEqual([second.enrollment._id, first.enrollment._id]);
    expect(all.body.pagination).toMatchObject({ page: 1, total: 2 });
    const cancelled = await api('/api/enroll/my-enrollments?status=cancelled&limit=1', { token: student.token });
    expect(cancelled.body.data.map((e: { _id: string }) => e._id)).toEqual([first.enrollment._id]);
    expect(cancelled.body.pagination).toMatchObject({ limit: 1, total: 1 });
    expect((await api('/api/enroll/my-enrollments?status=nope', { token: student.token })).status).toBe(400);
  });

  it('GET /:id for the owner and staff', async () => {
    const { student, enrollment } = await enrolled();
    expect((await api(`/api/enroll/${enrollment._id}`, { token: student.token })).body.data._id).toBe(enrollment._id);
    const admin = await createUser({ role: 'grandmaster' });
    expect((await api(`/api/enroll/${enrollment._id}`, { token: admin.token })).body.data.user._id).toBe(student.id);
    expect((await api('/api/enroll/nope', { token: admin.token })).status).toBe(404);
  });

  it('admin/all filters by status, payment status, course, search and dates, 10 a page, with stats per status', async () => {
    const admin = await createUser({ role: 'admin' });
    const course = await insertCourse({ title: `Aikido ${uniq()}` });
    const tag = uniq();
    const students = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createUser({ profile: { firstName: `Kenji${tag}`, lastName: `N${i}` }, studentId: `S${tag}${i}` }),
      ),
    );
    const ids: string[] = [];
    for (const s of students) ids.push((await enroll(s, { courseId: course.id })).body.data.enrollment._id);
    await api(`/api/enroll/${ids[0]}/approve`, { method: 'POST', token: admin.token, body: {} });
    await api(`/api/enroll/${ids[1]}/reject`, { method: 'POST', token: admin.token, body: {} });

    const page1 = await api(`/api/enroll/admin/all?courseId=${course.id}`, { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.pagination).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2, hasMore: true });
    expect(page1.body.stats).toMatchObject({ total: 12, pending_approval: 10, approved: 1, cancelled: 1, active: 0 });
    expect(page1.body.data[0]._id).toBe(ids[11]);
    const page2 = await api(`/api/enroll/admin/all?courseId=${course.id}&page=2`, { token: admin.token });
    expect(page2.body.data.map((e: { _id: string }) => e._id)).toEqual([ids[1], ids[0]]);

    const approved = await api(`/api/enroll/admin/all?courseId=${course.id}&status=approved`, { token: admin.token });
    expect(approved.body.data.map((e: { _id: string }) => e._id)).toEqual([ids[0]]);
    expect(approved.body.stats.total).toBe(12);
    const byName = await api(`/api/enroll/admin/all?search=Kenji${tag}%20N3`, { token: admin.token });
    expect(byName.body.data.map((e: { _id: string }) => e._id)).toEqual([ids[3]]);
    const byStudentId = await api(`/api/enroll/admin/all?search=S${tag}5`, { token: admin.token });
    expect(byStudentId.body.data.map((e: { _id: string }) => e._id)).toEqual([ids[5]]);
    const byEmail = await api(`/api/enroll/admin/all?search=${encodeURIComponent(students[7]!.email)}`, { token: admin.token });
    expect(byEmail.body.data.map((e: { _id: string }) => e._id)).toEqual([ids[7]]);
    const byTitle = await api(`/api/enroll/admin/all?search=${encodeURIComponent(course.title)}&limit=100`, { token: admin.token });
    expect(byTitle.body.pagination.total).toBe(12);
    const wildcard = await api(`/api/enroll/admin/all?search=%25&courseId=${course.id}`, { token: admin.token });
    expect(wildcard.body.pagination.total).toBe(0);
    const free = await api(`/api/enroll/admin/all?courseId=${course.id}&paymentStatus=free`, { token: admin.token });
    expect(free.body.pagination.total).toBe(0);

    await testDb()
      .update(courseEnrollments)
      .set({ createdAt: new Date('2024-01-02T00:00:00Z') })
      .where(eq(courseEnrollments.id, ids[4]!));
    const old = await api(`/api/enroll/admin/all?courseId=${course.id}&from=2024-01-01&to=2024-01-03`, { token: admin.token });
    expect(old.body.data.map((e: { _id: string }) => e._id)).toEqual([ids[4]]);
    expect((await api('/api/enroll/admin/all?from=yesterday', { token: admin.token })).status).toBe(400);
    expect((await api('/api/enroll/admin/all?limit=1000', { token: admin.token })).body.pagination.limit).toBe(100);
  });
});
