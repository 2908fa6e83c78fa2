import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';

/** The Worker answers for files no route claims (the local stack sends it every request first). */
describe('static files behind the page routes', () => {
  it('serves a built file with its content type and the security headers', async () => {
    const res = await api<string>('/images/org-chart.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('answers the public 404 page for a file that does not exist', async () => {
    const res = await api<string>('/images/no-such-file.svg');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('does not hand out files to other methods', async () => {
    const file = await api<string>('/images/org-chart.svg');
    const res = await api<string>('/images/org-chart.svg', { method: 'POST', raw: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toContain('Page not found');
    expect(res.body).not.toContain(file.body.slice(0, 200));
  });
});
