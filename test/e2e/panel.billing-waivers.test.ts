import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { adminPage, asAdmin, openScreen, screenReady, uniq } from './admin-content-helpers.ts';
import { apiCall, createTestUser, freshIp, POLL, storeSession, type CreatedUser } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots26/billing';

/** The page at 1366 and at 360 px, full length: no sideways scroll on a phone. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A member's own page (session in localStorage); console errors fail the test. */
async function memberPage(browser: Browser, user: CreatedUser) {
  const ip = freshIp();
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password }, ip });
  expect(login.status).toBe(200);
  const context = await browser.newContext({
    extraHTTPHeaders: { 'cf-connecting-ip': ip },
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  onTestFinished(async () => {
    await context.close();
    if (errors.length) throw new Error(`The page reported errors:\n${errors.join('\n')}`);
  });
  await storeSession(page, baseUrl, login);
  return { page, token: login.body.token as string };
}

/** Signs the school's required waiver (the demo data may require one) so that buying is not refused. */
async function signRequiredWaiver(token: string) {
  const status = (await apiCall(baseUrl, '/waivers/status', { token })).body.data;
  if (!status?.required || status.signed) return;
  const doc = (await apiCall(baseUrl, `/waivers/${status.required.documentId}`, { token })).body.data;
  const signed = await apiCall(baseUrl, `/waivers/${status.required.documentId}/sign`, {
    token,
    body: { signedFor: 'me', typedName: 'Test Member', agree: true, textSha256: doc.current?.bodySha256 ?? doc.bodySha256 },
  });
  expect(signed.status).toBe(201);
}

/** An active monthly membership of the member, bought and paid in the sandbox and approved by the admin. */
async function activeMembership(page: Page, token: string, name: string) {
  const made = await asAdmin(baseUrl, '/memberships', {
    body: { name, isActive: true, plans: [{ name: 'Monthly', durationMonths: 1, price: 89, gstRate: 5 }] },
  });
  expect(made.status).toBe(201);
  const membership = made.body.data as { _id: string; plans: { _id: string }[] };
  await signRequiredWaiver(token);
  const fd = new FormData();
  for (const [k, v] of Object.entries({ membershipId: membership._id, planId: membership.plans[0]!._id, paymentMethod: 'sandbox' }))
    fd.append(k, v);
  const res = await fetch(`${baseUrl}/api/purchase-membership`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': freshIp() },
    body: fd,
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as any).data.enrollment._id as string;
  await openScreen(page, baseUrl, '/student/memberships');
  await page
    .locator('.my-enrol-card', { hasText: name })
    .getByRole('button', { name: /^Pay now/ })
    .click();
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(/\/memberships\/complete/, { timeout: 15_000 });
  await expect
    .poll(async () => (await apiCall(baseUrl, `/purchase-membership/${id}`, { token })).body.data?.paymentStatus, POLL)
    .toBe('paid');
  expect((await asAdmin(baseUrl, `/purchase-membership/${id}/approve`, { body: {} })).status).toBe(200);
  return id;
}

describe('Billing and waivers screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member saves a sandbox card on the setup page and turns autopay on for their membership', async () => {
    const member = await createTestUser(baseUrl, 'member', 'autopayer');
    const { page, token } = await memberPage(browser, member);
    const name = uniq('E2E Autopay membership');
    const enrollmentId = await activeMembership(page, token, name);

    await openScreen(page, baseUrl, '/student/billing');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Billing');
    expect(await page.locator('.billing-empty').first().textContent()).toContain('No payment method saved yet');
    await page.getByRole('button', { name: 'Add a payment method' }).click();
    await page.waitForURL(/\/pay\/sandbox\/setup\//, { timeout: 15_000 });
    await page.getByRole('button', { name: /Save card ending 4242/ }).click();
    await page.waitForURL(/\/student\/billing/, { timeout: 15_000 });
    await screenReady(page);
    const status = page.locator('.panel-screen > [role="status"].form-status');
    await expect.poll(() => status.textContent(), POLL).toMatch(/4242, 12\/2030 saved as your default payment method/);
    expect(page.url()).not.toContain('methodToken');
    const method = page.locator('.billing-method').first();
    expect(await method.textContent()).toMatch(/4242.*Default/);

    const toggle = page.getByRole('switch', { name: new RegExp(`Autopay for ${name}`) });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('true');
    expect(await status.textContent()).toContain(`Autopay on for ${name}`);
    const row = page.locator(`tr[data-id="${enrollmentId}"]`);
    expect(await row.locator('td[data-label="Paid with"]').textContent()).toContain('4242');
    const upcoming = (await apiCall(baseUrl, '/billing/upcoming', { token })).body.data as { enrollmentId: string; autopay: boolean }[];
    expect(upcoming.find((u) => u.enrollmentId === enrollmentId)?.autopay).toBe(true);
    await shots(page, 'member-billing');
  });

  it('the admin billing screen shows due today, declined and past due, the invoices, and a year of revenue as a chart and a table', async () => {
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/billing');
    const figures = page.getByRole('list', { name: 'Automatic charges now' }).locator('li');
    expect(await figures.count()).toBe(3);
    expect(await figures.allTextContents()).toEqual([
      expect.stringMatching(/^Due todayC\$[\d,]+\.\d\d\d+ invoices?/),
      expect.stringMatching(/^DeclinedC\$[\d,]+\.\d\d\d+ invoices?/),
      expect.stringMatching(/^Past dueC\$[\d,]+\.\d\d\d+ invoices?/),
    ]);
    expect(await page.getByRole('img', { name: /^Revenue by month: / }).count()).toBe(1);
    await page.getByText('Show as a table').click();
    expect(await page.locator('.billing-chart table tbody tr').count()).toBe(12);
    await page.getByRole('button', { name: 'Show past due' }).click();
    await screenReady(page);
    expect(await page.getByLabel('Status').inputValue()).toBe('past_due');
    await shots(page, 'admin-billing');
  });

  it('the admin writes a waiver, sees who is missing it and reminds them; a new text warns of a new version', async () => {
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/waivers');
    const title = uniq('E2E Liability waiver');
    await page.getByRole('button', { name: 'New waiver' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Text', { exact: true }).fill('# Waiver\n\nI train at my own risk.');
    await page.getByRole('button', { name: 'Publish version 1' }).click();
    await expect.poll(() => page.locator('.panel-screen > [role="status"]').textContent(), POLL).toContain('published as version 1');
    await page.getByRole('link', { name: title }).click();
    await page.locator('.admin-waiver[data-ready]').waitFor({ timeout: 15_000 });
    expect(await page.getByText('people will be asked to sign again').count()).toBe(1);

    await page.getByRole('tab', { name: /^Missing/ }).click();
    const missing = page.getByRole('table', { name: 'Missing version 1' });
    await missing.waitFor({ timeout: 15_000 });
    expect(await missing.locator('tbody tr').count()).toBeGreaterThan(0);
    await missing.locator('tbody tr').first().getByRole('checkbox').check();
    expect(await page.getByRole('group', { name: 'Remind people' }).textContent()).toContain('1 selected');
    await page.getByRole('button', { name: 'Send reminder', exact: true }).click();
    await expect.poll(() => page.locator('#waiver-tab-panel [role="status"]').textContent(), POLL).toMatch(/^1 reminder sent|skipped/);
    await shots(page, 'admin-waiver');
  });
});
