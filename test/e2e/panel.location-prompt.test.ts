import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { apiCall, createTestUser, freshIp, islandReady, loginThroughForm, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

/** A page of its own context (client address, viewport, geolocation), failing the test on any script error. */
async function pageWith(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': freshIp() }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  onTestFinished(async () => {
    await context.close();
    expect(errors).toEqual([]);
  });
  return page;
}

async function loginAsNewMember(page: Page, tag: string) {
  const member = await createTestUser(baseUrl, 'member', tag);
  await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: member.email }, member.password);
  await page.waitForURL(/\/student/);
  await islandReady(page, '.panel-shell[data-ready]');
  return member;
}

describe('the location prompt (spec 2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ locationPrompt: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('greets a new member once, detects where they are with their permission, and saves zone and place', async () => {
    const page = await pageWith(browser, {
      viewport: { width: 1366, height: 900 },
      permissions: ['geolocation'],
      geolocation: { latitude: 49.19, longitude: -122.85, accuracy: 40 },
    });
    const member = await loginAsNewMember(page, 'locsave');
    const dialog = page.getByRole('dialog', { name: 'Set your time zone' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('class and meeting times in your time zone');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), POLL).toBe('Detect my location');

    await dialog.getByRole('button', { name: 'Detect my location' }).click();
    const facts = dialog.locator('dl');
    await expect.poll(() => facts.innerText(), POLL).toMatch(/Surrey, British Columbia, Canada\s+Time zone\s+America\/Vancouver/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('status').getByText('Location saved').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await apiCall(baseUrl, '/auth/me', { token: token! });
    expect(me.body.data).toMatchObject({
      email: member.email,
      profile: {
        timezone: 'America/Vancouver',
        location: {
          city: 'Surrey',
          state: 'British Columbia',
          country: 'Canada',
          countryCode: 'CA',
          detectionMethod: 'browser',
          coordinates: { latitude: 49.19, longitude: -122.85, accuracy: 40 },
        },
      },
    });
    await page.reload();
    await islandReady(page, '.panel-shell[data-ready]');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("at 360 px, without the browser's position: 'Unknown', 'No timezone set', closed by Escape and not shown again", async () => {
    const page = await pageWith(browser, { viewport: { width: 360, height: 740 } });
    await loginAsNewMember(page, 'locskip');
    const dialog = page.getByRole('dialog', { name: 'Set your time zone' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);

    await dialog.getByRole('button', { name: 'Detect my location' }).click();
    await dialog.getByRole('alert').getByText('We could not detect your location.').waitFor({ timeout: 20_000 });
    expect(await dialog.locator('dl').innerText()).toMatch(/Place\s+Unknown\s+Time zone\s+No timezone set/);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), POLL).toBe('Close');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.evaluate(() => localStorage.getItem('location_prompt_seen'))).toBe('true');
    await page.reload();
    await islandReady(page, '.panel-shell[data-ready]');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
