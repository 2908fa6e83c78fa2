import { describe, expect, it } from 'vitest';
import { siteSettings } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { canonicalOf, count, meta, page, stylesheets, titleOf } from './page-test-kit.ts';

// The school's name comes from the settings, which the settings tests change: titles are matched loosely.
const PAGES = [
  { path: '/', title: /^[^|]+ — [^|]+$/, h1: '[^<]+' },
  { path: '/legal/privacy-policy', title: /^Privacy Policy \| .+$/, h1: 'Privacy Policy' },
  { path: '/legal/terms-and-conditions', title: /^Terms and Conditions \| .+$/, h1: 'Terms and Conditions' },
  { path: '/under-construction', title: /^Under Construction \| .+$/, h1: 'Under Construction' },
] as const;
const decode = (s: string) => s.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');

describe('public pages', () => {
  for (const p of PAGES) {
    it(`${p.path} answers 200 HTML with its title, description, canonical and Open Graph tags`, async () => {
      const { res, html } = await page(p.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      const title = titleOf(html) ?? '';
      expect(title).toMatch(p.title);
      const description = meta(html, 'description');
      expect(description?.length).toBeGreaterThan(50);
      expect(canonicalOf(html)).toBe(`http://dojo.test${p.path}`);
      expect(meta(html, 'og:title')).toBe(decode(title));
      expect(meta(html, 'og:description')).toBe(description);
      expect(meta(html, 'og:url')).toBe(`http://dojo.test${p.path}`);
      expect(meta(html, 'og:type')).toBe('website');
    });

    it(`${p.path} ships no JavaScript and has one h1, a skip link and the landmarks`, async () => {
      const { html } = await page(p.path);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('modulepreload');
      expect(count(html, /<h1[ >]/)).toBe(1);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${p.h1}</h1>`));
      expect(html).toContain('<a class="skip-link" href="#main">Skip to main content</a>');
      expect(html).toMatch(/<main id="main"/);
      expect(html).toContain('<header class="site-header">');
      // The desktop navigation and the phone menu list the same links, Memberships between Courses and Classes.
      const navs = [...html.matchAll(/<nav class="(nav-desktop|menu-panel)" aria-label="Main">(.*?)<\/nav>/g)];
      expect(navs.map((m) => m[1])).toEqual(['nav-desktop', 'menu-panel']);
      for (const [, , nav] of navs)
        expect([...nav!.matchAll(/<li><a href="([^"]+)"/g)].map((m) => m[1])).toEqual([
          '/about',
          '/courses',
          '/memberships',
          '/classes',
          '/events',
          '/shop',
          '/gallery',
          '/blog',
          '/contact',
        ]);
      expect(html).toContain('<footer class="site-footer">');
      expect(html).toContain('href="/auth/login"');
      expect(html).toContain('href="/legal/privacy-policy"');
      expect(html).toContain('<html lang="en">');
      expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site-[^"]+\.css"/);
      // Only the site's stylesheet: the panels' rules are never downloaded by public pages.
      expect(stylesheets(html)).toEqual([expect.stringMatching(/^\/assets\/site-[\w-]+\.css$/)]);
    });
  }

  it('sends a CSP with a nonce and object-src none on pages', async () => {
    const { res } = await page('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("worker-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('uses a fresh nonce for every request', async () => {
    const nonce = async () => /'nonce-([^']+)'/.exec((await page('/')).res.headers.get('content-security-policy') ?? '')?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('answers HEAD with the headers and no body', async () => {
    const { res, html } = await page('/legal/terms-and-conditions', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toBe('');
  });

  it('home page has the free-trial call to action and its sections from the database, without sample placeholders', async () => {
    const { html } = await page('/');
    expect(html).toMatch(/<a class="btn btn-primary btn-lg" href="\/contact\?subject=Free%20trial%20class">Book a free trial class<\/a>/);
    for (const section of ['Featured courses', 'Upcoming events']) expect(html).toContain(section);
    expect(html).not.toContain('Sample content');
    expect(html).toMatch(/Kids|kids/);
    expect(html).toMatch(/Adults|adults/);
  });

  it('legal pages carry real policy text (the built-in one while the settings have none)', async () => {
    const saved = await testDb().select().from(siteSettings).get();
    if (saved?.privacyPolicy.trim() || saved?.termsAndConditions.trim()) return;
    const privacy = (await page('/legal/privacy-policy')).html;
    for (const words of ['Information we collect', 'Payments', 'Enquiries', 'How long we keep it', 'Your rights', 'Contact']) {
      expect(privacy).toContain(words);
    }
    const terms = (await page('/legal/terms-and-conditions')).html;
    for (const words of ['Cancellations and refunds', 'Health, safety and conduct', 'Prices and payment']) expect(terms).toContain(words);
  });
});
