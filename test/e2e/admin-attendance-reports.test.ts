import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPage, openScreen, screenshot } from './admin-content-helpers.ts';
import { apiCall } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const FROM = '2026-01-05';
const TO = '2026-12-27';

describe('the admin "Attendance" reports (issue 24.6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the range's figures as the API counts them and downloads each report as a CSV file", async () => {
    const { page, token } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/attendance-reports');
    await page.getByLabel('Sessions from', { exact: true }).fill('2024-01-01');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => page.locator('#attendance-range-to-error').textContent()).toBe('The report range may be at most 366 days');

    await page.getByLabel('Sessions from', { exact: true }).fill(FROM);
    await page.getByLabel('Sessions to', { exact: true }).fill(TO);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.locator('.panel-screen.attendance-reports[data-ready]').waitFor();
    const { body } = await apiCall(baseUrl, `/attendance/reports?from=${FROM}&to=${TO}`, { token });
    const chart = await page.getByRole('img', { name: /^Attended and booked by week/ }).getAttribute('aria-label');
    const [first] = body.data.byWeek;
    expect(body.data.byWeek).toHaveLength(51);
    expect(chart).toContain(`week of Jan 5, ${first.attended} attended, ${first.booked} booked;`);
    expect(await page.locator('.attendance-table:has(#attendance-by-class-caption) tbody tr').count()).toBe(body.data.byClass.length);
    expect(await page.locator('.attendance-table:has(#attendance-by-student-caption) tbody tr').count()).toBe(body.data.byStudent.length);
    await screenshot(page, 'admin-attendance-reports');

    for (const report of ['class', 'student', 'no-shows'] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`button[data-report="${report}"]`).click()]);
      expect(download.suggestedFilename()).toBe(`attendance-${report}-${FROM}-${TO}.csv`);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.split('\r\n')[0]).toBe(
        {
          class: '\uFEFFClass,Day,Time,Sessions,Booked,Attended,Late,No-shows,Attendance rate (%)',
          student: '\uFEFFName,Attended,Late,Absent,No-shows,Late cancels,Last attended',
          'no-shows': '\uFEFFDate,Class,Name',
        }[report],
      );
    }
  });
});
