import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { wallTime } from '#core/time-zone.ts';
import { adminPage, asAdmin, openScreen, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
/** The school's zone in the seeded settings. */
const SCHOOL_ZONE = 'America/Vancouver';

describe('the admin Sessions screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("adds a one-off on the school's clock, shows it in this week's calendar, then cancels it with a reason", async () => {
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, '/admin/sessions/new');
    const form = page.locator('form.session-form');
    await form.getByRole('button', { name: 'Add session' }).click();
    expect(await form.locator('.field-error').allTextContents()).toEqual(
      expect.arrayContaining(['title is required unless classId is given', 'startsAt is required']),
    );

    // 22:00–23:00 today on the school's clock: always in this week's view.
    const day = wallTime(Date.now(), SCHOOL_ZONE).slice(0, 10);
    const title = uniq('Makeup kata');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Starts').fill(`${day}T22:00`);
    await form.getByLabel('Ends').fill(`${day}T23:00`);
    await form.getByLabel('Places').fill('6');
    await form.getByRole('button', { name: 'Add session' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain(`Session created: ${title}`);

    const card = page.locator('.session-card', { hasText: title });
    await card.waitFor();
    expect(await card.locator('.session-times').textContent()).toBe('10:00 p.m. – 11:00 p.m.');
    expect(await card.textContent()).toContain('0 / 6 booked');
    expect(await page.locator(`.week-day[data-day="${day}"]`).getAttribute('aria-current')).toBe('date');
    const made = await asAdmin(baseUrl, `/sessions/${await card.getAttribute('data-id')}`);
    expect(made.body.session).toMatchObject({ kind: 'one_off', classId: null, capacity: 6, status: 'scheduled' });
    await screenshot(page, 'admin-sessions-week');

    await card.getByRole('button', { name: `Cancel ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), POLL).toContain('Please give a reason');
    await dialog.getByLabel('Reason').fill('Hall booked for grading');
    await dialog.getByRole('button', { name: 'Cancel session' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain(`Session cancelled: ${title}`);
    await expect.poll(() => card.getAttribute('data-status'), POLL).toBe('cancelled');
    expect(await card.textContent()).toContain('Cancelled: Hall booked for grading');

    // A phone gets the same week as a list of days.
    await page.setViewportSize({ width: 360, height: 780 });
    await openScreen(page, baseUrl, '/admin/sessions');
    const columns = await page.locator('.week-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await screenshot(page, 'admin-sessions-phone');
  });
});
