import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, loginThroughForm, openPage, POLL } from './auth-helpers.ts';

const baseUrl = inject('baseUrl');

describe('My attendance in the member panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows what the ledger recorded: totals, the month chart with its table, per class and the recent classes (360 px)', async () => {
    const token = await adminToken(baseUrl);
    const member = await createTestUser(baseUrl, 'member', 'attender');
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const created = await apiCall(baseUrl, '/sessions', {
      token,
      body: { title: 'E2E Kata seminar', startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() },
    });
    expect(created.status).toBe(201);
    const sessionId = created.body.data._id as string;
    const recorded = await apiCall(baseUrl, '/attendance/events', {
      token,
      body: {
        events: [
          { id: crypto.randomUUID(), sessionId, userId: member.id, kind: 'present', method: 'admin', recordedAt: startsAt.toISOString() },
        ],
      },
    });
    expect(recorded.body.data.results[0].outcome).toBe('accepted');

    const page = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: member.email }, member.password);
    await page.waitForURL(/\/student/, { timeout: 15_000 });
    await page.goto(`${baseUrl}/student/attendance`);
    const screen = page.locator('.attendance-screen[data-ready]');
    await screen.waitFor({ timeout: 15_000 });
    await expect.poll(() => screen.locator('.attendance-figure').first().textContent(), POLL).toBe('Classes attended1');
    expect(await screen.getByRole('img', { name: /Classes attended by month: .* 1(,|$)/ }).count()).toBe(1);
    expect(await screen.getByRole('table', { name: 'Attendance per class' }).textContent()).toContain('One-off sessions');
    const recent = screen.getByRole('table', { name: 'Recent classes' });
    expect(await recent.textContent()).toContain('E2E Kata seminar');
    expect(await recent.textContent()).toContain('Present');
    expect(await recent.textContent()).toContain('Staff correction');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
