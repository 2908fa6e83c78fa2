import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = join(process.cwd(), '.tmp/screenshots');
/** The demo seed's featured, active courses (db/seed/catalog.ts). */
const SEEDED_FEATURED = ['Kids Karate (6–9)', 'Adult Beginners', 'Kumite & Sparring'];

const scriptsOf = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && urls.push(r.url()));
  return urls;
};

describe('public content pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the seeded featured courses on the home page (no JavaScript), each linking to its page and its enrol panel', async () => {
    const page = await newPage(browser);
    const scripts = scriptsOf(page);
    const res = await page.goto(`${baseUrl}/`);
    expect(res?.status()).toBe(200);
    const featured = page.locator('#courses');
    for (const title of SEEDED_FEATURED) await expect.poll(() => featured.getByRole('link', { name: title }).count()).toBe(1);
    expect(await featured.locator('.course-card').count()).toBeGreaterThanOrEqual(SEEDED_FEATURED.length);
    expect(await featured.locator('.price-now').first().textContent()).toMatch(/^\$\d[\d,]*\.\d\d$/);
    expect(scripts).toEqual([]);
    await featured.getByRole('link', { name: 'Adult Beginners' }).click();
    await page.waitForURL(/\/courses\/[a-z0-9-]+$/);
    expect(await page.locator('h1').textContent()).toBe('Adult Beginners');
    // The enrol panel (an island) leads a visitor to log in and come back with the form open.
    expect(await page.getByRole('link', { name: 'Log in to enrol' }).getAttribute('href')).toMatch(
      /^\/auth\/login\?next=%2Fcourses%2F[a-z0-9-]+%3Fenroll%3D1$/,
    );
  });

  it('filters the course list with the plain GET form', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/courses`);
    const all = await page.locator('.course-card').count();
    await page.getByLabel('Level').selectOption('advanced');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/level=advanced/);
    const filtered = await page.locator('.course-card').count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    for (const badge of await page.locator('.course-card .badge').allTextContents()) expect(badge).toBe('Advanced');
  });

  it('has no horizontal scroll at 360 px on the content pages', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [
      '/',
      '/courses',
      '/classes',
      '/events',
      '/memberships',
      '/gallery',
      '/blog',
      '/contact',
      '/about',
      '/alliances',
      '/testimonials',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: clientWidth });
    }
  });

  it('shows the timetable as one table per day with captions, readable at 360 px', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseUrl}/classes`);
    const tables = page.getByRole('table');
    expect(await tables.count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('table caption').first().textContent()).toBe('Monday');
    const monday = page.getByRole('table', { name: 'Monday' });
    expect(await monday.getByRole('columnheader').allTextContents()).toEqual(['Time', 'Class', 'Instructor and place']);
    expect(await monday.getByRole('rowheader').count()).toBeGreaterThan(0);
    const box = await monday.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(360);
  });

  it('shows each content page under its heading with every picture loaded, the bar or the menu for the width, and nothing wider than a phone', async () => {
    const page = await newPage(browser);
    const { data } = (await (await fetch(`${baseUrl}/api/settings`)).json()) as { data: { schoolName: string } };
    for (const [name, width, height] of [
      ['desktop', 1280, 800],
      ['mobile', 360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [shot, path, title] of [
        ['home', '/', data.schoolName],
        ['courses', '/courses', 'Karate courses'],
        ['course', '/courses/adult-beginners', 'Adult Beginners'],
        ['classes', '/classes', 'Weekly timetable'],
        ['gallery', '/gallery', 'Life at the dojo'],
        ['events', '/events', 'Events and seminars'],
        ['contact', '/contact', 'Contact us'],
      ] as const) {
        expect((await page.goto(`${baseUrl}${path}`))?.status()).toBe(200);
        expect(await page.getByRole('heading', { level: 1, name: title, exact: true }).isVisible(), path).toBe(true);
        // A picture further down loads only when scrolled to: load them all, then none may be broken.
        await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => img.setAttribute('loading', 'eager')));
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        const broken = await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src));
        expect({ path, broken }).toEqual({ path, broken: [] });
        expect(await page.locator('nav.nav-desktop').isVisible(), path).toBe(name === 'desktop');
        expect(await page.locator('details.menu > summary').isVisible(), path).toBe(name === 'mobile');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect({ path, width, overflow }).toEqual({ path, width, overflow: 0 });
        await page.screenshot({ path: join(SHOTS, `content-${shot}-${name}.png`), fullPage: true });
      }
    }
  });
});
