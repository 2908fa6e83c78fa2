import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, users } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb, testServiceCtx, uniq } from '#test/helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { ipHeaders, latestLinkToken, mailsTo } from './auth.test-helpers.ts';
import { loginUser } from './login.service.ts';
import { REGISTERED, registerUser } from './register.service.ts';

const verify = (token: string) => api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
const NEUTRAL = 'If an account exists for that email and is not yet verified, a verification link has been sent.';

describe('GET /api/auth/verify-email', () => {
  it('verifies the address once from the registration mail', async () => {
    const email = `verify-${uniq()}@example.test`;
    const reg = await api('/api/auth/register', { method: 'POST', body: { email, password: 'Kata-Practice-2026' }, headers: ipHeaders() });
    expect(reg.status).toBe(201);
    const row = await testDb().select().from(users).where(eq(users.email, email)).get();
    expect(row!.emailVerified).toBe(false);
    const token = await latestLinkToken(email, 'verify-email');
    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Email verified successfully' });
    expect((await getUserRow(row!.id))!.emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired verification token');
  });

  it('refuses an unknown or expired token and a missing one', async () => {
    const u = await createUser({ role: 'member', emailVerified: false });
    await api('/api/auth/resend-verification', { method: 'POST', body: { email: u.email }, headers: ipHeaders() });
    const token = await latestLinkToken(u.email, 'verify-email');
    await testDb()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.userId, u.id));
    const expired = await verify(token);
    expect(expired.status).toBe(400);
    expect((await getUserRow(u.id))!.emailVerified).toBe(false);
    expect((await verify('nope')).status).toBe(400);
    const missing = await api('/api/auth/verify-email');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Verification token is required');
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link to an unverified account and answers the same for anyone else', async () => {
    const unverified = await createUser({ role: 'member', emailVerified: false });
    const verified = await createUser({ role: 'member', emailVerified: true });
    const ghost = `ghost-${uniq()}@example.test`;
    const answers = [];
    for (const email of [unverified.email, verified.email, ghost]) {
      const res = await api('/api/auth/resend-verification', { method: 'POST', body: { email }, headers: ipHeaders() });
      expect(res.status).toBe(200);
      answers.push(res.body);
    }
    expect(answers).toEqual([
      { success: true, message: NEUTRAL },
      { success: true, message: NEUTRAL },
      { success: true, message: NEUTRAL },
    ]);
    expect(await mailsTo(unverified.email)).toHaveLength(1);
    expect(await mailsTo(verified.email)).toHaveLength(0);
    expect(await mailsTo(ghost)).toHaveLength(0);
    expect((await verify(await latestLinkToken(unverified.email, 'verify-email'))).status).toBe(200);
  });

  it('throttles per address (RATE_LIMIT_VERIFICATION_ACCOUNT = 5/3600)', async () => {
    const email = `flood-${uniq()}@example.test`;
    for (let i = 0; i < 5; i++) await api('/api/auth/resend-verification', { method: 'POST', body: { email }, headers: ipHeaders() });
    const sixth = await api('/api/auth/resend-verification', { method: 'POST', body: { email }, headers: ipHeaders() });
    expect(sixth.status).toBe(429);
  });
});

describe('with REQUIRE_EMAIL_VERIFICATION on (services called directly)', () => {
  const strictCtx = () => testServiceCtx({ config: { ...loadConfig(env as unknown as Bindings), REQUIRE_EMAIL_VERIFICATION: true } });

  it('registers without a token and tells to check the e-mail', async () => {
    const email = `strict-${uniq()}@example.test`;
    const result = await registerUser(strictCtx(), { email, password: 'Kata-Practice-2026' });
    expect(result).not.toHaveProperty('token');
    expect(result.message).toBe(REGISTERED);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses an unverified login with 403 after the password matched, and admits it once verified', async () => {
    const u = await createUser({ role: 'member', emailVerified: false });
    const input = { kind: 'email' as const, identifier: u.email, password: u.password };
    await expect(loginUser(strictCtx(), input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Please verify your email address before logging in',
    });
    await expect(loginUser(strictCtx(), { ...input, password: 'wrong-password' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await api('/api/auth/resend-verification', { method: 'POST', body: { email: u.email }, headers: ipHeaders() });
    await verify(await latestLinkToken(u.email, 'verify-email'));
    const ok = await loginUser(strictCtx(), input);
    expect(ok.token).toEqual(expect.any(String));
  });
});
