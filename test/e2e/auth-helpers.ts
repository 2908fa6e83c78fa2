/** Shared by the auth, panel and admin-users browser tests: API shortcuts and pages that may see 4xx answers. */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';

export { DEMO_PASSWORD };

/**
 * Every test run comes from 127.0.0.1, so the per-IP login limit would be shared by all e2e files;
 * each context and API login gets its own address (workerd reads it from cf-connecting-ip).
 */
export const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.test`;

/** expect.poll waits 1 s by default; a request to the local stack can take longer on a busy machine. */
export const POLL = { timeout: 15_000, interval: 100 };

export type ApiAnswer<T = any> = { status: number; body: T };

export async function apiCall<T = any>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', 'cf-connecting-ip': init.ip ?? freshIp() };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.body !== undefined ? JSON.stringify(init.body) : null,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A token of the demo admin (admin-login with ADM-0001). */
export async function adminToken(baseUrl: string): Promise<string> {
  const { status, body } = await apiCall(baseUrl, '/auth/admin-login', { body: { adminId: 'ADM-0001', password: DEMO_PASSWORD } });
  if (status !== 200 || !body.token) throw new Error(`demo admin login failed: ${status} ${JSON.stringify(body)}`);
  return body.token as string;
}

/** A token of the demo super-admin: only they (or the recipient) read link secrets in the outbox. */
export async function superAdminToken(baseUrl: string): Promise<string> {
  const { status, body } = await apiCall(baseUrl, '/auth/super-admin', {
    body: { email: 'superadmin@dojo.local', password: DEMO_PASSWORD },
  });
  if (status !== 200 || !body.token) throw new Error(`demo super-admin login failed: ${status} ${JSON.stringify(body)}`);
  return body.token as string;
}

export type CreatedUser = { id: string; email: string; password: string; firstName: string; lastName: string };

/** A user of this test only, created through POST /api/users by the demo admin. */
export async function createTestUser(baseUrl: string, role: string, tag: string): Promise<CreatedUser> {
  const email = uniqueEmail(tag);
  const password = `Kata-${randomBytes(6).toString('hex')}`;
  const firstName = 'Test';
  const lastName = `${tag[0]?.toUpperCase() ?? 'X'}${tag.slice(1)}`;
  const { status, body } = await apiCall(baseUrl, '/users', {
    token: await adminToken(baseUrl),
    body: { email, password, role, profile: { firstName, lastName } },
  });
  if (status !== 201) throw new Error(`creating a ${role} failed: ${status} ${JSON.stringify(body)}`);
  return { id: body.data._id, email, password, firstName, lastName };
}

const EXPECTED_HTTP_ERROR = /^console\.error: Failed to load resource: the server responded with a status of (400|401|403|404|409)/;

/**
 * Like browser.ts newPage (records uncaught exceptions and console errors, fails the test on any), but
 * with its own client address, and — when a test provokes them — the browser's 4xx network notices allowed.
 */
export async function openPage(
  browser: Browser,
  opts: { allowHttpErrors?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'cf-connecting-ip': freshIp() },
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  onTestFinished(async () => {
    await context.close();
    const real = errors.filter((e) => !(opts.allowHttpErrors && EXPECTED_HTTP_ERROR.test(e)));
    if (real.length) throw new Error(`The page reported errors:\n${real.join('\n')}`);
  });
  return page;
}

/** Waits until the page's island has run its first effect (islands set data-ready then). */
export const islandReady = (page: Page, selector = '[data-ready]') =>
  page.locator(selector).first().waitFor({ state: 'attached', timeout: 15_000 });

/** Logs in through the login page's form for the given tab. */
export async function loginThroughForm(
  page: Page,
  baseUrl: string,
  as: string,
  identifier: { label: string; value: string },
  password: string,
) {
  await page.goto(`${baseUrl}/auth/login${as === 'email' ? '' : `?as=${as}`}`);
  await islandReady(page, 'form[data-ready]');
  await page.getByLabel(identifier.label, { exact: true }).fill(identifier.value);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const readStorage = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    preferences: localStorage.getItem('preferences'),
  }));

/** Leaves a login's session where the panel looks for it (the browser's local storage), as the login form does. */
export async function storeSession(page: Page, baseUrl: string, login: { body: { token?: unknown; user?: unknown } }) {
  await page.goto(`${baseUrl}/auth/login`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    [login.body.token as string, login.body.user] as const,
  );
}
