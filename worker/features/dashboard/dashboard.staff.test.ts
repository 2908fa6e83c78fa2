import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertSession } from '#test/session-helpers.ts';
import { insertCourseEnrollment, insertMembershipEnrollment } from './dashboard.test-helpers.ts';

describe('the instructor and grand master homes', () => {
  it("marks the instructor's own classes today and counts students by grade in teaching order", async () => {
    const me = await createUser({ role: 'instructor', profile: { firstName: 'Hana', lastName: 'Sato' } });
    const before = (await api('/api/dashboard/instructor', { token: me.token })).body.data;
    await createUser({ role: 'student', profile: { grade: 'Green Belt' } });
    await createUser({ role: 'member', profile: { grade: 'green' } });
    await createUser({ role: 'instructor', profile: { grade: 'green' } });
    const res = await api('/api/dashboard/instructor', { token: me.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.name).toBe('Hana Sato');
    const green = (d: typeof data) => d.studentsByGrade.find((g: { grade: string }) => g.grade === 'green')?.count ?? 0;
    expect(green(data) - green(before)).toBeGreaterThanOrEqual(2);
    expect(data.students).toBe(data.studentsByGrade.reduce((s: number, g: { count: number }) => s + g.count, 0));
    const known = data.studentsByGrade.filter((g: { grade: string }) => g.grade !== 'none').map((g: { grade: string }) => g.grade);
    expect(known.indexOf('white')).toBeLessThan(Math.max(0, known.indexOf('green')) + 1);
    for (const c of data.classesToday) expect(c.mine).toBe(c.instructorName.toLowerCase().includes('hana sato'));
  });

  it('counts the scheduled sessions the instructor teaches today, the way to their Today screen', async () => {
    const me = await createUser({ role: 'instructor' });
    const other = await createUser({ role: 'instructor' });
    await insertSession({ inHours: 0, instructorUserId: me.id });
    await insertSession({ inHours: 0, instructorUserId: me.id, status: 'cancelled', cancelReason: 'Flooded mat' });
    await insertSession({ inHours: 48, instructorUserId: me.id });
    await insertSession({ inHours: 0, instructorUserId: other.id });
    const data = (await api('/api/dashboard/instructor', { token: me.token })).body.data;
    expect(data.mySessionsToday).toBe(1);
  });

  it('gives the grand master the school overview and what waits for a decision', async () => {
    const gm = await createUser({ role: 'grandmaster' });
    const student = await createUser({ role: 'student' });
    const before = (await api('/api/dashboard/grand-master', { token: gm.token })).body.data;
    await createUser({ role: 'student' });
    await insertCourseEnrollment(student.id, { status: 'pending_approval' });
    await insertMembershipEnrollment(student.id);
    const data = (await api('/api/dashboard/grand-master', { token: gm.token })).body.data;
    expect(data.overview.students - before.overview.students).toBeGreaterThanOrEqual(1);
    expect(data.overview.activeMemberships - before.overview.activeMemberships).toBeGreaterThanOrEqual(1);
    expect(data.waiting.courseEnrollments - before.waiting.courseEnrollments).toBeGreaterThanOrEqual(1);
    expect(Object.keys(data.waiting).sort()).toEqual(['courseEnrollments', 'instructorApplications', 'membershipEnrollments']);
  });
});
