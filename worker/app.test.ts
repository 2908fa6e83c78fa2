import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { api } from '#test/helpers.ts';
import { createApp } from './app.ts';
import type { Bindings } from './env.ts';

describe('API conventions', () => {
  it('answers a body that is not JSON with 400 in the envelope', async () => {
    const res = await api('/api/auth/login', { method: 'POST', raw: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: 'Invalid JSON in request body' });
  });

  it('answers an internal fault with 500, a generic message and a request id, logging the stack', async () => {
    const app = createApp();
    app.get('/api/__boom', () => {
      throw new Error('secret internals: password_hash');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/api/__boom', {}, env);
    const body = (await res.json()) as { success: boolean; message: string; code: string; requestId: string };
    expect(res.status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'INTERNAL' });
    expect(body.message).not.toContain('secret');
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(logged.mock.calls.flat().join(' ')).toContain('secret internals');
    logged.mockRestore();
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
    const { createUser } = await import('#test/helpers.ts');
    const user = await createUser({ role: 'student' });
    const app = createApp();
    const down = { ...(env as unknown as Bindings), LIBSQL_URL: 'http://127.0.0.1:9' };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await app.request('/api/auth/me', { headers: { authorization: `Bearer ${user.token}` } }, down);
    logged.mockRestore();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: 'UNAVAILABLE', message: 'The database is temporarily unavailable, please try again shortly' });
  });
});
