import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_ROLE_MESSAGE } from '#core/roles.ts';
import { users } from '#db/schema/index.ts';
import { api, testDb, uniq } from '#test/helpers.ts';
import { ipHeaders, mailsTo } from './auth.test-helpers.ts';

const register = (body: unknown) => api('/api/auth/register', { method: 'POST', body, headers: ipHeaders() });
const newEmail = () => `new-${uniq()}@example.test`;
const PASSWORD = 'Kata-Practice-2026';
const findByEmail = (email: string) => testDb().select().from(users).where(eq(users.email, email)).get();

describe('POST /api/auth/register', () => {
  it('creates a member, answers token and user, and mails a verification link', async () => {
    const email = newEmail();
    const res = await register({
      email: `  ${email.toUpperCase()}  `,
      password: PASSWORD,
      firstName: ' Aiko ',
      lastName: 'Tanaka',
      phone: '555-0100',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      user: {
        email,
        role: 'member',
        isActive: true,
        emailVerified: false,
        profile: { firstName: 'Aiko', lastName: 'Tanaka', phone: '555-0100' },
        profilePicture: null,
      },
    });
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.data).toEqual({ token: res.body.token, user: res.body.user });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'verify-email', subject: 'Verify your email address' });
    expect(mails[0]!.text).toMatch(/\/auth\/verify-email\?token=[A-Za-z0-9_-]{40,}/);
    const me = await api('/api/auth/me', { token: res.body.token });
    expect(me.body.data.email).toBe(email);
  });

  it('lets the new account log in with its password', async () => {
    const email = newEmail();
    expect((await register({ email, password: PASSWORD, role: 'student' })).status).toBe(201);
    const res = await api('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD }, headers: ipHeaders() });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('student');
  });

  it.each(['admin', 'super-admin', 'grandmaster', 'instructor'])('refuses to create a %s with 403 and creates nothing', async (role) => {
    const email = newEmail();
    const res = await register({ email, password: PASSWORD, role });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'You can only register as a student or a member' });
    expect(await findByEmail(email)).toBeUndefined();
  });

  it('ignores fields a visitor must not set', async () => {
    const email = newEmail();
    const res = await register({
      email,
      password: PASSWORD,
      isActive: false,
      emailVerified: true,
      studentId: 'STU-HACK',
      adminId: 'ADM-HACK',
      tokenVersion: 99,
      profile: { grade: 'black' },
    });
    expect(res.status).toBe(201);
    const row = await findByEmail(email);
    expect(row).toMatchObject({ role: 'member', isActive: true, emailVerified: false, studentId: null, adminId: null, tokenVersion: 0 });
    expect(row!.profile).not.toHaveProperty('grade');
  });

  it('refuses a second account with the same address (any case) with 409', async () => {
    const email = newEmail();
    expect((await register({ email, password: PASSWORD })).status).toBe(201);
    const again = await register({ email: email.toUpperCase(), password: 'Another-Pass-99' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'User already exists with this email' });
  });

  it('creates exactly one account when the same address registers 5 times in parallel', async () => {
    const email = newEmail();
    const results = await Promise.all(Array.from({ length: 5 }, () => register({ email, password: PASSWORD })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it.each([
    [{ password: PASSWORD }, 'Email is required'],
    [{ email: '   ', password: PASSWORD }, 'Email is required'],
    [{ email: 'no-at-sign.example', password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'a@b', password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'ok@example.test' }, 'Password is required'],
    [{ email: 'ok@example.test', password: 'short1' }, 'Password must be at least 8 characters long'],
    [{ email: 'ok@example.test', password: 'x'.repeat(129) }, 'Password must be at most 128 characters long'],
    [{ email: 'ok@example.test', password: 'Password123' }, 'This password is too common. Please choose a less predictable one.'],
    [{ email: 'ok@example.test', password: PASSWORD, role: 'overlord' }, INVALID_ROLE_MESSAGE],
  ])('answers 400 for %j', async (body, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
  });
});
