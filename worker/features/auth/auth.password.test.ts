import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb, uniq } from '#test/helpers.ts';
import { ipHeaders, latestLinkToken, mailsTo } from './auth.test-helpers.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { applyPasswordReset } from './password.service.ts';

const post = (path: string, body: unknown, token?: string) =>
  api(`/api/auth/${path}`, { method: 'POST', body, headers: ipHeaders(), ...(token ? { token } : {}) });
const NEUTRAL = 'If an account exists for that email, a password reset link has been sent.';
const NEW_PASSWORD = 'Brand-New-Secret-77';

describe('forgot-password and reset-password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const u = await createUser({ role: 'member' });
    const ghost = `ghost-${uniq()}@example.test`;
    const known = await post('forgot-password', { email: u.email.toUpperCase() });
    const unknown = await post('forgot-password', { email: ghost });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: NEUTRAL });
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(ghost)).toHaveLength(0);
    const mails = await mailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('reset-password');
    expect(mails[0]!.text).toContain(`/auth/reset-password?token=`);
    expect(mails[0]!.text).toContain(`&email=${encodeURIComponent(u.email)}`);
  });

  it('stores only a SHA-256 of the secret, expiring in one hour', async () => {
    const u = await createUser({ role: 'member' });
    await post('forgot-password', { email: u.email });
    const secret = await latestLinkToken(u.email, 'reset-password');
    const rows = await testDb().select().from(authTokens).where(eq(authTokens.userId, u.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(await sha256Hex(secret));
    expect(rows[0]!.tokenHash).not.toContain(secret);
    const ttl = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
  });

  it('resets the password once: old sessions die, the new password works, the link cannot be reused', async () => {
    const u = await createUser({ role: 'student' });
    await post('forgot-password', { email: u.email });
    const token = await latestLinkToken(u.email, 'reset-password');
    const res = await post('reset-password', { token, email: u.email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await api('/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await post('login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await post('login', { email: u.email, password: NEW_PASSWORD })).status).toBe(200);
    const again = await post('reset-password', {
      token,
      email: u.email,
      newPassword: 'Another-Secret-88',
      confirmPassword: 'Another-Secret-88',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, message: 'Invalid or expired reset token' });
  });

  it('lets exactly one of 20 parallel resets with the same link succeed', async () => {
    const u = await createUser({ role: 'member' });
    await post('forgot-password', { email: u.email });
    const token = await latestLinkToken(u.email, 'reset-password');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('reset-password', { token, email: u.email, newPassword: `Parallel-Secret-${i}`, confirmPassword: `Parallel-Secret-${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.message === 'Invalid or expired reset token')).toHaveLength(19);
    const winner = results.indexOf(ok[0]!);
    expect((await post('login', { email: u.email, password: `Parallel-Secret-${winner}` })).status).toBe(200);
    expect((await getUserRow(u.id))!.tokenVersion).toBe(1);
  });

  it('spends a link in exactly one of 20 parallel conditional batches (no pre-check involved)', async () => {
    const u = await createUser({ role: 'member' });
    await post('forgot-password', { email: u.email });
    const tokenHash = await sha256Hex(await latestLinkToken(u.email, 'reset-password'));
    const row = await getUserRow(u.id);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        applyPasswordReset(testDb(), { userId: u.id, tokenHash, passwordHash: `${row!.passwordHash}-${i}` }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const after = await getUserRow(u.id);
    expect(after!.tokenVersion).toBe(1);
    expect(after!.passwordHash).toBe(`${row!.passwordHash}-${outcomes.indexOf(true)}`);
  });

  it('refuses a link for another address, an unknown token and an expired one', async () => {
    const u = await createUser({ role: 'member' });
    const other = await createUser({ role: 'member' });
    await post('forgot-password', { email: u.email });
    const token = await latestLinkToken(u.email, 'reset-password');
    const body = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (const attempt of [
      { token, email: other.email },
      { token: 'made-up-token', email: u.email },
    ]) {
      const res = await post('reset-password', { ...attempt, ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid or expired reset token');
    }
    await testDb()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, u.id));
    const expired = await post('reset-password', { token, email: u.email, ...body });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('Invalid or expired reset token');
    expect((await post('login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('keeps only the newest link alive', async () => {
    const u = await createUser({ role: 'member' });
    await post('forgot-password', { email: u.email });
    const first = await latestLinkToken(u.email, 'reset-password');
    await post('forgot-password', { email: u.email });
    const res = await post('reset-password', { token: first, email: u.email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
  });

  it('checks the new password: mismatch and policy', async () => {
    const mismatch = await post('reset-password', {
      token: 't',
      email: 'a@b.co',
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    const common = await post('reset-password', { token: 't', email: 'a@b.co', newPassword: 'qwerty123', confirmPassword: 'qwerty123' });
    expect(common.body.message).toBe('This password is too common. Please choose a less predictable one.');
  });

  it('throttles reset requests per address (RATE_LIMIT_PASSWORD_RESET_ACCOUNT = 5/3600)', async () => {
    const email = `flood-${uniq()}@example.test`;
    for (let i = 0; i < 5; i++) expect((await post('forgot-password', { email })).status).toBe(200);
    const sixth = await post('forgot-password', { email });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/update-password', () => {
  it('changes the password, answers a new token, and the old token then gets 401', async () => {
    const u = await createUser({ role: 'member' });
    const res = await post(
      'update-password',
      { currentPassword: u.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      u.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Password updated successfully' });
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.token).not.toBe(u.token);
    expect((await api('/api/auth/me', { token: u.token })).status).toBe(401);
    const me = await api('/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect((await post('login', { email: u.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const u = await createUser({ role: 'member' });
    const res = await post(
      'update-password',
      { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      u.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Current password is incorrect');
    expect((await api('/api/auth/me', { token: u.token })).status).toBe(200);
  });

  it('checks confirmation and policy, and needs a token', async () => {
    const u = await createUser({ role: 'member' });
    const mismatch = await post(
      'update-password',
      { currentPassword: u.password, newPassword: NEW_PASSWORD, confirmPassword: 'different-one-1' },
      u.token,
    );
    expect(mismatch.body.message).toBe('Passwords do not match');
    const weak = await post('update-password', { currentPassword: u.password, newPassword: 'abc', confirmPassword: 'abc' }, u.token);
    expect(weak.body.message).toBe('Password must be at least 8 characters long');
    const anonymous = await post('update-password', {
      currentPassword: u.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(anonymous.status).toBe(401);
  });
});
