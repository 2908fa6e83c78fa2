import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://dojo.test${path}`, init));

describe('GET /api/health', () => {
  it('answers the version and that the database answers', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { version: string; database: boolean } };
    expect(body.success).toBe(true);
    expect(body.data.database).toBe(true);
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sends the security headers and no CORS allowance', async () => {
    const res = await call('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an unknown API route with 404 in the envelope', async () => {
    const res = await call('/api/no-such-thing');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; code: string; requestId: string };
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(body.requestId).toBeTruthy();
  });
});
