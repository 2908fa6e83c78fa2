import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');
const UC = `${baseUrl}/under-construction`;

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('/under-construction in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows every element of spec section 2 and requests no JavaScript', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${UC}?launch=2027-03-01`);
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe('Under Construction');
    expect(await main.getByText(/working hard to bring you something great/).isVisible()).toBe(true);
    expect(await main.getByText('Expected launch: March 1, 2027').isVisible()).toBe(true);
    expect(await main.getByText('Coming Soon', { exact: true }).isVisible()).toBe(true);
    const bar = main.getByRole('progressbar', { name: 'Development progress' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.evaluate((el) => [(el as HTMLProgressElement).value, (el as HTMLProgressElement).max])).toEqual([65, 100]);
    expect(await main.locator('.uc-progress-label').textContent()).toBe('Development progress65%');
    expect(await main.locator('.uc-progress-label').getByText('65%', { exact: true }).isVisible()).toBe(true);
    for (const tile of ['Modern Design', 'Fast Performance', 'Secure & Reliable']) {
      expect(await main.getByRole('heading', { name: tile }).isVisible()).toBe(true);
    }
    expect(await main.getByRole('link', { name: 'Go Back' }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Return to Homepage' }).isVisible()).toBe(true);
    expect(scripts).toEqual([]);
  });

  it('leaves out the launch line without a valid date and shows an escaped ?title=', async () => {
    const page = await newPage(browser);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto(`${UC}?launch=2027-02-30&title=${encodeURIComponent('<img src=x onerror=alert(1)>Shop')}`);
    expect(await page.getByText('Expected launch').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('<img src=x onerror=alert(1)>Shop');
    expect(await page.locator('main img').count()).toBe(0);
    expect(dialogs).toBe(0);
  });

  it('Return to Homepage goes to /', async () => {
    const page = await newPage(browser);
    await page.goto(UC);
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const settings = (await (await fetch(`${baseUrl}/api/settings`)).json()) as { data: { schoolName: string } };
    expect(await page.locator('h1').textContent()).toBe(settings.data.schoolName);
  });

  it('Go Back returns to the same-origin page the visitor came from, with JavaScript off too', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(UC, { referer: `${baseUrl}/legal/privacy-policy` });
      await page.getByRole('link', { name: 'Go Back' }).click();
      await page.waitForURL(`${baseUrl}/legal/privacy-policy`);
      expect(await page.locator('h1').textContent()).toBe('Privacy Policy');
      await context.close();
    }
  });

  it('Go Back goes home when the visitor arrived from another site', async () => {
    const page = await newPage(browser);
    await page.goto(UC, { referer: 'https://elsewhere.example/some/page' });
    expect(await page.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/');
  });

  it('reaches both buttons with Tab, shows a visible focus outline, and activates with Enter', async () => {
    const page = await newPage(browser);
    await page.goto(UC);
    const seen: string[] = [];
    for (let i = 0; i < 30 && !seen.includes('Go Back'); i++) {
      await page.keyboard.press('Tab');
      seen.push((await focusedText(page)).trim());
    }
    expect(seen).toContain('Go Back');
    const outline = () =>
      page.evaluate(() => {
        const s = getComputedStyle(document.activeElement as Element);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
    expect(await outline()).toEqual({ style: 'solid', width: 3 });
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Return to Homepage');
    expect(await outline()).toEqual({ style: 'solid', width: 3 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/`);
  });
});
