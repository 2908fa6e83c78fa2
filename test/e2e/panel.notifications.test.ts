import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPage, openScreen } from './admin-content-helpers.ts';
import { apiCall, freshIp, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('the notification bell, live over the realtime room', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts a new enquiry the moment it arrives, without a reload, and opening it marks it read', async () => {
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/enquiries');
    const count = page.locator('.bell-count');
    const before = Number(await count.getAttribute('data-unread'));
    const subject = `Live ${Date.now().toString(36)}`;
    const sent = await apiCall(baseUrl, '/enquiries', {
      body: { name: 'Priya Shah', email: 'priya@example.com', phone: '+1 604 555 0111', subject, message: 'Can my son try a class?' },
      ip: freshIp(),
    });
    expect(sent.status).toBe(201);
    await expect.poll(async () => Number(await count.getAttribute('data-unread')), POLL).toBe(before + 1);

    await page.getByRole('button', { name: /Notifications/ }).click();
    const item = page.locator('.bell-item', { hasText: subject });
    await item.waitFor();
    expect(await item.getAttribute('class')).toContain('bell-unread');
    await item.getByRole('button').click();
    await expect.poll(async () => Number(await count.getAttribute('data-unread')), POLL).toBe(before);
  });
});
