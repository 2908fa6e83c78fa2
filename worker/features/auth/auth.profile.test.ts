import { describe, expect, it } from 'vitest';
import { api, createUser, getUserRow } from '#test/helpers.ts';

const update = (token: string, body: unknown) => api('/api/auth/update-profile', { method: 'PUT', body, token });

describe('GET /api/auth/me and /profile', () => {
  it.each(['/api/auth/me', '/api/auth/profile'])('%s answers the caller under data and user', async (path) => {
    const u = await createUser({
      role: 'instructor',
      instructorId: `INS-${Date.now()}`,
      socialLinks: { youtube: 'https://youtube.com/@dojo' },
    });
    const res = await api(path, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual(res.body.user);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        '_id',
        'email',
        'role',
        'isActive',
        'emailVerified',
        'studentId',
        'membershipId',
        'instructorId',
        'grandmasterId',
        'adminId',
        'profile',
        'socialLinks',
        'emergencyContact',
        'profilePicture',
        'createdAt',
        'updatedAt',
        'lastLoginAt',
      ].sort(),
    );
    expect(res.body.data).toMatchObject({ _id: u.id, role: 'instructor', socialLinks: { youtube: 'https://youtube.com/@dojo' } });
  });

  it('needs a token', async () => {
    const res = await api('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('updates profile fields, links and emergency contact, keeping the others', async () => {
    const u = await createUser({
      role: 'student',
      profile: { firstName: 'Old', lastName: 'Name', grade: 'green', timezone: 'Asia/Kolkata' },
    });
    const res = await update(u.token, {
      firstName: ' Kenji ',
      phone: '555-0101',
      profile: { bio: 'Karate since 2010', firstName: 'ignored-because-top-level-wins' },
      socialLinks: { instagram: 'https://instagram.com/kenji' },
      emergencyContact: { name: 'Yui', phone: '555-0102', relationship: 'sister' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Profile updated successfully' });
    expect(res.body.data.profile).toEqual({
      firstName: 'Kenji',
      lastName: 'Name',
      grade: 'green',
      timezone: 'Asia/Kolkata',
      phone: '555-0101',
      bio: 'Karate since 2010',
    });
    expect(res.body.data.socialLinks).toEqual({ instagram: 'https://instagram.com/kenji' });
    expect(res.body.data.emergencyContact).toEqual({ name: 'Yui', phone: '555-0102', relationship: 'sister' });
    expect(res.body.user).toEqual(res.body.data);
  });

  it('ignores role, email, flags, ids and grade (mass assignment)', async () => {
    const u = await createUser({ role: 'student', profile: { grade: 'white' } });
    const res = await update(u.token, {
      role: 'super-admin',
      email: 'taken@example.test',
      isActive: false,
      emailVerified: false,
      studentId: 'STU-HACK',
      adminId: 'ADM-HACK',
      tokenVersion: 5,
      grade: 'black',
      profile: { grade: 'black', lastName: 'Ok' },
    });
    expect(res.status).toBe(200);
    const row = await getUserRow(u.id);
    expect(row).toMatchObject({
      role: 'student',
      email: u.email,
      isActive: true,
      emailVerified: true,
      studentId: null,
      adminId: null,
      tokenVersion: 0,
    });
    expect(row!.profile).toMatchObject({ grade: 'white', lastName: 'Ok' });
    expect((await api('/api/auth/me', { token: u.token })).status).toBe(200);
  });

  it('refuses a javascript: link and an over-long field with 400', async () => {
    const u = await createUser({ role: 'member' });
    const evil = await update(u.token, { socialLinks: { website: 'javascript:alert(1)' } });
    expect(evil.status).toBe(400);
    expect(evil.body.message).toBe('Website must be a valid http(s) link');
    const ftp = await update(u.token, { socialLinks: { linkedin: 'ftp://example.test/me' } });
    expect(ftp.body.message).toBe('LinkedIn must be a valid http(s) link');
    const long = await update(u.token, { bio: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Bio must be at most 2000 characters');
  });

  it('removes a field sent as null', async () => {
    const u = await createUser({ role: 'member', profile: { firstName: 'A', phone: '1' } });
    const res = await update(u.token, { phone: null });
    expect(res.body.data.profile).toEqual({ firstName: 'A' });
  });
});
