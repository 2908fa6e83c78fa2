import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, loginThroughForm, openPage, readStorage } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

async function openHome(page: Page, as: string, id: { label: string; value: string }, panel: string) {
  await loginThroughForm(page, baseUrl, as, id, DEMO_PASSWORD);
  await page.waitForURL(`${baseUrl}${panel}`);
  await page.locator(`[data-home]`).waitFor();
  const token = (await readStorage(page)).token!;
  const key = panel.slice(1);
  const { body } = await apiCall(baseUrl, `/dashboard/${key}`, { token });
  return body.data;
}

/** The figure whose label is `label`, as its link and its number. */
const figure = (page: Page, label: string) => page.locator('.home-figure', { has: page.locator('.home-figure-label', { hasText: label }) });
const valueOf = async (page: Page, label: string) => (await figure(page, label).locator('.home-figure-value').textContent())?.trim();

describe('each panel opens on a home of its figures', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows a student their week on a phone, from their own home's figures, with links that act", async () => {
    const page = await openPage(browser, { viewport: { width: 360, height: 740 } });
    const data = await openHome(page, 'student', { label: 'Student ID', value: 'STU-0001' }, '/student');
    expect(await valueOf(page, 'courses')).toBe(String(data.courses.length));
    expect(await valueOf(page, 'recent orders')).toBe(String(data.orders.length));
    const classes = page.locator('#home-classes ~ ul li');
    expect(await classes.count()).toBe(data.nextClasses.length);
    for (const o of data.orders) await page.getByText(`Order ${o.orderNumber}`).waitFor();
    expect(await page.getByText('Coming soon').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('link', { name: 'All my orders' }).click();
    await page.waitForURL(`${baseUrl}/student/orders`);
  });

  it('gives the admin the queues, the month by week and the latest activity, each linked to its screen', async () => {
    const page = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    const data = await openHome(page, 'admin', { label: 'Admin ID', value: 'ADM-0001' }, '/admin');
    expect(await valueOf(page, 'new enquiries')).toBe(String(data.queues.newEnquiries));
    expect(await valueOf(page, 'orders to ship')).toBe(String(data.queues.ordersToShip));
    expect(await valueOf(page, 'memberships ending in 14 days')).toBe(String(data.queues.expiringMemberships));
    expect(data.queues.ordersToShip).toBeGreaterThan(0);
    if (data.revenue.paid > 0) {
      await page.locator('.home-chart svg[role="img"]').waitFor();
      expect(await page.locator('.home-chart tbody tr').count()).toBe(data.revenue.weeks.length);
    }
    const first = data.activity[0];
    expect(await page.locator('.home-feed li a').first().getAttribute('href')).toContain(encodeURIComponent(first._id));
    await figure(page, 'orders to ship').click();
    await page.waitForURL(`${baseUrl}/admin/shop-orders`);
  });

  it("opens the super-admin's control panel on the platform, not the school's content", async () => {
    const page = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    const data = await openHome(page, 'email', { label: 'Email', value: 'superadmin@dojo.local' }, '/control-panel');
    expect(await valueOf(page, 'accounts')).toBe(String(data.users.total));
    expect(await valueOf(page, 'admins')).toBe(String(data.users.byRole.admin));
    const nav = page.getByRole('navigation', { name: 'Control panel' });
    for (const name of ['Users', 'Settings', 'E-mail outbox', 'Notifications'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
    // The school's screens (content, classes, belts) are the admin panel's, which the super-admin opens from here.
    for (const name of ['Courses', 'Gallery', 'Posts', 'Sessions', 'Programs', 'Attendance', 'Gradings', 'Certificates', 'Promotions'])
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    await page.getByRole('link', { name: 'Open the outbox' }).click();
    await page.waitForURL(`${baseUrl}/control-panel/outbox`);
    await page.locator('.admin-outbox[data-ready]').waitFor();
    await page.getByRole('heading', { level: 1, name: 'E-mail outbox' }).waitFor();
  });
});
