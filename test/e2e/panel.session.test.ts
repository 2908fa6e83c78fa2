import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, createTestUser, DEMO_PASSWORD, loginThroughForm, openPage, POLL, readStorage } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('panel sessions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves Loading... with the spinner in the server HTML of a panel', async () => {
    const res = await fetch(`${baseUrl}/admin/users`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(
      /<div class="loading" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"><\/span><span>Loading\.\.\.<\/span><\/div>/,
    );
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('sends a visitor without a session from /admin to /auth/login?next=/admin', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/auth/login?next=/admin`);
    await page.locator('form[data-ready]').waitFor({ state: 'attached' });
    expect(await page.getByText('Please log in to continue.').isVisible()).toBe(true);
  });

  it("shows 'Authentication failed' for a stored token the server refuses, and clears token, user and preferences", async () => {
    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/auth/login`);
    await page.evaluate(() => {
      localStorage.setItem('token', 'bogus.token.value');
      localStorage.setItem('user', JSON.stringify({ _id: 'x', email: 'x@example.test', role: 'admin' }));
      localStorage.setItem('preferences', JSON.stringify({ theme: 'dark' }));
    });
    await page.goto(`${baseUrl}/admin`);
    await page.locator('[data-state="failed"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Authentication failed');
    expect(await page.getByRole('link', { name: 'Log in' }).last().getAttribute('href')).toBe('/auth/login?next=/admin');
    expect(await readStorage(page)).toEqual({ token: null, user: null, preferences: null });
  });

  it('tells a student who opens /admin that they are not allowed there, with a link to their own panel', async () => {
    const student = await createTestUser(baseUrl, 'student', 'intruder');
    const page = await openPage(browser);
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: student.email }, student.password);
    await page.waitForURL(`${baseUrl}/student`);
    await page.goto(`${baseUrl}/admin`);
    await page.locator('[data-state="forbidden"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You are not allowed here');
    const own = page.getByRole('link', { name: 'Go to your student panel' });
    expect(await own.getAttribute('href')).toBe('/student');
    expect((await readStorage(page)).token).not.toBeNull();
  });

  it('logs out: storage is cleared, the login page shows, and the old token no longer works', async () => {
    const member = await createTestUser(baseUrl, 'member', 'logout');
    const page = await openPage(browser);
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: member.email }, member.password);
    await page.waitForURL(`${baseUrl}/student`);
    await page.locator('[data-state="ready"]').waitFor();
    const { token } = await readStorage(page);
    expect(token).toBeTruthy();
    expect((await apiCall(baseUrl, '/auth/me', { token: token! })).status).toBe(200);
    // The home's own reads finish first: one still in flight when the server ends the session answers 401, which is right but fails the page's error check.
    await page.locator('[data-home]').waitFor();
    await expect.poll(() => page.locator('#main .muted', { hasText: /^(Loading meetings…|Counting messages…)$/ }).count(), POLL).toBe(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/auth/login`);
    expect(await readStorage(page)).toEqual({ token: null, user: null, preferences: null });
    const after = await apiCall(baseUrl, '/auth/me', { token: token! });
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
  });

  it('moves between panel screens without reloading and keeps the browser history', async () => {
    const page = await openPage(browser);
    await loginThroughForm(page, baseUrl, 'admin', { label: 'Admin ID', value: 'ADM-0001' }, DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/admin`);
    await page.locator('[data-state="ready"]').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('navigation', { name: 'Admin panel' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Aiko' }).waitFor();
    await page.goto(`${baseUrl}/admin/nothing-here`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });
});
