import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiCall, createTestUser, DEMO_PASSWORD, islandReady, loginThroughForm, openPage, POLL } from './auth-helpers.ts';
import { decodeQr } from './qr-decode.ts';

const baseUrl = inject('baseUrl');

describe('Check-in: kiosks and QR codes in the panels', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an admin registers a kiosk and sees its address once, as text and as a QR code the tablet can scan', async () => {
    const page = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await loginThroughForm(page, baseUrl, 'admin', { label: 'Admin ID', value: 'ADM-0001' }, DEMO_PASSWORD);
    await page.waitForURL(/\/admin/, { timeout: 15_000 });
    await page.goto(`${baseUrl}/admin/kiosks`);
    await islandReady(page, '.kiosks[data-ready]');
    const name = `E2E tablet ${Date.now().toString(36)}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Location (optional)').fill('Front door');
    await page.getByRole('button', { name: 'Register kiosk' }).click();

    const address = page.locator('.kiosk-address');
    await address.waitFor({ timeout: 15_000 });
    const url = await address.getByLabel('Kiosk address').inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/kiosk#token=kiosk_[A-Za-z0-9_-]{43}$`));
    expect(await decodeQr(address.locator('svg.qr-code'))).toEqual([url]);
    const token = new URL(url).hash.slice('#token='.length);
    expect((await apiCall(baseUrl, '/kiosk/snapshot', { token })).status).toBe(200);

    await address.getByRole('button', { name: 'Done — hide the address' }).click();
    await expect.poll(() => address.count(), POLL).toBe(0);
    await page.reload();
    await islandReady(page, '.kiosks[data-ready]');
    await expect.poll(() => page.getByRole('table', { name: 'Kiosks' }).locator('tr', { hasText: name }).count(), POLL).toBe(1);
    expect(await page.content()).not.toContain(token);
  });

  it("a student's check-in screen draws the token GET my-qr answers, and a new one after 'Show a new code'", async () => {
    const student = await createTestUser(baseUrl, 'student', 'checkin');
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: student.email }, student.password);
    await page.waitForURL(/\/student/, { timeout: 15_000 });
    await page.goto(`${baseUrl}/student/check-in`);
    await islandReady(page, '.check-in[data-ready]');
    const qr = page.getByRole('img', { name: 'Your check-in QR code' });
    await qr.waitFor({ timeout: 15_000 });
    const sessionToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    const myQr = async () => (await apiCall(baseUrl, '/attendance/my-qr', { token: sessionToken })).body.data.token as string;
    const first = await myQr();
    expect(await decodeQr(qr)).toEqual([first]);

    await page.getByRole('button', { name: 'Show a new code' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Show a new code' }).click();
    await expect
      .poll(() => page.locator('.check-in [role="status"]').first().textContent(), POLL)
      .toContain('Your check-in code has changed');
    const second = await myQr();
    expect(second).not.toBe(first);
    await expect.poll(() => decodeQr(qr), POLL).toEqual([second]);
  });
});
