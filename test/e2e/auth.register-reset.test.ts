import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiCall,
  POLL,
  createTestUser,
  islandReady,
  loginThroughForm,
  openPage,
  readStorage,
  superAdminToken,
  uniqueEmail,
} from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('registering, resetting a password and verifying an email', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a new member through the form, who is told to check the e-mail, then logs in and lands in /student', async () => {
    const page = await openPage(browser);
    const email = uniqueEmail('register');
    await page.goto(`${baseUrl}/auth/register`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('First name').fill('Rina');
    await page.getByLabel('Last name').fill('Okada');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Mae-Geri-Kick-9');
    await page.getByLabel('Confirm password').fill('Mae-Geri-Kick-9');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('main [role="status"]').textContent(), POLL).toContain('Please check your email');
    expect((await readStorage(page)).token).toBeNull();
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await page.waitForURL(`${baseUrl}/auth/login`);

    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: email }, 'Mae-Geri-Kick-9');
    await page.waitForURL(`${baseUrl}/student`);
    await page.locator('[data-state="ready"]').waitFor();
    expect(await page.locator('.panel-user-name').textContent()).toBe('Rina Okada');
    expect(await page.locator('.panel-role').textContent()).toBe('Member');
    expect(JSON.parse((await readStorage(page)).user ?? '{}').email).toBe(email);
  });

  it('answers a registration with a known address exactly as a new one, and mails its owner', async () => {
    const user = await createTestUser(baseUrl, 'member', 'known');
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/auth/register`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('First name').fill('Someone');
    await page.getByLabel('Last name').fill('Else');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Mae-Geri-Kick-9');
    await page.getByLabel('Confirm password').fill('Mae-Geri-Kick-9');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('main [role="status"]').textContent(), POLL).toContain('Please check your email');
    const outbox = await apiCall(baseUrl, `/admin/outbox?to=${encodeURIComponent(user.email)}`, { token: await superAdminToken(baseUrl) });
    const subjects = (outbox.body.data as { subject: string }[]).map((m) => m.subject);
    expect(subjects).toContain('Someone tried to create an account with your email');
  });

  it('shows the password rule and a mismatch next to their fields before sending anything', async () => {
    const page = await openPage(browser);
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/register') && calls.push(r.url()));
    await page.goto(`${baseUrl}/auth/register`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('First name').fill('Rina');
    await page.getByLabel('Last name').fill('Okada');
    await page.getByLabel('Email').fill(uniqueEmail('short'));
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Create account' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await expect.poll(() => password.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await page.locator('#register-password-error').textContent()).toContain('Password must be at least 8 characters long');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-password');
    await password.fill('Mae-Geri-Kick-9');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('#register-confirm-password-error').textContent(), POLL).toContain('Passwords do not match');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-confirm-password');
    expect(calls).toEqual([]);
  });

  it('resets a forgotten password with the link from the outbox (read by the demo super-admin), then logs in with the new one', async () => {
    const user = await createTestUser(baseUrl, 'member', 'reset');
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/auth/forgot-password`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('main [role="status"]').textContent(), POLL).toContain('a password reset link has been sent');

    const outbox = await apiCall(baseUrl, `/admin/outbox?to=${encodeURIComponent(user.email)}`, { token: await superAdminToken(baseUrl) });
    expect(outbox.status).toBe(200);
    const mail = (outbox.body.data as { to: string; subject: string; text: string }[]).find((m) => m.subject === 'Reset your password');
    expect(mail?.to).toBe(user.email);
    const link = /https?:\/\/[^\s]+\/auth\/reset-password\?token=[^\s]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    expect(url.searchParams.get('email')).toBe(user.email);

    await page.goto(`${baseUrl}${url.pathname}${url.search}`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('New password', { exact: true }).fill('Heian-Shodan-2026');
    await page.getByLabel('Confirm new password').fill('Heian-Shodan-2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('main [role="status"]').textContent(), POLL).toContain('Password has been reset successfully');

    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: user.email }, 'Heian-Shodan-2026');
    await page.waitForURL(`${baseUrl}/student`);
    await page.locator('[data-state="ready"]').waitFor();
    expect(await page.locator('.panel-user-name').textContent()).toBe(`${user.firstName} ${user.lastName}`);

    const old = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password } });
    expect(old.status).toBe(401);
  });

  it('shows the failure of a bad verification link, rendered on the server', async () => {
    const page = await openPage(browser, { allowHttpErrors: true });
    const res = await page.goto(`${baseUrl}/auth/verify-email?token=definitely-not-valid`);
    expect(res?.status()).toBe(400);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('We could not verify your email');
    expect(await page.getByRole('alert').first().textContent()).toBe('Invalid or expired verification token');
    // Its resend form hydrates once it is on screen (hydrate="visible"), though the island's wrappers have no box.
    await page.locator('form[data-ready]').waitFor();
  });
});
