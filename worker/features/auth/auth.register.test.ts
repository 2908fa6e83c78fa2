import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_ROLE_MESSAGE } from '#core/roles.ts';
import { users } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb, uniq } from '#test/helpers.ts';
import { REGISTERED } from './register.service.ts';
import { ipHeaders, mailsTo } from './auth.test-helpers.ts';

const register = (body: unknown) => api('/api/auth/register', { method: 'POST', body, headers: ipHeaders() });
const newEmail = () => `new-${uniq()}@example.test`;
const PASSWORD = 'Kata-Practice-2026';
const findByEmail = (email: string) => testDb().select().from(users).where(eq(users.email, email)).get();

describe('POST /api/auth/register', () => {
  it('creates a member, answers 201 with the check-your-email message (no token), and mails a verification link', async () => {
    const email = newEmail();
    const res = await register({
      email: `  ${email.toUpperCase()}  `,
      password: PASSWORD,
      firstName: ' Aiko ',
      lastName: 'Tanaka',
      phone: '555-0100',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: REGISTERED, data: { email } });
    expect(await findByEmail(email)).toMatchObject({
      role: 'member',
      isActive: true,
      emailVerified: false,
      profile: { firstName: 'Aiko', lastName: 'Tanaka', phone: '555-0100' },
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'verify-email', subject: 'Verify your email address' });
    expect(mails[0]!.text).toMatch(/\/auth\/verify-email\?token=[A-Za-z0-9_-]{40,}/);
  });

  it('answers a known address (any case) exactly as a new one, keeps its account as it was, and mails its owner instead', async () => {
    const owner = await createUser({ role: 'student', profile: { firstName: 'Kenji' } });
    const before = await getUserRow(owner.id);
    const fresh = await register({ email: newEmail(), password: PASSWORD });
    const known = await register({ email: owner.email.toUpperCase(), password: 'Another-Pass-99', role: 'member' });
    expect(known.status).toBe(fresh.status);
    expect(known.body).toEqual({ ...fresh.body, data: { email: owner.email } });
    expect(await getUserRow(owner.id)).toEqual(before);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'register-existing',
      subject: 'Someone tried to create an account with your email',
      userId: owner.id,
    });
    expect(mails[0]!.text).toContain('Hello Kenji,');
    expect(mails[0]!.text).toMatch(/https?:\/\/[^\s]+\/auth\/login\n/);
    expect(mails[0]!.text).toMatch(/https?:\/\/[^\s]+\/auth\/forgot-password\n/);
    const login = await api('/api/auth/login', {
      method: 'POST',
      body: { email: owner.email, password: owner.password },
      headers: ipHeaders(),
    });
    expect(login.status).toBe(200);
  });

  it("mails a known address's owner at most RATE_LIMIT_PASSWORD_RESET_ACCOUNT times an hour, answering 201 all the same", async () => {
    const owner = await createUser({ role: 'member' });
    for (let i = 0; i < 7; i++) expect((await register({ email: owner.email, password: PASSWORD })).status).toBe(201);
    expect(await mailsTo(owner.email)).toHaveLength(5);
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

  it('creates exactly one account when the same address registers 5 times in parallel, answering each 201', async () => {
    const email = newEmail();
    const results = await Promise.all(Array.from({ length: 5 }, () => register({ email, password: PASSWORD })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await testDb().select().from(users).where(eq(users.email, email))).toHaveLength(1);
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
