import { describe, expect, it } from 'vitest';
import { addCourse, addEvent, addPost, addSeminar } from './page-fixtures.ts';
import { page } from './page-test-kit.ts';
import { robotsTxt, sitemapXml } from './seo.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('/sitemap.xml', () => {
  it('lists the public pages, active courses, published posts, events and seminars with lastmod', async () => {
    const course = await addCourse();
    const hidden = await addCourse({ isActive: false });
    const post = await addPost();
    const draft = await addPost({ status: 'draft' });
    const event = await addEvent(10);
    const seminar = await addSeminar(5);
    const { res, html: xml } = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    const all = locs(xml);
    for (const path of [
      '/',
      '/about',
      '/courses',
      '/memberships',
      '/classes',
      '/events',
      '/gallery',
      '/blog',
      '/testimonials',
      '/alliances',
      '/contact',
      '/legal/privacy-policy',
      '/legal/terms-and-conditions',
    ]) {
      expect(all).toContain(`http://dojo.test${path}`);
    }
    expect(xml).toContain(
      `<url><loc>http://dojo.test/courses/${course.slug}</loc><lastmod>${course.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(all).not.toContain(`http://dojo.test/courses/${hidden.slug}`);
    expect(xml).toContain(`<loc>http://dojo.test/blog/${post.slug}</loc><lastmod>`);
    expect(all).not.toContain(`http://dojo.test/blog/${draft.slug}`);
    expect(all).toContain(`http://dojo.test/events/${event.id}`);
    expect(all).toContain(`http://dojo.test/events/${seminar.id}`);
    // only the first path segment counts: a post slug like /blog/student-grading is fine
    expect(all.filter((u) => /^https?:\/\/[^/]+\/(admin|auth|student|grand-master|control-panel|instructor)(\/|$)/.test(u ?? ''))).toEqual(
      [],
    );
  });

  it('escapes what it writes', () => {
    expect(sitemapXml('https://dojo.example', [{ path: '/courses/a&b', lastmod: new Date('2027-01-01T00:00:00Z') }])).toContain(
      '<url><loc>https://dojo.example/courses/a&#38;b</loc><lastmod>2027-01-01T00:00:00.000Z</lastmod></url>',
    );
  });
});

describe('/robots.txt', () => {
  it('allows everything but the panels and account pages, and names the sitemap', async () => {
    const { res, html } = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(html).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /student',
        'Disallow: /grand-master',
        'Disallow: /control-panel',
        'Disallow: /instructor',
        'Disallow: /auth',
        '',
        'Sitemap: http://dojo.test/sitemap.xml',
        '',
      ].join('\n'),
    );
    expect(robotsTxt('https://dojo.example')).toContain('Sitemap: https://dojo.example/sitemap.xml');
  });
});
