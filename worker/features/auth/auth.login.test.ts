import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import Argon2, { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import wasm from '@phi-ag/argon2/argon2.wasm';
import { api, createUser, getUserRow, TEST_PASSWORD, testDb, uniq } from '#test/helpers.ts';
import { failureShape, ipHeaders } from './auth.test-helpers.ts';

const login = (path: string, body: unknown) => api(`/api/auth/${path}`, { method: 'POST', body, headers: ipHeaders() });

describe('POST /api/auth/login and the id logins', () => {
  it('logs a member in by email and answers token, user and data', async () => {
    const u = await createUser({ role: 'member' });
    const res = await login('login', { email: `  ${u.email.toUpperCase()} `, password: u.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Login successful', user: { _id: u.id, email: u.email, role: 'member' } });
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.data).toEqual({ token: res.body.token, user: res.body.user });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.body.user).not.toHaveProperty('tokenVersion');
    const me = await api('/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(u.id);
  });

  it('records lastLoginAt', async () => {
    const u = await createUser({ role: 'student' });
    expect((await getUserRow(u.id))?.lastLoginAt).toBeNull();
    const res = await login('login', { email: u.email, password: u.password });
    expect(res.status).toBe(200);
    expect((await getUserRow(u.id))?.lastLoginAt).toBeInstanceOf(Date);
    expect(res.body.user.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it.each([
    ['student-login', 'studentId', 'student'],
    ['grandmaster-login', 'grandmasterId', 'grandmaster'],
    ['admin-login', 'adminId', 'admin'],
    ['instructor-login', 'instructorId', 'instructor'],
  ] as const)('logs in through /%s with a trimmed, upper-cased %s', async (path, field, role) => {
    const id = `ID-${uniq().toUpperCase()}`;
    const u = await createUser({ role, [field]: id });
    const res = await login(path, { [field]: `  ${id.toLowerCase()}  `, password: u.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { _id: u.id, role, [field]: id } });
  });

  it('lets only a super-admin through /super-admin', async () => {
    const boss = await createUser({ role: 'super-admin' });
    const ok = await login('super-admin', { email: boss.email, password: boss.password });
    expect(ok.status).toBe(200);
    expect(ok.body.user.role).toBe('super-admin');
    const admin = await createUser({ role: 'admin' });
    const refused = await login('super-admin', { email: admin.email, password: admin.password });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid credentials');
  });

  it('answers wrong password, unknown account and wrong-role id with the same 401', async () => {
    const student = await createUser({ role: 'student', studentId: `STU-${uniq().toUpperCase()}` });
    const admin = await createUser({ role: 'admin', adminId: `ADM-${uniq().toUpperCase()}` });
    const wrongPassword = await login('login', { email: student.email, password: 'not-the-password' });
    const unknown = await login('login', { email: `nobody-${uniq()}@example.test`, password: 'whatever-password' });
    const wrongRoleId = await login('student-login', { studentId: admin.row.adminId, password: admin.password });
    const adminIdAsStudent = await login('admin-login', { adminId: student.row.studentId, password: student.password });
    for (const res of [wrongPassword, unknown, wrongRoleId, adminIdAsStudent]) {
      expect(res.status).toBe(401);
      expect(failureShape(res.body)).toEqual({ success: false, message: 'Invalid credentials', code: 'UNAUTHORIZED' });
      expect(res.body).not.toHaveProperty('token');
    }
  });

  it('refuses a student id of a user whose role is no longer student', async () => {
    const id = `STU-${uniq().toUpperCase()}`;
    const u = await createUser({ role: 'member', studentId: id });
    const res = await login('student-login', { studentId: id, password: u.password });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid credentials');
  });

  it('asks for the missing fields with 400', async () => {
    const noEmail = await login('login', { password: 'x' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Email is required');
    const noPassword = await login('login', { email: 'a@b.co' });
    expect(noPassword.body.message).toBe('Password is required');
    const noStudentId = await login('student-login', { studentId: '   ', password: 'x' });
    expect(noStudentId.status).toBe(400);
    expect(noStudentId.body.message).toBe('Student ID is required');
    const badEmail = await login('login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.body.message).toBe('Please enter a valid email address');
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await api('/api/auth/login', {
      method: 'POST',
      raw: '{"email": ',
      headers: { 'content-type': 'application/json', ...ipHeaders() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Invalid JSON in request body', code: 'BAD_REQUEST' });
  });

  it('refuses a blocked user with 403 only once the password matched, and its live token with 401', async () => {
    const u = await createUser({ role: 'student' });
    const before = await api('/api/auth/me', { token: u.token });
    expect(before.status).toBe(200);
    await testDb()
      .update(users)
      .set({ isActive: false, blockedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, u.id));
    const live = await api('/api/auth/me', { token: u.token });
    expect(live.status).toBe(401);
    expect(live.body.success).toBe(false);
    const wrong = await login('login', { email: u.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid credentials');
    const right = await login('login', { email: u.email, password: u.password });
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Your account has been suspended.' });
    expect(right.body).not.toHaveProperty('token');
  });

  it.each([
    ['login', 'email', 'member'],
    ['super-admin', 'email', 'super-admin'],
    ['student-login', 'studentId', 'student'],
    ['grandmaster-login', 'grandmasterId', 'grandmaster'],
    ['admin-login', 'adminId', 'admin'],
    ['instructor-login', 'instructorId', 'instructor'],
  ] as const)(
    'tells a user blocked with a reason why through /%s, and a wrong password only Invalid credentials',
    async (path, field, role) => {
      const boss = await createUser({ role: 'super-admin' });
      const id = `ID-${uniq().toUpperCase()}`;
      const u = await createUser({ role, ...(field === 'email' ? {} : { [field]: id }) });
      const identifier = field === 'email' ? u.email : id;
      const block = await api(`/api/users/${u.id}/block`, { method: 'PATCH', token: boss.token, body: { reason: '  Unpaid fees ' } });
      expect(block.status).toBe(200);
      const wrong = await login(path, { [field]: identifier, password: 'not-the-password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid credentials');
      const right = await login(path, { [field]: identifier, password: u.password });
      expect(right.status).toBe(403);
      expect(failureShape(right.body)).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Your account has been suspended: Unpaid fees',
      });
      expect(right.body).not.toHaveProperty('token');
    },
  );

  it('re-hashes a password stored with weaker parameters on login', async () => {
    const argon2 = new Argon2(await WebAssembly.instantiate(wasm));
    const weak = argon2.hash(TEST_PASSWORD, {
      memoryCost: 8192,
      timeCost: 1,
      parallelism: 1,
      hashLength: 32,
      type: Argon2Type.Argon2id,
      version: Argon2Version.Version13,
      salt: crypto.getRandomValues(new Uint8Array(16)),
    }).encoded;
    const u = await createUser({ role: 'member', passwordHash: weak });
    const res = await login('login', { email: u.email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect((await getUserRow(u.id))!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
