import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp, uniq } from '#test/helpers.ts';

const loginFrom = (ip: string, body: unknown) => api('/api/auth/login', { method: 'POST', body, headers: { 'CF-Connecting-IP': ip } });

describe('login throttling (RATE_LIMIT_LOGIN_ACCOUNT = 10/900 by default)', () => {
  it('refuses the 11th attempt on one account with 429 and Retry-After, even with the right password', async () => {
    const u = await createUser({ role: 'member' });
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(freshIp(), { email: u.email, password: `wrong-password-${i}` });
      expect(res.status).toBe(401);
    }
    const eleventh = await loginFrom(freshIp(), { email: u.email, password: u.password });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many login attempts. Please try again later.',
    });
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('counts attempts per account whatever the address case or login call', async () => {
    const u = await createUser({ role: 'super-admin' });
    for (let i = 0; i < 5; i++) await loginFrom(freshIp(), { email: u.email.toUpperCase(), password: 'wrong-password' });
    for (let i = 0; i < 5; i++)
      await api('/api/auth/super-admin', {
        method: 'POST',
        body: { email: u.email, password: 'wrong-password' },
        headers: { 'CF-Connecting-IP': freshIp() },
      });
    const res = await loginFrom(freshIp(), { email: u.email, password: u.password });
    expect(res.status).toBe(429);
  });

  it('shares one counter among the e-mail and the student ID of one account', async () => {
    const u = await createUser({ role: 'student', studentId: `STU-${uniq().toUpperCase()}` });
    for (let i = 0; i < 5; i++) expect((await loginFrom(freshIp(), { email: u.email, password: 'wrong-password' })).status).toBe(401);
    const byStudentId = (password: string) =>
      api('/api/auth/student-login', {
        method: 'POST',
        body: { studentId: u.row.studentId, password },
        headers: { 'CF-Connecting-IP': freshIp() },
      });
    for (let i = 0; i < 5; i++) expect((await byStudentId('wrong-password')).status).toBe(401);
    const eleventh = await byStudentId(u.password);
    expect(eleventh.status).toBe(429);
    expect((await loginFrom(freshIp(), { email: u.email, password: u.password })).status).toBe(429);
  });

  it('throttles unknown accounts the same way, so the 429 reveals nothing', async () => {
    const email = `ghost-${uniq()}@example.test`;
    for (let i = 0; i < 10; i++) expect((await loginFrom(freshIp(), { email, password: 'wrong-password' })).status).toBe(401);
    expect((await loginFrom(freshIp(), { email, password: 'wrong-password' })).status).toBe(429);
  });

  it('clears the account counter after a successful login, so the owner is not locked out', async () => {
    const u = await createUser({ role: 'member' });
    for (let i = 0; i < 9; i++) expect((await loginFrom(freshIp(), { email: u.email, password: 'wrong-password' })).status).toBe(401);
    expect((await loginFrom(freshIp(), { email: u.email, password: u.password })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await loginFrom(freshIp(), { email: u.email, password: 'wrong-password' })).status).toBe(401);
    expect((await loginFrom(freshIp(), { email: u.email, password: 'wrong-password' })).status).toBe(429);
  });

  it('keeps one account throttle from touching another account', async () => {
    const victim = await createUser({ role: 'member' });
    const other = await createUser({ role: 'member' });
    for (let i = 0; i < 11; i++) await loginFrom(freshIp(), { email: victim.email, password: 'wrong-password' });
    expect((await loginFrom(freshIp(), { email: other.email, password: other.password })).status).toBe(200);
  });
});
