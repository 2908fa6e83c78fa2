import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb, tokenFor, type TestUser } from '#test/helpers.ts';
import { JWT_AUDIENCE, JWT_ISSUER } from '#worker/lib/jwt.ts';
import { ipHeaders } from './auth.test-helpers.ts';

const secret = new TextEncoder().encode((env as unknown as { JWT_SECRET: string }).JWT_SECRET);
const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const claimsFor = (u: { id: string; role: string }) => ({ role: u.role, tv: 0 });

const forge = (u: { id: string; role: string }, opts: { alg?: string; iss?: string; aud?: string; exp?: number } = {}) =>
  new SignJWT(claimsFor(u))
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(u.id)
    .setIssuer(opts.iss ?? JWT_ISSUER)
    .setAudience(opts.aud ?? JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(secret);

describe('token attacks on GET /api/auth/me', () => {
  it('accepts a well-formed token (control)', async () => {
    const u = await createUser({ role: 'member' });
    expect((await api('/api/auth/me', { token: await forge(u) })).status).toBe(200);
  });

  it.each([
    [
      'alg none',
      async (u: { id: string; role: string }) =>
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: u.id, ...claimsFor(u), iss: JWT_ISSUER, aud: JWT_AUDIENCE, iat: 1, exp: 4102444800 })}.`,
    ],
    ['HS512 with the same secret', (u: { id: string; role: string }) => forge(u, { alg: 'HS512' })],
    [
      'a bad signature',
      async (u: { id: string; role: string }) => {
        const t = await forge(u);
        return t.slice(0, -4) + (t.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      },
    ],
    ['an expired token', (u: { id: string; role: string }) => forge(u, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['a wrong issuer', (u: { id: string; role: string }) => forge(u, { iss: 'someone-else' })],
    ['a wrong audience', (u: { id: string; role: string }) => forge(u, { aud: 'another-api' })],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with 401', async (_name, make) => {
    const u = await createUser({ role: 'admin' });
    const res = await api('/api/auth/me', { token: await make(u) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('logout, refresh-token and deactivate', () => {
  it.each(['GET', 'POST'])('%s /logout ends every session of the user at once', async (method) => {
    const u = await createUser({ role: 'student' });
    const second = await tokenFor({ id: u.id, role: u.role, tokenVersion: 0 });
    const res = await api('/api/auth/logout', { method, token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await api('/api/auth/me', { token: u.token })).status).toBe(401);
    expect((await api('/api/auth/me', { token: second })).status).toBe(401);
    expect((await api('/api/auth/logout', { method, token: u.token })).status).toBe(401);
  });

  it('refresh-token answers a fresh token with a later expiry; the old one still works', async () => {
    const u = await createUser({ role: 'member' });
    const short = await tokenFor({ id: u.id, role: u.role, tokenVersion: 0 }, 60);
    const res = await api('/api/auth/refresh-token', { method: 'POST', token: short });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { _id: u.id } });
    expect(res.body.data.token).toBe(res.body.token);
    const exp = (t: string) => JSON.parse(atob(t.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).exp as number;
    expect(exp(res.body.token)).toBeGreaterThan(exp(short));
    expect((await api('/api/auth/me', { token: res.body.token })).status).toBe(200);
    expect((await api('/api/auth/me', { token: short })).status).toBe(200);
    expect((await api('/api/auth/refresh-token', { method: 'POST' })).status).toBe(401);
  });

  it('refresh-token gives a token that lives JWT_TTL_SECONDS, a day by default', async () => {
    const u = await createUser({ role: 'student' });
    const res = await api('/api/auth/refresh-token', { method: 'POST', token: u.token });
    const { iat, exp } = JSON.parse(atob(res.body.token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      iat: number;
      exp: number;
    };
    expect(exp - iat).toBe(24 * 60 * 60);
  });

  it.each([
    ['an expired token', async (u: TestUser) => forge(u, { exp: Math.floor(Date.now() / 1000) - 1 })],
    ['a token ended by logout', async (u: TestUser) => (await api('/api/auth/logout', { token: u.token }), u.token)],
    [
      'the token of a blocked account',
      async (u: TestUser) => (await testDb().update(users).set({ isActive: false }).where(eq(users.id, u.id)), u.token),
    ],
  ])('refresh-token refuses %s with 401, so an ended session is never renewed', async (_name, make) => {
    const u = await createUser({ role: 'member' });
    const res = await api('/api/auth/refresh-token', { method: 'POST', token: await make(u) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(res.body).not.toHaveProperty('token');
  });

  it('deactivate needs the password, ends the sessions and blocks later logins', async () => {
    const u = await createUser({ role: 'member' });
    const wrong = await api('/api/auth/deactivate', { method: 'POST', body: { password: 'not-my-password' }, token: u.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Password is incorrect');
    const res = await api('/api/auth/deactivate', { method: 'POST', body: { password: u.password }, token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await getUserRow(u.id))!.deactivatedAt).toBeInstanceOf(Date);
    expect((await api('/api/auth/me', { token: u.token })).status).toBe(401);
    const login = await api('/api/auth/login', { method: 'POST', body: { email: u.email, password: u.password }, headers: ipHeaders() });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account has been deactivated. Please contact the school to reactivate it.');
  });
});
