import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';
import type { SiteBrand } from '#web/components/site-info.ts';
import { PanelShell } from '#web/panel/panel-shell.tsx';
import { PANELS } from '#web/pages/panel/panels.ts';
import { SETTINGS_ID } from '#db/schema/index.ts';
import { meta, page, titleOf } from './public/page-test-kit.ts';
import { setSettings } from './public/page-fixtures.ts';
import { STATIC_PATHS } from './public/seo.ts';

const AUTH_PAGES = [
  ['/auth/login', 'Log in with your email'],
  ['/auth/login?as=admin', 'Admin login'],
  ['/auth/register', 'Create your account'],
  ['/auth/forgot-password', 'Forgot your password?'],
  ['/auth/reset-password?token=abc&email=a%40b.c', 'Choose a new password'],
  ['/auth/verify-email?token=not-a-real-token', 'Email verification failed'],
] as const;

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
/** The school's name in the public header's brand link, the one with the "<name> home" label. */
const headerName = (html: string) => /<a class="brand" href="\/" aria-label="([^"]*) home">/.exec(html)?.[1];
const islandProps = (html: string) =>
  JSON.parse(/<script type="application\/json" data-island-props="">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    brand: SiteBrand;
  } | null;

/**
 * Runs `check` with the settings row changed (null: without the row), then puts the row back as it was.
 * The row is shared with the settings tests, so a page showing another name means someone changed it
 * meanwhile: write again.
 */
async function withSettings(values: Partial<typeof siteSettings.$inferInsert> | null, check: () => Promise<boolean>) {
  const db = testDb();
  const row = eq(siteSettings.id, SETTINGS_ID);
  const saved = await db.select().from(siteSettings).where(row).get();
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (values) await setSettings(values);
      else await db.delete(siteSettings).where(row);
      if (await check()) return true;
    }
    return false;
  } finally {
    if (saved) await db.insert(siteSettings).values(saved).onConflictDoUpdate({ target: siteSettings.id, set: saved });
    else await db.delete(siteSettings).where(row);
  }
}

describe("the settings' school name and logo", () => {
  it('frame every auth page: the title, the header brand with the logo, and the footer', async () => {
    const name = `Shoshin ${uniq()} Dojo`;
    const logo = `settings/logo-${uniq()}.png`;
    const seen: Record<string, string> = {};
    const ok = await withSettings({ schoolName: `  ${name} `, logoKey: logo, logoWidth: 120, logoHeight: 60 }, async () => {
      const pages = await Promise.all(AUTH_PAGES.map(([path]) => page(path)));
      pages.forEach(({ html }, i) => (seen[AUTH_PAGES[i]![0]] = html));
      return pages.every(({ html }) => headerName(html) === name);
    });
    expect(ok).toBe(true);
    for (const [path, heading] of AUTH_PAGES) {
      const html = seen[path]!;
      expect(decode(titleOf(html) ?? '')).toBe(`${heading} | ${name}`);
      expect(html).toContain(
        `<a class="brand" href="/" aria-label="${name} home"><img class="brand-logo" src="/api/files/${logo}" alt="" width="120" height="60"/><span>${name}</span></a>`,
      );
      expect(html).toContain(`© ${new Date().getFullYear()} ${name}`);
      expect(html).not.toMatch(/<span>Dojo<\/span>|\| Dojo</);
    }
  });

  it('brand every public page template, the legal pages, the 404 and the link previews alike', async () => {
    const name = `Fudoshin ${uniq()} Dojo`;
    // Every page that exists whatever the data (the sitemap's), and the templates outside it.
    const paths = [...STATIC_PATHS, '/teach', '/shop', '/cart', '/no/such/page', '/auth/login', '/admin'];
    const seen: Record<string, string> = {};
    const ok = await withSettings(
      { schoolName: name, contactEmail: 'office@fudoshin.local', privacyPolicy: '', termsAndConditions: '' },
      async () => {
        const pages = await Promise.all(paths.map((path) => page(path)));
        pages.forEach(({ html }, i) => (seen[paths[i]!] = html));
        return pages.every(({ html }) => meta(html, 'og:site_name') === name);
      },
    );
    expect(ok).toBe(true);
    for (const path of paths) {
      const html = decode(seen[path]!);
      const title = decode(titleOf(seen[path]!) ?? '');
      expect({ path, site: meta(html, 'og:site_name') }).toEqual({ path, site: name });
      expect({ path, named: path === '/' ? title.startsWith(`${name} — `) : title.endsWith(` | ${name}`) }).toEqual({ path, named: true });
      expect({ path, og: meta(html, 'og:title'), twitter: meta(html, 'twitter:title') }).toEqual({ path, og: title, twitter: title });
      expect(meta(html, 'twitter:description')).toBe(meta(html, 'og:description'));
      expect(meta(html, 'twitter:card')).toMatch(/^summary(_large_image)?$/);
      expect({ path, other: /Dojo Karate School|Karate Dojo(?! home)|\| Dojo<|"Dojo"/.exec(html)?.[0] ?? null }).toEqual({
        path,
        other: null,
      });
    }
    for (const path of ['/legal/privacy-policy', '/legal/terms-and-conditions']) {
      expect(seen[path]).toContain(decode(name));
      expect(seen[path]).toContain('at <a href="mailto:office@fudoshin.local">office@fudoshin.local</a>');
    }
    expect(decode(seen['/legal/privacy-policy']!)).toContain(`${name} ("we", "us") runs a martial-arts school`);
    expect(decode(seen['/legal/terms-and-conditions']!)).toContain(`belong to ${name} or its licensors`);
    expect(decode(seen['/no/such/page']!)).toContain(`Find your way back to ${name}'s home page.`);
  });

  it('head the panel pages: the title, and the island props the panel header renders from', async () => {
    const name = `Mushin ${uniq()} Dojo`;
    const logo = `settings/logo-${uniq()}.png`;
    const seen: Record<string, string> = {};
    const paths = ['/admin', '/admin/courses', '/student', '/control-panel/users'];
    const ok = await withSettings({ schoolName: name, logoKey: logo, logoWidth: 90, logoHeight: 45 }, async () => {
      const pages = await Promise.all(paths.map((path) => page(path)));
      pages.forEach(({ html }, i) => (seen[paths[i]!] = html));
      return pages.every(({ html }) => islandProps(html)?.brand.schoolName === name);
    });
    expect(ok).toBe(true);
    for (const path of paths) {
      expect(decode(titleOf(seen[path]!) ?? '')).toMatch(new RegExp(`^[A-Z][a-z ]+ panel \\| ${name}$`, 'i'));
      expect(islandProps(seen[path]!)?.brand).toEqual({
        schoolName: name,
        logo: { src: `/api/files/${logo}`, width: 90, height: 45 },
        timeZone: expect.any(String),
      });
    }

    const brand = islandProps(seen['/admin']!)!.brand;
    const user = { _id: 'u1', email: 'aiko@example.test', role: 'admin' as const, profile: { firstName: 'Aiko', lastName: 'Mori' } };
    const shell = renderToString(
      createElement(PanelShell, { panel: PANELS.admin, brand, user, route: '', loggingOut: false, onLogout: () => {} }),
    );
    expect(shell).toContain(
      `<a class="brand" href="/" aria-label="${name} home"><img class="brand-logo" src="/api/files/${logo}" alt="" width="90" height="45"/><span>${name}</span></a>`,
    );
  });

  it('fall back to the default name and the drawn mark while there are no settings', async () => {
    let login = '';
    let panel = '';
    let notFound = '';
    let privacy = '';
    const ok = await withSettings(null, async () => {
      [login = '', panel = '', notFound = '', privacy = ''] = await Promise.all(
        ['/auth/register', '/admin', '/no/such/page', '/legal/privacy-policy'].map((path) => page(path).then((p) => p.html)),
      );
      return [login, notFound, privacy].every((html) => headerName(html) === 'Karate Dojo');
    });
    expect(ok).toBe(true);
    expect(titleOf(login)).toBe('Create your account | Karate Dojo');
    expect(login).toMatch(/<a class="brand" href="\/" aria-label="Karate Dojo home"><svg viewBox="0 0 32 32"/);
    expect(titleOf(panel)).toBe('Admin panel | Karate Dojo');
    expect(islandProps(panel)?.brand).toEqual({ schoolName: 'Karate Dojo', logo: null, timeZone: 'America/Vancouver' });
    expect(titleOf(notFound)).toBe('Page not found | Karate Dojo');
    // Without a contact e-mail the legal text sends the reader to the contact form.
    expect(decode(privacy)).toContain('Karate Dojo ("we", "us")');
    expect(decode(privacy)).toContain('privacy officer through <a href="/contact">our contact form</a>');
  });
});
