import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { familyLinks } from '#db/schema/index.ts';
import { send } from '#test/catalog-helpers.ts';
import { childBirthDate, insertChild } from '#test/family-helpers.ts';
import { createUser, testDb, uniq } from '#test/helpers.ts';

describe('families for staff', () => {
  it('shows a person’s children and guardians to staff only, with the private details', async () => {
    const parent = await createUser({ role: 'member' });
    const kid = await insertChild(parent.id, { dateOfBirth: childBirthDate(12) });
    await testDb().update(familyLinks).set({ relationship: 'Mother' }).where(eq(familyLinks.childId, kid.id));
    const instructor = await createUser({ role: 'instructor' });
    const res = await send('GET', `/api/users/${parent.id}/family`, instructor.token);
    expect(res.status).toBe(200);
    expect(res.body.data.children).toHaveLength(1);
    expect(res.body.data.children[0]).toMatchObject({ _id: kid.id, age: 12, dateOfBirth: childBirthDate(12), relationship: 'Mother' });
    const theirs = await send('GET', `/api/users/${kid.id}/family`, instructor.token);
    expect(theirs.body.data.guardians.map((g: { _id: string }) => g._id)).toEqual([parent.id]);
    for (const role of ['student', 'member'] as const) {
      const other = await createUser({ role });
      expect((await send('GET', `/api/users/${parent.id}/family`, other.token)).status, role).toBe(403);
    }
    expect((await send('GET', `/api/users/nobody/family`, instructor.token)).status).toBe(404);
  });

  it('links and unlinks (admin-capable only), refusing a staff guardian, a non-student child, a double link', async () => {
    const admin = await createUser({ role: 'admin' });
    const parent = await createUser({ role: 'member' });
    const kid = await createUser({ role: 'student', profile: { firstName: 'Yui', dateOfBirth: childBirthDate(10) } });
    const instructor = await createUser({ role: 'instructor' });
    expect((await send('POST', `/api/users/${parent.id}/family/links`, instructor.token, { childId: kid.id })).status).toBe(403);

    const link = await send('POST', `/api/users/${parent.id}/family/links`, admin.token, { childId: kid.id, relationship: 'Aunt' });
    expect(link.status).toBe(201);
    expect(link.body.data.children[0]).toMatchObject({ _id: kid.id, relationship: 'Aunt' });
    const twice = await send('POST', `/api/users/${parent.id}/family/links`, admin.token, { childId: kid.id });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(FAMILY_MESSAGES.alreadyGuardian);
    const staffGuardian = await send('POST', `/api/users/${instructor.id}/family/links`, admin.token, { childId: kid.id });
    expect(staffGuardian.status).toBe(403);
    const memberChild = await send('POST', `/api/users/${kid.id}/family/links`, admin.token, { childId: parent.id });
    expect(memberChild.status).toBe(400);
    expect((await send('POST', `/api/users/${parent.id}/family/links`, admin.token, { childId: parent.id })).status).toBe(400);
    expect((await send('POST', `/api/users/${parent.id}/family/links`, admin.token, { childId: 'nobody' })).status).toBe(404);

    expect((await send('DELETE', `/api/users/${parent.id}/family/links/${kid.id}`, instructor.token)).status).toBe(403);
    const gone = await send('DELETE', `/api/users/${parent.id}/family/links/${kid.id}`, admin.token);
    expect(gone.status).toBe(200);
    expect(gone.body.data.children).toEqual([]);
    expect((await send('DELETE', `/api/users/${parent.id}/family/links/${kid.id}`, admin.token)).status).toBe(404);
  });

  it('lists families (children sharing the same guardians) with search and paging, for admin-capable callers', async () => {
    const tag = `Fam${uniq()}`;
    const mum = await createUser({ role: 'member', profile: { firstName: tag, lastName: 'Mum' } });
    const dad = await createUser({ role: 'member' });
    const a = await insertChild(mum.id, { dateOfBirth: childBirthDate(9) });
    const b = await insertChild(mum.id, { dateOfBirth: childBirthDate(12) });
    await testDb()
      .insert(familyLinks)
      .values([
        { guardianId: dad.id, childId: a.id },
        { guardianId: dad.id, childId: b.id },
      ]);
    const admin = await createUser({ role: 'grandmaster' });
    const res = await send('GET', `/api/admin/families?search=${tag}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [family] = res.body.data;
    expect(family.guardians.map((g: { _id: string }) => g._id).sort()).toEqual([mum.id, dad.id].sort());
    expect(family.children.map((c: { _id: string; age: number }) => [c._id, c.age]).sort()).toEqual(
      [
        [a.id, 9],
        [b.id, 12],
      ].sort(),
    );
    expect(res.body.pagination).toMatchObject({ page: 1, total: 1 });
    const page = await send('GET', '/api/admin/families?limit=1', admin.token);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(1);
    const instructor = await createUser({ role: 'instructor' });
    expect((await send('GET', '/api/admin/families', instructor.token)).status).toBe(403);
  });
});
