import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, createTestUser, DEMO_PASSWORD, loginThroughForm, openPage, POLL, superAdminToken } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

async function asSuperAdmin(page: Page) {
  await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: 'superadmin@dojo.local' }, DEMO_PASSWORD);
  await page.waitForURL(`${baseUrl}/control-panel`);
  await page.locator('[data-state="ready"]').waitFor();
}

const notice = (page: Page) => page.locator('.user-page > .form-status[role="status"]');

describe('the user page and the audit log (issue 23.5, 23.3)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens a user from the list, changes the grade, sends a reset e-mail, and the audit log shows both, filterable', async () => {
    const student = await createTestUser(baseUrl, 'student', 'userpage');
    const page = await openPage(browser);
    await asSuperAdmin(page);
    await page.goto(`${baseUrl}/control-panel/users`);
    await page.locator('.users-screen[data-loaded]').waitFor();
    await page.getByLabel('Search by name, email or ID').fill(student.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator(`tr[data-user-email="${student.email}"] th a`).click();
    await page.waitForURL(`${baseUrl}/control-panel/users/${student.id}`);
    await page.locator('.user-page[data-loaded]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`${student.firstName} ${student.lastName}`);

    await page.locator('#user-grade').fill('Orange belt');
    await page.getByRole('button', { name: 'Save role and grade' }).click();
    await expect.poll(() => notice(page).textContent(), POLL).toBe('User updated successfully');
    await expect.poll(() => page.locator('.facts').textContent(), POLL).toContain('Orange belt');

    await page.getByRole('button', { name: 'Send password reset e-mail' }).click();
    await expect.poll(() => notice(page).textContent(), POLL).toBe(`A password reset link has been sent to ${student.email}`);
    const outbox = await apiCall(baseUrl, `/admin/outbox?to=${encodeURIComponent(student.email)}`, {
      token: await superAdminToken(baseUrl),
    });
    expect(outbox.body.data.map((m: { subject: string }) => m.subject)).toContain('Reset your password');

    // The page's own audit section, then the control panel's screen, filtered by method.
    await expect.poll(() => page.locator('#user-audit-caption ~ tbody tr, table.audit-table tbody tr').count(), POLL).toBe(2);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.locator('.admin-audit[data-ready]').waitFor();
    await page.getByLabel('Search', { exact: true }).fill(student.id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('table.audit-table tbody tr').count(), POLL).toBe(2);
    await page.getByLabel('Method').selectOption('POST');
    await expect
      .poll(() => page.locator('table.audit-table tbody tr .audit-summary').allTextContents(), POLL)
      .toEqual(['users: password-reset']);
  });

  it('two open pages of a student (panel and public) say the school suspended them, with the reason, then go to the login page', async () => {
    const student = await createTestUser(baseUrl, 'student', 'ended');
    const panel = await openPage(browser, { allowHttpErrors: true });
    await loginThroughForm(panel, baseUrl, 'email', { label: 'Email', value: student.email }, student.password);
    await panel.waitForURL(`${baseUrl}/student`);
    await panel.locator('[data-state="ready"]').waitFor();
    // The same person's public page, in a second tab of the same browser.
    // What the page said is kept across its move to the login page, so the check does not race the 3 s redirect.
    await panel.context().addInitScript(() => {
      new MutationObserver(() => {
        const said = document.querySelector('[role="alert"].session-ended')?.textContent;
        if (said) sessionStorage.setItem('said', said);
      }).observe(document, { childList: true, subtree: true });
    });
    const site = await panel.context().newPage();
    await site.goto(`${baseUrl}/about`);
    await expect.poll(() => site.locator('[data-account-link]').first().textContent(), POLL).toBe(student.firstName);
    // The panel's socket is up before the school acts.
    await expect.poll(() => panel.evaluate(() => !!document.querySelector('[data-ready]')), POLL).toBe(true);
    await panel.waitForTimeout(1000);

    const reason = 'Dues unpaid since October';
    const admin = await superAdminToken(baseUrl);
    const blocked = await apiCall(baseUrl, `/users/${student.id}/block`, { method: 'PATCH', token: admin, body: { reason } });
    expect(blocked.status).toBe(200);
    const said = `Your account was suspended by the school: ${reason}`;
    const started = Date.now();
    await expect.poll(() => panel.locator('[data-session-ended]').textContent(), { timeout: 5000, interval: 50 }).toBe(said);
    expect(Date.now() - started).toBeLessThan(5000);
    // The public page checks when the panel tab forgets the session (storage), when it is shown or focused, and every 20 s.
    await site.bringToFront();
    await site.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => site.evaluate(() => sessionStorage.getItem('said')), POLL).toBe(said);
    await panel.waitForURL(`${baseUrl}/auth/login`, { timeout: 10_000 });
    await site.waitForURL(`${baseUrl}/auth/login`, { timeout: 10_000 });
    expect(await site.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
