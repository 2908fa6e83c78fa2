import type { Browser, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { apiCall, type CreatedUser, freshIp, storeSession } from './auth-helpers.ts';

/**
 * A page signed in as `who` (token and user in localStorage, as the login form leaves them) on `path`
 * (their panel), once the service worker controls it. Offline the browser logs every refused request as
 * a console error, so only uncaught exceptions fail the test.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  who: CreatedUser,
  { width, serviceWorker = true, path = '/student' }: { width: number; serviceWorker?: boolean; path?: string },
): Promise<{ page: Page; token: string }> {
  const ip = freshIp();
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: who.email, password: who.password }, ip });
  expect(login.status).toBe(200);
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': ip }, viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  onTestFinished(async () => {
    await context.close();
    if (errors.length) throw new Error(`The page threw:\n${errors.join('\n')}`);
  });
  await storeSession(page, baseUrl, login);
  await page.goto(`${baseUrl}${path}`);
  if (serviceWorker) {
    // Installing precaches the site's files: wait until the worker is active, however long a loaded machine takes.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // An active worker controls every page loaded after it; this one only if its claim won a race (a clean-clone run lost it).
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  }
  return { page, token: login.body.token as string };
}
