import { describe, expect, it } from 'vitest';
import { api, createUser, getUserRow, tokenFor, uniq } from '#test/helpers.ts';
import { verifyPassword } from '#worker/lib/password.ts';
import { asAdmin, asSuperAdmin, GOOD_PASSWORD, patch } from './users.test-helpers.ts';

const me = (token: string) => api('/api/auth/me', { token });
const location = {
  city: 'Pune',
  state: 'MH',
  country: 'India',
  countryCode: 'IN',
  detectedAt: '2026-01-01T00:00:00Z',
  detectionMethod: 'ip',
  coordinates: { latitude: 18.5, longitude: 73.8 },
};

describe('PATCH /api/users/:id by an admin', () => {
  it('updates e-mail, flags, login ids and merges the profile, links and emergency contact', async () => {
    const admin = await asAdmin();
    const u = await createUser({
      role: 'student',
      profile: { firstName: 'Old', lastName: 'Name', phone: '123' },
      socialLinks: { facebook: 'https://fb.example/a' },
    });
    const email = `moved-${uniq()}@users-test.example`;
    const studentId = `stu-${uniq()}`;
    const res = await patch(`/api/users/${u.id}`, admin.token, {
      email: email.toUpperCase(),
      emailVerified: false,
      studentId: `  ${studentId} `,
      profile: { firstName: 'New', grade: 'Green', timezone: 'Europe/Paris', location, phone: null },
      socialLinks: { instagram: 'https://ig.example/b' },
      emergencyContact: { name: 'Mum', phone: '555' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'User updated successfully' });
    expect(res.body.data).toMatchObject({
      _id: u.id,
      email,
      emailVerified: false,
      studentId: studentId.toUpperCase(),
      profile: { firstName: 'New', lastName: 'Name', grade: 'Green', timezone: 'Europe/Paris', location },
      socialLinks: { facebook: 'https://fb.example/a', instagram: 'https://ig.example/b' },
      emergencyContact: { name: 'Mum', phone: '555' },
    });
    expect(res.body.data.profile).not.toHaveProperty('phone');
    const row = await getUserRow(u.id);
    expect(row?.profile).toMatchObject({ firstName: 'New', lastName: 'Name', grade: 'Green' });
    expect(row?.tokenVersion).toBe(0);
  });

  it('replaces a stored location instead of mixing old and new places', async () => {
    const admin = await asAdmin();
    const u = await createUser({ profile: { location: { city: 'Old', state: 'Gone' } } });
    const res = await patch(`/api/users/${u.id}`, admin.token, { profile: { location: { city: 'New' } } });
    expect(res.body.data.profile.location).toEqual({ city: 'New' });
  });

  it('clears a login id given as null', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'student', studentId: `STU-${uniq().toUpperCase()}` });
    const res = await patch(`/api/users/${u.id}`, admin.token, { studentId: null });
    expect(res.status).toBe(200);
    expect(res.body.data.studentId).toBeNull();
  });

  it('answers 409 for an e-mail or login id already taken', async () => {
    const admin = await asAdmin();
    const other = await createUser({ role: 'instructor', instructorId: `INS-${uniq().toUpperCase()}` });
    const u = await createUser({ role: 'instructor' });
    const email = await patch(`/api/users/${u.id}`, admin.token, { email: other.email });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe('A user with this email already exists');
    const id = await patch(`/api/users/${u.id}`, admin.token, { instructorId: other.row.instructorId!.toLowerCase() });
    expect(id.status).toBe(409);
    expect(id.body.message).toBe('This instructor ID is already in use');
  });

  it('re-hashes a new password and ends the sessions of that user', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'member' });
    expect((await me(u.token)).status).toBe(200);
    const res = await patch(`/api/users/${u.id}`, admin.token, { password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    const row = await getUserRow(u.id);
    expect(await verifyPassword(row!.passwordHash, GOOD_PASSWORD)).toBe(true);
    expect(row?.tokenVersion).toBe(1);
    expect((await me(u.token)).status).toBe(401);
  });

  it('applies the password policy', async () => {
    const admin = await asAdmin();
    const u = await createUser();
    const res = await patch(`/api/users/${u.id}`, admin.token, { password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at least 8 characters long');
  });

  it('a role change kills existing tokens and generates the new role login id', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'student' });
    const res = await patch(`/api/users/${u.id}`, admin.token, { role: 'instructor' });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('instructor');
    expect(res.body.data.instructorId).toMatch(/^INS-\d{4,}$/);
    expect((await me(u.token)).status).toBe(401);
    const fresh = await tokenFor({ id: u.id, role: 'instructor', tokenVersion: 1 });
    expect((await me(fresh)).status).toBe(200);
  });

  it('deactivating kills tokens; re-activating clears the block', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'student', blockedAt: new Date(), blockedReason: 'old' });
    const off = await patch(`/api/users/${u.id}`, admin.token, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect((await me(u.token)).status).toBe(401);
    const on = await patch(`/api/users/${u.id}`, admin.token, { isActive: true });
    expect(on.body.data).toMatchObject({ isActive: true, blockedAt: null, blockedReason: null });
  });

  it('refuses changing, deactivating or re-passwording oneself', async () => {
    const superAdmin = await asSuperAdmin();
    const role = await patch(`/api/users/${superAdmin.id}`, superAdmin.token, { role: 'admin' });
    expect(role.status).toBe(409);
    expect(role.body.message).toBe('You cannot change your own role');
    const off = await patch(`/api/users/${superAdmin.id}`, superAdmin.token, { isActive: false });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('You cannot deactivate your own account');
    const pw = await patch(`/api/users/${superAdmin.id}`, superAdmin.token, { password: GOOD_PASSWORD });
    expect(pw.status).toBe(403);
    expect((await getUserRow(superAdmin.id))?.role).toBe('super-admin');
    const same = await patch(`/api/users/${superAdmin.id}`, superAdmin.token, { role: 'super-admin', profile: { firstName: 'Me' } });
    expect(same.status).toBe(200);
  });

  it('lets an admin save their own profile but nothing else about their account', async () => {
    const admin = await asAdmin();
    const ok = await patch(`/api/users/${admin.id}`, admin.token, { profile: { timezone: 'Asia/Tokyo' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.profile.timezone).toBe('Asia/Tokyo');
    const id = await patch(`/api/users/${admin.id}`, admin.token, { adminId: `ADM-${uniq()}` });
    expect(id.status).toBe(403);
    const email = await patch(`/api/users/${admin.id}`, admin.token, { email: `me-${uniq()}@users-test.example` });
    expect(email.status).toBe(403);
    expect(email.body.message).toBe('Only a super-admin can manage admin and super-admin accounts');
    const role = await patch(`/api/users/${admin.id}`, admin.token, { role: 'student' });
    expect(role.status).toBe(409);
    expect(role.body.message).toBe('You cannot change your own role');
  });

  it.each(['admin', 'super-admin'] as const)('refuses an admin or grandmaster patching a %s (403); a super-admin may', async (role) => {
    const target = await createUser({ role });
    for (const actor of [await asAdmin(), await createUser({ role: 'grandmaster' })]) {
      const res = await patch(`/api/users/${target.id}`, actor.token, { profile: { firstName: 'Hacked' } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only a super-admin can manage admin and super-admin accounts');
    }
    const superAdmin = await asSuperAdmin();
    const ok = await patch(`/api/users/${target.id}`, superAdmin.token, { profile: { firstName: 'Renamed' } });
    expect(ok.status).toBe(200);
    expect((await getUserRow(target.id))?.profile.firstName).toBe('Renamed');
  });

  it('refuses an admin promoting someone to admin; a super-admin may', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'instructor' });
    const res = await patch(`/api/users/${u.id}`, admin.token, { role: 'admin' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a super-admin can give the admin or super-admin role');
    expect((await getUserRow(u.id))?.role).toBe('instructor');
    const superAdmin = await asSuperAdmin();
    const ok = await patch(`/api/users/${u.id}`, superAdmin.token, { role: 'admin' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.adminId).toMatch(/^ADM-\d{4,}$/);
  });

  it('ignores passwordHash, tokenVersion, id and other unknown fields (mass assignment)', async () => {
    const admin = await asAdmin();
    const u = await createUser({ role: 'student' });
    const before = await getUserRow(u.id);
    const res = await patch(`/api/users/${u.id}`, admin.token, {
      passwordHash: '$argon2id$forged',
      tokenVersion: 42,
      id: 'hijack',
      _id: 'hijack',
      createdAt: '2000-01-01T00:00:00Z',
      lastLoginAt: '2000-01-01T00:00:00Z',
      blockedReason: 'x',
      profilePicture: 'evil.png',
    });
    expect(res.status).toBe(200);
    const after = await getUserRow(u.id);
    expect(after).toMatchObject({
      id: u.id,
      passwordHash: before!.passwordHash,
      tokenVersion: 0,
      lastLoginAt: null,
      blockedReason: null,
      profilePicture: null,
    });
    expect(after!.createdAt).toEqual(before!.createdAt);
    expect((await me(u.token)).status).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const admin = await asAdmin();
    const res = await patch('/api/users/nobody-here', admin.token, { emailVerified: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found');
  });

  it('refuses an invalid timezone with the spec message', async () => {
    const admin = await asAdmin();
    const u = await createUser();
    const res = await patch(`/api/users/${u.id}`, admin.token, { profile: { timezone: 'Mars/Olympus' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid timezone');
  });
});

describe('PATCH /api/users/:id by the user themselves (profile save)', () => {
  it.each(['student', 'member', 'instructor'] as const)('a %s saves their own timezone and location', async (role) => {
    const u = await createUser({ role, profile: { firstName: 'Keep', location: { city: 'Before', state: 'Old' } } });
    const res = await patch(`/api/users/${u.id}`, u.token, { profile: { timezone: 'America/Toronto', location } });
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toEqual({ firstName: 'Keep', timezone: 'America/Toronto', location });
    expect((await getUserRow(u.id))?.profile.timezone).toBe('America/Toronto');
    expect((await me(u.token)).status).toBe(200);
  });

  it('a student patching their role, e-mail, flags or other profile fields gets 403 and nothing changes', async () => {
    const u = await createUser({ role: 'student' });
    for (const body of [
      { role: 'admin' },
      { role: 'student' },
      { isActive: true },
      { emailVerified: true },
      { email: `x-${uniq()}@users-test.example` },
      { profile: { grade: 'Black' } },
      { profile: { timezone: 'Asia/Tokyo', firstName: 'X' } },
      { studentId: 'STU-9999' },
      { password: GOOD_PASSWORD },
    ]) {
      const res = await patch(`/api/users/${u.id}`, u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.message).toBe('You can only update your timezone and location');
    }
    const row = await getUserRow(u.id);
    expect(row).toMatchObject({ role: 'student', tokenVersion: 0 });
    expect(row?.profile).not.toHaveProperty('timezone');
  });

  it("a student patching another user's record gets 403", async () => {
    const u = await createUser({ role: 'student' });
    const other = await createUser({ role: 'student' });
    const res = await patch(`/api/users/${other.id}`, u.token, { profile: { timezone: 'Asia/Tokyo' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only update your own profile');
    expect((await getUserRow(other.id))?.profile).not.toHaveProperty('timezone');
  });

  it('unknown fields from a user are ignored, not applied', async () => {
    const u = await createUser({ role: 'member' });
    const res = await patch(`/api/users/${u.id}`, u.token, {
      tokenVersion: 7,
      passwordHash: 'x',
      profile: { timezone: 'UTC', favouriteKata: 'Heian' },
    });
    expect(res.status).toBe(200);
    const row = await getUserRow(u.id);
    expect(row).toMatchObject({ tokenVersion: 0 });
    expect(row?.profile).toEqual({ firstName: 'Test', lastName: 'member', timezone: 'UTC' });
  });
});
