import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { loadSitemap } from './loaders/sitemap.ts';
import { siteOrigin } from './site.ts';

/** The pages of the public site that exist whatever the data. */
export const STATIC_PATHS = [
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
] as const;

/** Where crawlers have no business: the panels and the account pages. */
export const DISALLOWED = ['/admin', '/student', '/grand-master', '/control-panel', '/instructor', '/auth'] as const;

type Entry = { path: string; lastmod?: Date | null | undefined };

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
const newest = (dates: readonly Date[]) => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null);

export function sitemapXml(origin: string, entries: readonly Entry[]): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${xmlEscape(new URL(e.path, origin).href)}</loc>`;
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const data = await loadSitemap(c.var.ctx);
    const courses = data.courseRows.map((r) => ({ path: `/courses/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt }));
    const posts = data.postRows.map((r) => ({ path: `/blog/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt }));
    const events = [...data.eventRows, ...data.seminarRows].map((r) => ({
      path: `/events/${encodeURIComponent(r.id)}`,
      lastmod: r.updatedAt,
    }));
    const listLastmod: Record<string, Date | null> = {
      '/courses': newest(courses.map((e) => e.lastmod)),
      '/blog': newest(posts.map((e) => e.lastmod)),
      '/events': newest(events.map((e) => e.lastmod)),
      '/legal/privacy-policy': data.settingsUpdatedAt,
      '/legal/terms-and-conditions': data.settingsUpdatedAt,
    };
    const statics = STATIC_PATHS.map((path) => ({ path, lastmod: listLastmod[path] ?? null }));
    const body = sitemapXml(siteOrigin(c), [...statics, ...courses, ...posts, ...events]);
    return c.body(body, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' });
  })
  .get('/robots.txt', (c) =>
    c.body(robotsTxt(siteOrigin(c)), 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' }),
  );
