import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { api, createUser, testDb } from '#test/helpers.ts';
import { createApp } from './app.ts';
import type { Bindings } from './env.ts';

describe('API conventions', () => {
  it('answers a body that is not JSON with 400 in the envelope', async () => {
    const res = await api('/api/auth/login', { method: 'POST', raw: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: 'Invalid JSON in request body' });
  });

  it('answers an internal fault with 500, a generic message and a request id, logging the stack', async () => {
    // A corrupt row (profile is not JSON) makes serialising the caller throw deep inside the handler.
    const user = await createUser({ role: 'member' });
    await testDb().run(sql`update users set profile = '{secret internals' where id = ${user.id}`);
    // other files share this database: the corrupt row must not outlive the test
    onTestFinished(() =>
      testDb()
        .run(sql`delete from users where id = ${user.id}`)
        .then(() => undefined),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await api('/api/auth/me', { token: user.token });
    const printed = logged.mock.calls.flat().join(' ');
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    expect(printed).toContain(res.body.requestId);
    expect(printed).toContain('stack');
  });

  it('answers 503 with a clear message while the database is unreachable, and recovers without a restart', async () => {
    const app = createApp();
    const down = { ...(env as unknown as Bindings), LIBSQL_URL: 'http://127.0.0.1:9' };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const health = await app.request('/api/health', {}, down);
    logged.mockRestore();
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ success: false, data: { database: false } });
    const after = await app.request('/api/health', {}, env);
    expect(after.status).toBe(200);
  });

  it('answers a protected call with 503 (not 500) when the database is down', async () => {
    const user = await createUser({ role: 'student' });
    const app = createApp();
    const down = { ...(env as unknown as Bindings), LIBSQL_URL: 'http://127.0.0.1:9' };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } }, down);
    logged.mockRestore();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      success: false,
      code: 'UNAVAILABLE',
      message: 'The database is temporarily unavailable, please try again shortly',
    });
  });
});
