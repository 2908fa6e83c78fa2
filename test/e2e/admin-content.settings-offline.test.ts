import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POLL } from './auth-helpers.ts';
import { adminPage, asAdmin, openScreen, screenReady, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('settings and offline copies in the admin panel', () => {
  let browser: Browser;
  let original: { schoolName: string; currencySymbol: string };
  beforeAll(async () => {
    browser = await launchBrowser();
    const { schoolName, currencySymbol } = (await asAdmin(baseUrl, '/settings')).body.data;
    original = { schoolName, currencySymbol };
  });
  afterAll(async () => {
    // Both fields this file changes: later files read prices in the school's symbol.
    await asAdmin(baseUrl, '/settings', { method: 'PUT', body: original });
    await browser?.close();
  });

  it('changes the school name, which the public home page then shows', async () => {
    const name = uniq('Shoshin Dojo');
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/settings');
    const form = page.getByRole('form', { name: 'School and website' });
    const field = form.getByLabel('School name');
    expect(await field.inputValue()).toBe(original.schoolName);
    expect(await form.getByLabel('Currency', { exact: true }).inputValue()).toMatch(/^[A-Z]{3}$/);

    await field.fill('');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await form.locator('.field-error').first().textContent()).toBe('School name is required');

    await field.fill(name);
    await form.getByLabel('Currency symbol').fill('C$');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Settings updated successfully');
    expect((await asAdmin(baseUrl, '/settings')).body.data).toMatchObject({ schoolName: name, currencySymbol: 'C$' });

    await page.goto(`${baseUrl}/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  });

  it('shows the timetable stored in the browser, with a notice, when the classes API cannot be reached', async () => {
    const title = uniq('E2E Offline Kihon');
    const created = await asAdmin(baseUrl, '/classes', {
      body: { title, dayOfWeek: 3, startTime: '18:00', endTime: '19:15', level: 'beginner' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    try {
      const { page } = await adminPage(browser, baseUrl, { allow: [/net::ERR_FAILED/, /Failed to load resource/] });
      await openScreen(page, baseUrl, '/admin/classes');
      const row = page.locator(`tbody tr[data-name="${title}"]`);
      await row.waitFor();
      expect(await page.locator('.offline-notice').count()).toBe(0);

      await page.route('**/api/classes**', (route) => route.abort('failed'));
      await page.reload();
      await screenReady(page);
      await page.locator('.offline-notice').waitFor();
      expect(await page.locator('.offline-notice').textContent()).toContain('Offline copy.');
      await row.waitFor();
      expect(await row.getByText('18:00–19:15').count()).toBe(1);
      await screenshot(page, 'admin-classes-offline');
    } finally {
      await asAdmin(baseUrl, `/classes/${id}`, { method: 'DELETE' });
    }
  });
});
