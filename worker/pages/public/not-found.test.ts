import { describe, expect, it } from 'vitest';
import { canonicalOf, meta, page, titleOf } from './page-test-kit.ts';

describe('public 404 page', () => {
  it('answers an unknown path with 404 and the public not-found page', async () => {
    const { res, html } = await page('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(titleOf(html)).toMatch(/^Page not found \| \S.*$/);
    expect(titleOf(html)).toBe(`Page not found | ${meta(html, 'og:site_name')}`);
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(html).toContain('<a class="btn btn-primary" href="/">Return to Homepage</a>');
    expect(html).toContain('<header class="site-header">');
    expect(meta(html, 'robots')).toBe('noindex');
    expect(canonicalOf(html)).toBe('http://dojo.test/no/such/page');
    expect(html).not.toContain('<script');
  });

  it('answers HEAD on an unknown path with 404 and no body', async () => {
    const { res, html } = await page('/no/such/page', { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toBe('');
  });

  it('answers other methods on an unknown path with the same 404 page', async () => {
    const { res, html } = await page('/no/such/page', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(html).toContain('Page not found');
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const { res, html } = await page('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(JSON.parse(html)).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('escapes a hostile path in the canonical link', async () => {
    const { res, html } = await page('/%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(res.status).toBe(404);
    expect(html).not.toContain('<script');
  });

  it('serves the islands check outside production only (APP_ENV=test here)', async () => {
    const { res, html } = await page('/__islands-check');
    expect(res.status).toBe(200);
    expect(html).toContain('data-island="Counter"');
    expect(html).toContain('<script type="module"');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });
});
