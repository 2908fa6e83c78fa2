import { describe, expect, it } from 'vitest';
import { count, page, titleOf } from './page-test-kit.ts';
import { backHref, DEFAULT_MESSAGE, parseLaunchDate } from './under-construction.ts';

describe('/under-construction', () => {
  it('shows every element of spec section 2 without JavaScript', async () => {
    const { res, html } = await page('/under-construction');
    expect(res.status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Under Construction<\/h1>/);
    expect(html).toContain(DEFAULT_MESSAGE.replace("'", '&#x27;'));
    expect(html).toMatch(/<span class="badge uc-badge">Coming Soon<\/span>/);
    expect(html).toMatch(/<progress class="progress" value="65" max="100"[^>]*>65%<\/progress>/);
    expect(html).toContain('<span aria-hidden="true">65%</span>');
    for (const tile of ['Modern Design', 'Fast Performance', 'Secure &amp; Reliable']) expect(html).toContain(`<h2>${tile}</h2>`);
    expect(html).toContain('<a class="btn btn-secondary" href="/">Go Back</a>');
    expect(html).toContain('<a class="btn btn-primary" href="/">Return to Homepage</a>');
    expect(html).not.toContain('Expected launch');
    expect(html).not.toContain('<script');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('lets ?title= override the title, escaped', async () => {
    const { html } = await page(`/under-construction?title=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<h1[^>]*>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/h1>/);
    expect(titleOf(html)).toMatch(/^&lt;script&gt;alert\(1\)&lt;\/script&gt; \| [^<]+$/);
  });

  it('uses a plain ?title= as the heading and page title', async () => {
    const { html } = await page('/under-construction?title=Online%20Shop');
    expect(html).toMatch(/<h1[^>]*>Online Shop<\/h1>/);
    expect(titleOf(html)).toMatch(/^Online Shop \| [^<]+$/);
    expect(count(html, /<h1[ >]/)).toBe(1);
  });

  it('falls back to the default title when ?title= is blank', async () => {
    const { html } = await page('/under-construction?title=%20%20');
    expect(html).toMatch(/<h1[^>]*>Under Construction<\/h1>/);
  });

  it('shows a valid ?launch= date formatted', async () => {
    const { html } = await page('/under-construction?launch=2027-03-01');
    expect(html).toContain('Expected launch: <time dateTime="2027-03-01">March 1, 2027</time>');
  });

  it('omits an invalid ?launch= date', async () => {
    for (const bad of ['2027-02-30', '2027-13-01', 'tomorrow', '2027-3-1', '<b>']) {
      const { res, html } = await page(`/under-construction?launch=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(200);
      expect(html).not.toContain('Expected launch');
    }
  });

  it('points Go Back at a same-origin Referer', async () => {
    const { html } = await page('/under-construction', {
      headers: { accept: 'text/html', referer: 'http://dojo.test/legal/terms-and-conditions?x=1' },
    });
    expect(html).toContain('<a class="btn btn-secondary" href="/legal/terms-and-conditions?x=1">Go Back</a>');
  });

  it('points Go Back home for a foreign Referer', async () => {
    const { html } = await page('/under-construction', { headers: { accept: 'text/html', referer: 'https://evil.example/phish' } });
    expect(html).toContain('<a class="btn btn-secondary" href="/">Go Back</a>');
    expect(html).not.toContain('evil.example');
  });
});

describe('under-construction helpers', () => {
  it('parses only real calendar dates', () => {
    expect(parseLaunchDate('2028-02-29')).toEqual({ iso: '2028-02-29', label: 'February 29, 2028' });
    expect(parseLaunchDate('2027-02-29')).toBeUndefined();
    expect(parseLaunchDate(null)).toBeUndefined();
    expect(parseLaunchDate('2027-01-01T00:00')).toBeUndefined();
  });

  it('keeps only same-origin Referers, as paths', () => {
    const origins = ['http://dojo.test', 'https://dojo.example'];
    expect(backHref('https://dojo.example/auth/login#top', origins)).toBe('/auth/login#top');
    expect(backHref('http://dojo.test.evil.example/', origins)).toBe('/');
    expect(backHref('javascript:alert(1)', origins)).toBe('/');
    expect(backHref('not a url', origins)).toBe('/');
    expect(backHref(undefined, origins)).toBe('/');
  });
});
