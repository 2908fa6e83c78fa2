import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  apiCall,
  createTestUser,
  DEMO_PASSWORD,
  islandReady,
  loginThroughForm,
  openPage,
  readStorage,
  POLL,
} from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const SHOTS = '.tmp/screenshots';

const FLOWS = [
  { as: 'email', label: 'Email', value: 'member@dojo.local', panel: '/student', name: 'Nina Costa', first: 'Nina', role: 'Member' },
  { as: 'student', label: 'Student ID', value: 'STU-0001', panel: '/student', name: 'Leo Park', first: 'Leo', role: 'Student' },
  {
    as: 'instructor',
    label: 'Instructor ID',
    value: 'INS-0001',
    panel: '/instructor',
    name: 'Maya Ito',
    first: 'Maya',
    role: 'Instructor',
  },
  {
    as: 'grandmaster',
    label: 'Grand Master ID',
    value: 'GM-0001',
    panel: '/grand-master',
    name: 'Kenji Yamada',
    first: 'Kenji',
    role: 'Grand Master',
  },
  { as: 'admin', label: 'Admin ID', value: 'ADM-0001', panel: '/admin', name: 'Aiko Mori', first: 'Aiko', role: 'Admin' },
  {
    as: 'super-admin',
    label: 'Email',
    value: 'superadmin@dojo.local',
    panel: '/control-panel',
    name: 'Sora Tanaka',
    first: 'Sora',
    role: 'Super Admin',
  },
] as const;

describe('logging in through /auth/login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const flow of FLOWS) {
    it(`the ${flow.as} flow lands ${flow.value} on ${flow.panel} with the name shown`, async () => {
      const page = await openPage(browser);
      await loginThroughForm(page, baseUrl, flow.as, { label: flow.label, value: flow.value }, DEMO_PASSWORD);
      await page.waitForURL(`${baseUrl}${flow.panel}`);
      await page.locator('[data-state="ready"]').waitFor();
      expect(await page.locator('.panel-user-name').textContent()).toBe(flow.name);
      expect(await page.locator('.panel-role').textContent()).toBe(flow.role);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Welcome, ${flow.first}`);
      const stored = await readStorage(page);
      expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(JSON.parse(stored.user ?? '{}').role).toBeTruthy();
    });
  }

  it("shows the server's 'Invalid credentials' message for a wrong password and stores nothing", async () => {
    const page = await openPage(browser, { allowHttpErrors: true });
    await loginThroughForm(page, baseUrl, 'admin', { label: 'Admin ID', value: 'ADM-0001' }, 'not-the-password');
    const alert = page.locator('form [role="alert"]');
    await expect.poll(() => alert.textContent(), POLL).toBe('Invalid credentials');
    expect(page.url()).toBe(`${baseUrl}/auth/login?as=admin`);
    expect((await readStorage(page)).token).toBeNull();
  });

  it('tells a blocked user who gives the right password why the account is suspended, and a wrong password only Invalid credentials', async () => {
    const user = await createTestUser(baseUrl, 'member', 'blocked');
    const block = await apiCall(baseUrl, `/users/${user.id}/block`, {
      method: 'PATCH',
      token: await adminToken(baseUrl),
      body: { reason: 'Unpaid fees' },
    });
    expect(block.status).toBe(200);
    const page = await openPage(browser, { allowHttpErrors: true });
    const alert = page.locator('form [role="alert"]');
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: user.email }, 'not-the-password');
    await expect.poll(() => alert.textContent(), POLL).toBe('Invalid credentials');
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: user.email }, user.password);
    await expect.poll(() => alert.textContent(), POLL).toBe('Your account has been suspended: Unpaid fees');
    expect((await readStorage(page)).token).toBeNull();
  });

  it('shows the public the email and student logins, and the staff logins behind a Staff sign-in link', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/auth/login`);
    await islandReady(page, 'form[data-ready]');
    const tabs = page.getByRole('navigation', { name: 'Ways to log in' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(['Email', 'Student ID']);
    await page.getByRole('link', { name: 'Staff sign-in' }).click();
    await page.waitForURL(`${baseUrl}/auth/login?as=instructor`);
    expect(await tabs.allTextContents()).toEqual(['Instructor ID', 'Grand Master ID', 'Admin ID', 'Super Admin']);
    await page.getByRole('link', { name: 'Admin ID' }).click();
    await page.waitForURL(`${baseUrl}/auth/login?as=admin`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Admin ID', { exact: true }).waitFor();
  });

  it('marks empty fields next to them and moves focus to the first one, without calling the server', async () => {
    const page = await openPage(browser);
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
    await page.goto(`${baseUrl}/auth/login?as=student`);
    await islandReady(page, 'form[data-ready]');
    await page.getByRole('button', { name: 'Log in' }).click();
    const id = page.getByLabel('Student ID', { exact: true });
    await expect.poll(() => id.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await id.getAttribute('aria-describedby')).toBe('login-studentId-error');
    expect(await page.locator('#login-studentId-error').textContent()).toContain('Student ID is required');
    expect(await page.locator('#login-password-error').textContent()).toContain('Password is required');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-studentId');
    expect(calls).toEqual([]);
  });

  it('sends a user to a same-site ?next= page after logging in', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/auth/login?as=admin&next=${encodeURIComponent('/admin/users')}`);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Admin ID', { exact: true }).fill('ADM-0001');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  });

  it('ships less than 90 KB of gzipped JavaScript on the login page', async () => {
    const page = await openPage(browser);
    const scripts: Promise<{ url: string; gz: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b, { level: 9 }).length })));
    });
    await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'networkidle' });
    await islandReady(page, 'form[data-ready]');
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((n, s) => n + s.gz, 0);
    console.log(
      `login page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files\n${sizes.map((s) => `  ${(s.gz / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`).join('\n')}`,
    );
    expect(sizes.length).toBeGreaterThan(0);
    // A development build (React's dev runtime) is about twice the size: that is a build problem, not the page's.
    expect(
      sizes.map((s) => s.url).filter((u) => u.includes('jsx-dev-runtime')),
      'dist/client holds a development build: run `vite build` with NODE_ENV=production',
    ).toEqual([]);
    expect(total).toBeLessThan(90 * 1024);
  });

  it('takes screenshots of the login page on desktop and at 360 px', async () => {
    const desktop = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await desktop.goto(`${baseUrl}/auth/login?as=student`);
    await islandReady(desktop, 'form[data-ready]');
    await desktop.getByRole('button', { name: 'Log in' }).click();
    await desktop.locator('#login-password-error').waitFor();
    await desktop.screenshot({ path: `${SHOTS}/login-desktop.png`, fullPage: true });

    const phone = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await phone.goto(`${baseUrl}/auth/login`);
    await islandReady(phone, 'form[data-ready]');
    await phone.screenshot({ path: `${SHOTS}/login-360.png`, fullPage: true });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
