import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = join(process.cwd(), '.tmp/screenshots');
const PAGES = ['/', '/legal/privacy-policy', '/legal/terms-and-conditions', '/under-construction', '/no/such/page'];

/** Records every script the page requests. */
const trackScripts = (page: Page) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  return scripts;
};

describe('public pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the home page with its call to action and no JavaScript', async () => {
    const page = await newPage(browser);
    const scripts = trackScripts(page);
    const res = await page.goto(`${baseUrl}/`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').count()).toBe(1);
    const settings = (await (await fetch(`${baseUrl}/api/settings`)).json()) as { data: { schoolName: string } };
    await expect.poll(() => page.locator('h1').textContent()).toBe(settings.data.schoolName);
    for (const name of ['Featured courses', 'Upcoming events', 'Testimonials']) {
      expect(await page.getByRole('main').getByText(name, { exact: true }).first().isVisible()).toBe(true);
    }
    expect(scripts).toEqual([]); // the home page itself; the contact page it leads to has the form island
    await page.getByRole('link', { name: 'Book a free trial class' }).first().click();
    await page.waitForURL(`${baseUrl}/contact?subject=Free%20trial%20class`);
  });

  it('renders both legal pages with their headings', async () => {
    const page = await newPage(browser);
    for (const [path, h1] of [
      ['/legal/privacy-policy', 'Privacy Policy'],
      ['/legal/terms-and-conditions', 'Terms and Conditions'],
    ] as const) {
      const res = await page.goto(`${baseUrl}${path}`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(h1);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(8);
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${baseUrl}/legal/privacy-policy`);
  });

  it('renders the public 404 page for an unknown path, with a way home', async () => {
    const page = await newPage(browser);
    page.removeAllListeners('console'); // Chromium logs the 404 status of the document as a console error
    const res = await page.goto(`${baseUrl}/no/such/page`);
    expect(res?.status()).toBe(404);
    // The school's name from the settings, as in the header (no longer a built-in "Dojo").
    const name = await page.locator('header .brand span').textContent();
    expect(await page.title()).toBe(`Page not found | ${name}`);
    expect(name).not.toBe('Dojo');
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await page.getByRole('main').getByRole('link', { name: 'Return to Homepage' }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it('has no horizontal scroll at 360 px wide on any public page', async () => {
    const page = await newPage(browser);
    page.removeAllListeners('console');
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of PAGES) {
      await page.goto(`${baseUrl}${path}`);
      const [scrollWidth, clientWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect({ path, scrollWidth }).toEqual({ path, scrollWidth: clientWidth });
    }
  });

  it('opens the mobile menu without JavaScript and reaches Log in', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const menu = page.locator('details.menu');
    expect(await page.locator('nav.nav-desktop').isVisible()).toBe(false);
    expect(await menu.getByRole('link', { name: 'Log in' }).isVisible()).toBe(false);
    await menu.locator('summary').click();
    expect(await menu.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Memberships' }).isVisible()).toBe(true);
    // The opened menu, Memberships included, fits the 360 × 740 screen without scrolling.
    const box = await menu.locator('.menu-panel').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360 && box.y + box.height <= 740).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'home-mobile-menu.png') });
    await menu.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/auth/login`);
    await context.close();
  });

  it('shows the desktop navigation, Memberships included, in one header row from 1152 px, and the menu below', async () => {
    for (const width of [1024, 1152, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.screenshot({ path: join(SHOTS, `home-header-${width}.png`), clip: { x: 0, y: 0, width, height: 90 } });
      const desktop = width >= 1152;
      expect({
        width,
        desktop: await page.locator('nav.nav-desktop').isVisible(),
        menu: await page.locator('details.menu').isVisible(),
      }).toEqual({
        width,
        desktop,
        menu: !desktop,
      });
      if (desktop) expect(await page.locator('nav.nav-desktop').getByRole('link', { name: 'Memberships' }).isVisible()).toBe(true);
      // One row: the header keeps its 4rem height (nothing wraps) and nothing sticks out.
      const header = await page
        .locator('.site-header .container')
        .evaluate((el) => ({ height: el.clientHeight, overflow: el.scrollWidth > el.clientWidth }));
      expect({ width, ...header }).toEqual({ width, height: 64, overflow: false });
      await context.close();
    }
  });

  it('offers a skip link as the first tab stop', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/legal/terms-and-conditions`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/legal/terms-and-conditions#main`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it("shows the home page's name and call to action on the first screen, and lays the under-construction tiles out for the width, at 1280 and 360 px", async () => {
    const page = await newPage(browser);
    const { data } = (await (await fetch(`${baseUrl}/api/settings`)).json()) as { data: { schoolName: string } };
    /** Visible and wholly inside the window as first shown, without scrolling. */
    const onFirstScreen = async (locator: Locator, width: number, height: number) => {
      const box = await locator.boundingBox();
      return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    };
    for (const [name, width, height] of [
      ['desktop', 1280, 800],
      ['mobile', 360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${baseUrl}/`);
      const hero = page.getByRole('region', { name: data.schoolName });
      expect(await onFirstScreen(hero.getByRole('heading', { level: 1, name: data.schoolName }), width, height)).toBe(true);
      expect(await onFirstScreen(hero.getByRole('link', { name: 'Book a free trial class' }), width, height)).toBe(true);
      await page.screenshot({ path: join(SHOTS, `home-${name}.png`), fullPage: true });
      await page.screenshot({ path: join(SHOTS, `home-${name}-top.png`) });

      await page.goto(`${baseUrl}/under-construction?launch=2027-03-01`);
      const main = page.getByRole('main');
      expect(await main.getByText('Expected launch: March 1, 2027').isVisible()).toBe(true);
      // Three tiles side by side on a desktop, one under another on a phone.
      const tops = await main
        .getByRole('list', { name: 'What to expect' })
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
      expect(tops).toHaveLength(3);
      if (name === 'desktop') expect(new Set(tops).size).toBe(1);
      else expect(tops[0]! < tops[1]! && tops[1]! < tops[2]!, `tiles at ${tops.join(', ')}`).toBe(true);
      for (const button of ['Go Back', 'Return to Homepage']) expect(await main.getByRole('link', { name: button }).isVisible()).toBe(true);
      await page.screenshot({ path: join(SHOTS, `under-construction-${name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/legal/privacy-policy`);
    expect(await onFirstScreen(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }), 1280, 800)).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'privacy-desktop.png') });
  });
});
