import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, apiCall, createTestUser, DEMO_PASSWORD, freshIp, POLL } from './auth-helpers.ts';
import { signedInPage } from './offline-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

const banner = (page: Page) => page.locator('#offline-banner');

describe('offline (spec 8): the service worker, the banner and the outbox', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reopens two panel screens and two public pages offline with their content, and sends a message written offline when back', async () => {
    const t = tag();
    const product = await apiCall(baseUrl, '/products', {
      token: await adminToken(baseUrl),
      body: { name: `E2E Offline Mitts ${t}`, price: 30, stockQuantity: 4, category: 'protective-gear', sku: `E2E-OFF-${t}`, gstRate: 5 },
    });
    expect(product.status).toBe(201);
    const member = await createTestUser(baseUrl, 'member', 'offline');
    const { page, token } = await signedInPage(browser, baseUrl, member, { width: 1280 });
    const placed = await apiCall(baseUrl, '/orders', {
      token,
      body: {
        items: [{ product: product.body.product._id, quantity: 1 }],
        paymentMethod: 'sandbox',
        contact: { name: 'Offline Member', email: member.email, phone: '+1 416 555 0100' },
        shippingAddress: { line1: '1 Dojo Way', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2', country: 'Canada' },
      },
    });
    expect(placed.status).toBe(201);
    const orderNumber = placed.body.data.order.orderNumber as string;
    const online = `Online before the trip ${t}`;
    const offline = `Written on the train ${t}`;

    // Visited once, online.
    for (const path of ['/about', '/courses']) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
    }
    await page.goto(`${baseUrl}/student/orders`);
    await page.locator('.order-card', { hasText: orderNumber }).waitFor({ timeout: 15_000 });
    await page.goto(`${baseUrl}/student/messages`);
    await page.locator('.msg-screen[data-ready]').waitFor({ timeout: 15_000 });
    await page.getByLabel('Message to the school').fill(online);
    await page.keyboard.press('Enter');
    await page.locator('.msg-thread li:not(.msg-pending)', { hasText: online }).waitFor({ timeout: 15_000 });
    // Offline, a screen shows what it last loaded: open it once more with the message in it.
    await page.reload();
    await page.locator('.msg-thread li', { hasText: online }).waitFor({ timeout: 15_000 });
    expect(await banner(page).textContent()).toBe('');

    await page.context().setOffline(true);
    for (const [path, heading] of [
      ['/about', /about/i],
      ['/courses', /courses/i],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => page.locator('h1').first().textContent(), POLL).toMatch(heading);
      expect(await banner(page).textContent()).toMatch(/^You are offline\. This is the copy of the page saved/);
    }
    await page.goto(`${baseUrl}/student/orders`);
    await page.locator('.order-card', { hasText: orderNumber }).waitFor({ timeout: 15_000 });
    expect(await banner(page).getAttribute('role')).toBe('status');
    expect(await banner(page).textContent()).toContain('Messages you write are sent when you are back online');

    await page.goto(`${baseUrl}/student/messages`);
    await page.locator('.msg-thread li', { hasText: online }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Message to the school').fill(offline);
    await page.keyboard.press('Enter');
    const queued = page.locator('.msg-thread li', { hasText: offline });
    await expect.poll(() => queued.textContent(), POLL).toContain('Waiting to send (offline)');
    expect(await page.locator('.msg-notice').textContent()).toBe('Saved offline: it is sent when you are back online.');
    const onServer = async () =>
      ((await apiCall(baseUrl, '/messages/conversation', { token })).body.data as { content: string }[]).filter(
        (m) => m.content === offline,
      ).length;
    expect(await onServer()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(onServer, POLL).toBe(1);
    await expect.poll(() => queued.textContent(), POLL).not.toContain('Waiting to send');
    expect(await banner(page).textContent()).toBe('');
    // Sent once: the outbox is empty, so a reload sends nothing again.
    await page.reload();
    await page.locator('.msg-thread li', { hasText: offline }).waitFor({ timeout: 15_000 });
    expect(await onServer()).toBe(1);
  });

  it("keeps the school's reply written offline in that conversation, and sends it once when back", async () => {
    const t = tag();
    const member = await createTestUser(baseUrl, 'member', 'offline-reply');
    const memberLogin = await apiCall(baseUrl, '/auth/login', { body: { email: member.email, password: member.password }, ip: freshIp() });
    const question = `Is the dojo open on the holiday? ${t}`;
    expect((await apiCall(baseUrl, '/messages/send', { token: memberLogin.body.token, body: { content: question } })).status).toBe(201);
    const admin = { id: '', email: 'admin@dojo.local', password: DEMO_PASSWORD, firstName: 'Aiko', lastName: 'Mori' };
    // The outbox lives in the page (IndexedDB): this test needs no service worker.
    const { page } = await signedInPage(browser, baseUrl, admin, { width: 1280, serviceWorker: false });
    await page.goto(`${baseUrl}/admin/messages/${member.id}`);
    await page.locator('.msg-thread li', { hasText: question }).waitFor({ timeout: 15_000 });
    await page.reload();
    await page.locator('.msg-thread li', { hasText: question }).waitFor({ timeout: 15_000 });

    const answer = `Closed that day, open the next ${t}`;
    const replies = async () =>
      ((await apiCall(baseUrl, '/messages/conversation', { token: memberLogin.body.token })).body.data as { content: string }[]).filter(
        (m) => m.content === answer,
      ).length;
    await page.context().setOffline(true);
    const reply = page.getByLabel(/Reply to Test/);
    await reply.fill(answer);
    await reply.press('Enter');
    const queued = page.locator('.msg-thread li', { hasText: answer });
    await expect.poll(() => queued.textContent(), POLL).toContain('Waiting to send (offline)');
    expect(await replies()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(replies, POLL).toBe(1);
    await expect.poll(() => queued.textContent(), POLL).not.toContain('Waiting to send');
    await page.reload();
    await page.locator('.msg-thread li', { hasText: answer }).waitFor({ timeout: 15_000 });
    expect(await replies()).toBe(1);
  });

  it('on a 360 px phone: a one-line bar, and a menu that shows where you are, works from the keyboard and closes on navigation', async () => {
    const student = await createTestUser(baseUrl, 'student', 'phone-menu');
    const { page } = await signedInPage(browser, baseUrl, student, { width: 360, serviceWorker: false });
    await page.goto(`${baseUrl}/student/messages`);
    await page.locator('.msg-screen[data-ready]').waitFor({ timeout: 15_000 });

    const bar = page.locator('.panel-topbar');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('#panel-nav');
    expect(await page.locator('.panel-screen-title').textContent()).toBe('Messages');
    expect((await bar.boundingBox())!.height).toBeLessThan(70);
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.isVisible()).toBe(true);
    const here = nav.locator('a[aria-current="page"]');
    expect(await here.textContent()).toBe('Messages');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Messages');
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');

    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'My orders', exact: true }).click();
    await expect.poll(() => page.locator('.panel-screen-title').textContent(), POLL).toBe('My orders');
    expect(await nav.isVisible()).toBe(false);
    await menu.click();
    expect(await here.textContent()).toBe('My orders');
    expect(await nav.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
  });
});
