import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAMILY_LIMITS, FAMILY_MESSAGES, noLoginEmail } from '#core/family/family-options.ts';
import { authTokens, emailOutbox, familyLinks, users } from '#db/schema/index.ts';
import { send } from '#test/catalog-helpers.ts';
import { childBirthDate, insertChild } from '#test/family-helpers.ts';
import { createUser, getUserRow, testDb, uniq } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

const child = (over: Record<string, unknown> = {}) => ({
  firstName: 'Mia',
  lastName: 'Tanaka',
  dateOfBirth: childBirthDate(9),
  grade: 'white',
  emergencyContact: { name: 'Ken Tanaka', phone: '604 555 0101', relationship: 'Father' },
  medicalNotes: 'Asthma: inhaler in her bag',
  relationship: 'Mother',
  ...over,
});

describe('adding children', () => {
  it('makes a student account with no login, linked to the guardian, and lists it in GET /api/family', async () => {
    const parent = await createUser({ role: 'member' });
    const res = await send('POST', '/api/family/children', parent.token, child());
    expect(res.status).toBe(201);
    const made = res.body.data;
    expect(made).toMatchObject({
      firstName: 'Mia',
      lastName: 'Tanaka',
      name: 'Mia Tanaka',
      role: 'student',
      relation: 'child',
      relationship: 'Mother',
      canSignIn: false,
      email: null,
      dateOfBirth: childBirthDate(9),
      age: 9,
      grade: 'white',
      medicalNotes: 'Asthma: inhaler in her bag',
      emergencyContact: { name: 'Ken Tanaka', phone: '604 555 0101', relationship: 'Father' },
      ofAge: false,
      membership: null,
    });
    expect(made.studentId).toMatch(/^STU-\d{4,}$/);
    const row = (await getUserRow(made._id))!;
    expect(row).toMatchObject({ role: 'student', canSignIn: false, email: noLoginEmail(made._id) });
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(false);

    const family = await send('GET', '/api/family', parent.token);
    expect(family.status).toBe(200);
    expect(family.body.data.me).toMatchObject({ _id: parent.id, relation: 'self' });
    expect(family.body.data.children.map((c: { _id: string }) => c._id)).toEqual([made._id]);
    expect(family.body.data.guardians).toEqual([]);
  });

  it('refuses staff roles with 403 and bad input with field errors', async () => {
    for (const role of ['instructor', 'admin'] as const) {
      const staff = await createUser({ role });
      const res = await send('POST', '/api/family/children', staff.token, child());
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(FAMILY_MESSAGES.notGuardian);
    }
    const parent = await createUser({ role: 'student' });
    const bad = async (over: Record<string, unknown>) => send('POST', '/api/family/children', parent.token, child(over));
    for (const dateOfBirth of ['2019-02-30', 'yesterday', '', `${new Date().getUTCFullYear() + 1}-01-01`]) {
      const res = await bad({ dateOfBirth });
      expect(res.status, dateOfBirth).toBe(400);
      expect(res.body.message).toBe(FAMILY_MESSAGES.dateOfBirthInvalid);
      expect(res.body.errors[0].path).toBe('dateOfBirth');
    }
    const old = await bad({ dateOfBirth: childBirthDate(18) });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(FAMILY_MESSAGES.childTooOld);
    expect((await bad({ firstName: '' })).body.message).toBe('First name is required');
    expect((await bad({ medicalNotes: 'x'.repeat(FAMILY_LIMITS.notesMax + 1) })).status).toBe(400);
    expect(await testDb().$count(familyLinks, eq(familyLinks.guardianId, parent.id))).toBe(0);
  });

  it('never passes the most children allowed, even when adds race', async () => {
    const parent = await createUser({ role: 'member' });
    for (let i = 0; i < FAMILY_LIMITS.maxChildren - 2; i++) await insertChild(parent.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => send('POST', '/api/family/children', parent.token, child({ firstName: `Kid${i}` }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await testDb().$count(familyLinks, eq(familyLinks.guardianId, parent.id))).toBe(FAMILY_LIMITS.maxChildren);
    const ids = results.filter((r) => r.status === 201).map((r) => r.body.data.studentId);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('editing a child', () => {
  it('lets the guardian and staff change the fields sent, and answers 404 to anyone else', async () => {
    const parent = await createUser({ role: 'member' });
    const kid = await insertChild(parent.id, { firstName: 'Leo' });
    const patch = await send('PATCH', `/api/family/children/${kid.id}`, parent.token, {
      grade: 'yellow',
      medicalNotes: 'Peanut allergy',
      relationship: 'Father',
    });
    expect(patch.status).toBe(200);
    expect(patch.body.data).toMatchObject({ firstName: 'Leo', grade: 'yellow', medicalNotes: 'Peanut allergy', relationship: 'Father' });
    const cleared = await send('PATCH', `/api/family/children/${kid.id}`, parent.token, { grade: null });
    expect(cleared.body.data.grade).toBeNull();

    const instructor = await createUser({ role: 'instructor' });
    const byStaff = await send('PATCH', `/api/family/children/${kid.id}`, instructor.token, { lastName: 'Okada' });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.data.name).toBe('Leo Okada');

    const stranger = await createUser({ role: 'member' });
    const other = await send('PATCH', `/api/family/children/${kid.id}`, stranger.token, { firstName: 'Hacked' });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(FAMILY_MESSAGES.childNotFound);
    // An adult who is nobody's child is not a "child" staff can edit here either.
    const adult = await createUser({ role: 'student' });
    expect((await send('PATCH', `/api/family/children/${adult.id}`, instructor.token, { firstName: 'X' })).status).toBe(404);
    expect((await send('PATCH', `/api/family/children/${kid.id}`, parent.token, { dateOfBirth: childBirthDate(19) })).status).toBe(400);
    expect((await getUserRow(kid.id))!.profile.firstName).toBe('Leo');
  });
});

describe('giving a child a login', () => {
  it('sets the e-mail, opens sign-in and sends the set-password link; a taken e-mail is 409; not yours 404', async () => {
    const parent = await createUser({ role: 'member' });
    const kid = await insertChild(parent.id);
    const stranger = await createUser({ role: 'member' });
    const email = `kid-${uniq()}@example.test`;
    expect((await send('POST', `/api/family/children/${kid.id}/login`, stranger.token, { email })).status).toBe(404);
    const taken = await send('POST', `/api/family/children/${kid.id}/login`, parent.token, { email: stranger.email });
    expect(taken.status).toBe(409);
    expect((await getUserRow(kid.id))!.canSignIn).toBe(false);

    const res = await send('POST', `/api/family/children/${kid.id}/login`, parent.token, { email });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ canSignIn: true, email });
    await settleDeferred();
    const mail = await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail).toHaveLength(1);
    const token = /token=([^&\s]+)/.exec(mail[0]!.text)![1]!;
    expect(await testDb().$count(authTokens, eq(authTokens.userId, kid.id))).toBe(1);

    const reset = await send('POST', '/api/auth/reset-password', undefined, {
      token: decodeURIComponent(token),
      email,
      newPassword: 'Kid-Password-2026',
      confirmPassword: 'Kid-Password-2026',
    });
    expect(reset.status).toBe(200);
    const login = await send('POST', '/api/auth/login', undefined, { email, password: 'Kid-Password-2026' });
    expect(login.status).toBe(200);
    expect((await send('POST', `/api/family/children/${kid.id}/login`, parent.token, { email: `b${email}` })).status).toBe(409);
  });
});

describe('a child without a login', () => {
  it('cannot log in, even with a password set, and answers exactly as wrong credentials do', async () => {
    const parent = await createUser({ role: 'member' });
    const kid = await insertChild(parent.id);
    const known = await createUser({ role: 'student' });
    await testDb().update(users).set({ passwordHash: known.row.passwordHash }).where(eq(users.id, kid.id));
    const asKid = await send('POST', '/api/auth/student-login', undefined, { studentId: kid.studentId, password: known.password });
    const wrong = await send('POST', '/api/auth/login', undefined, { email: known.email, password: 'Not-The-Password-1' });
    expect(asKid.status).toBe(401);
    expect(asKid.body.message).toBe(wrong.body.message);
    const byEmail = await send('POST', '/api/auth/login', undefined, { email: kid.email, password: known.password });
    expect(byEmail.status).toBe(401);
  });

  it('gets no password-reset e-mail, with the same answer as for anyone', async () => {
    const parent = await createUser({ role: 'member' });
    const kid = await insertChild(parent.id);
    const res = await send('POST', '/api/auth/forgot-password', undefined, { email: kid.email });
    expect(res.status).toBe(200);
    await settleDeferred();
    expect(await testDb().$count(emailOutbox, eq(emailOutbox.to, kid.email))).toBe(0);
    expect(await testDb().$count(authTokens, eq(authTokens.userId, kid.id))).toBe(0);
  });
});
