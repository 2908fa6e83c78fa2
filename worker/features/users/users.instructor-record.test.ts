import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { instructorEnrollments } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { GOOD_PASSWORD, asAdmin, patch } from './users.test-helpers.ts';

const live = async (userId: string) =>
  (await testDb().select().from(instructorEnrollments).where(eq(instructorEnrollments.userId, userId)).all()).map((r) => ({
    status: r.status,
    instructorStatus: r.instructorStatus,
    approvalNotes: r.approvalNotes,
    previousRole: r.previousRole,
  }));

describe('the users API keeps spec 4: the instructor role only with an approved or active instructor enrolment', () => {
  it('an admin making a student an instructor appoints them (an active enrolment), and taking the role away completes it', async () => {
    const admin = await asAdmin();
    const s = await createUser({ role: 'student' });
    expect((await patch(`/api/users/${s.id}`, admin.token, { role: 'instructor' })).status).toBe(200);
    expect(await live(s.id)).toEqual([
      { status: 'active', instructorStatus: 'active', approvalNotes: 'Appointed by the school', previousRole: 'student' },
    ]);
    expect((await patch(`/api/users/${s.id}`, admin.token, { role: 'member' })).status).toBe(200);
    expect(await live(s.id)).toMatchObject([{ status: 'completed', instructorStatus: 'inactive' }]);
  });

  it('creating an instructor writes their enrolment; bulk role changes keep each user in step', async () => {
    const admin = await asAdmin();
    const res = await api('/api/users', {
      method: 'POST',
      token: admin.token,
      body: { email: `ins-${Date.now()}@example.test`, password: GOOD_PASSWORD, role: 'instructor' },
    });
    expect(res.status).toBe(201);
    expect(await live(res.body.data._id)).toMatchObject([{ status: 'active', instructorStatus: 'active' }]);
    const a = await createUser({ role: 'student' });
    const b = await createUser({ role: 'member' });
    expect((await patch('/api/users/bulk', admin.token, { userIds: [a.id, b.id], update: { role: 'instructor' } })).status).toBe(200);
    expect(await live(a.id)).toMatchObject([{ status: 'active' }]);
    expect(await live(b.id)).toMatchObject([{ status: 'active' }]);
    expect((await patch('/api/users/bulk', admin.token, { userIds: [a.id], update: { role: 'student' } })).status).toBe(200);
    expect(await live(a.id)).toMatchObject([{ status: 'completed' }]);
  });
});
