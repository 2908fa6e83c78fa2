import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, DEMO_PASSWORD, loginThroughForm, openPage, uniqueEmail, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

async function openUsersScreen(page: Page) {
  await loginThroughForm(page, baseUrl, 'admin', { label: 'Admin ID', value: 'ADM-0001' }, DEMO_PASSWORD);
  await page.waitForURL(`${baseUrl}/admin`);
  await page.locator('[data-state="ready"]').waitFor();
  await page.getByRole('link', { name: 'Manage users' }).click();
  await page.waitForURL(`${baseUrl}/admin/users`);
  await page.locator('.users-screen[data-loaded]').waitFor();
}

async function search(page: Page, term: string) {
  await page.getByLabel('Search by name, email or ID').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const row = (page: Page, email: string) => page.locator(`tr[data-user-email="${email}"]`);
const status = (page: Page) => page.locator('.users-screen > .form-status[role="status"]');

describe('the admin users screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a one-character search with the spec message next to the field', async () => {
    const page = await openPage(browser);
    await openUsersScreen(page);
    await search(page, 'a');
    const input = page.getByLabel('Search by name, email or ID');
    await expect
      .poll(() => page.locator('#users-search-error').textContent(), POLL)
      .toContain('Search term must be at least 2 characters long');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('users-search');
  });

  it('finds the demo accounts by search and by role filter', async () => {
    const page = await openPage(browser);
    await openUsersScreen(page);
    // '@dojo.local': the six demo accounts, not the demo school's class members (@members.dojo.local).
    await search(page, '@dojo.local');
    await row(page, 'grandmaster@dojo.local').waitFor();
    await page.getByRole('search').getByLabel('Role').selectOption('instructor');
    await page.locator('tbody tr').first().waitFor();
    await expect
      .poll(async () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user-email'))))
      .toContain('instructor@dojo.local');
    // The unfiltered list holds the instructor too: only the grandmaster's going shows that the filter applied.
    await expect.poll(() => row(page, 'grandmaster@dojo.local').count(), POLL).toBe(0);
  });

  it('creates a user, finds it, blocks it (its login fails), unblocks it and deletes it after confirming', async () => {
    const page = await openPage(browser);
    await openUsersScreen(page);
    const email = uniqueEmail('managed');
    const password = 'Tsuki-Zuki-Punch-7';

    await page.getByText('Create a user').click();
    const create = page.getByRole('form', { name: 'Create a user' });
    await create.getByLabel('First name').fill('Hana');
    await create.getByLabel('Last name').fill('Sato');
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('Password').fill(password);
    await create.getByLabel('Role').selectOption('student');
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => status(page).textContent(), POLL).toBe('User created successfully');

    await search(page, email);
    await row(page, email).waitFor();
    expect(await row(page, email).locator('th').textContent()).toBe('Hana Sato');
    expect(await row(page, email).getByText('Active').count()).toBe(1);

    await page.getByRole('button', { name: `Block ${email}` }).click();
    const blockDialog = page.getByRole('dialog', { name: `Block ${email}?` });
    await blockDialog.waitFor();
    await blockDialog.getByLabel(/Reason/).fill('Unpaid fees (e2e)');
    await blockDialog.getByRole('button', { name: 'Block user' }).click();
    await expect.poll(() => status(page).textContent(), POLL).toBe('User blocked successfully');
    await row(page, email).getByText('Blocked').waitFor();
    const blocked = await apiCall(baseUrl, '/auth/login', { body: { email, password } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('Your account has been suspended: Unpaid fees (e2e)');

    await page.getByRole('button', { name: `Unblock ${email}` }).click();
    await expect.poll(() => status(page).textContent(), POLL).toBe('User unblocked successfully');
    await row(page, email).getByText('Active').waitFor();
    expect((await apiCall(baseUrl, '/auth/login', { body: { email, password } })).status).toBe(200);

    await page.getByRole('button', { name: `Delete ${email}` }).click();
    const deleteDialog = page.getByRole('dialog', { name: `Delete ${email}?` });
    await deleteDialog.waitFor();
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await deleteDialog.waitFor({ state: 'detached' });
    expect(await row(page, email).count()).toBe(1);

    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${email}?` })
      .getByRole('button', { name: 'Delete user' })
      .click();
    await expect.poll(() => status(page).textContent(), POLL).toBe('User deleted successfully');
    await page.getByText(`No users match “${email}”.`).waitFor();
    expect((await apiCall(baseUrl, '/auth/login', { body: { email, password } })).status).toBe(401);
  });

  it('closes the block dialog with Escape and returns focus to the button that opened it', async () => {
    const page = await openPage(browser);
    await openUsersScreen(page);
    await search(page, 'member@dojo.local');
    const open = page.getByRole('button', { name: 'Block member@dojo.local' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Block member@dojo.local?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('block-reason');
    await page.screenshot({ path: '.tmp/screenshots/admin-users-block-dialog.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Block member@dojo.local');
  });

  it('shows the users as a table with an open create form at 1280 px, and each user as a card that fits at 360 px', async () => {
    /** Where the first user's name and e-mail sit, and how wide the page is. */
    const layout = (page: Page) =>
      page
        .locator('tbody tr')
        .first()
        .evaluate((tr) => {
          const [name, email] = [tr.querySelector('th')!, tr.querySelector('td[data-label="Email"]')!].map((el) =>
            el.getBoundingClientRect(),
          );
          const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
          return {
            sameLine: name!.top === email!.top,
            stacked: email!.top > name!.top && email!.left === name!.left,
            right: tr.getBoundingClientRect().right,
            overflow,
          };
        });

    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await openUsersScreen(page);
    await page.getByText('Create a user').click();
    const form = page.getByRole('form', { name: 'Create a user' });
    for (const field of ['First name', 'Last name', 'Email', 'Password', 'Role']) {
      expect(await form.getByLabel(field, { exact: true }).isVisible(), field).toBe(true);
    }
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Name', 'Email', 'Role', 'Login ID', 'Status']),
    );
    expect(await page.getByRole('columnheader', { name: 'Email' }).isVisible()).toBe(true);
    expect(await layout(page)).toMatchObject({ sameLine: true, overflow: 0 });
    await page.screenshot({ path: '.tmp/screenshots/admin-users.png', fullPage: true });

    const phone = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await openUsersScreen(phone);
    // The column names are clipped away (left for screen readers) …
    expect(await phone.getByRole('table').locator('thead').boundingBox()).toMatchObject({ width: 1, height: 1 });
    const card = await layout(phone);
    expect(card).toMatchObject({ stacked: true, overflow: 0 });
    expect(card.right).toBeLessThanOrEqual(360);
    // … and each value carries its column's name in the card.
    const label = await phone
      .locator('tbody tr td[data-label="Email"]')
      .first()
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Email: "');
    await phone.screenshot({ path: '.tmp/screenshots/admin-users-360.png', fullPage: true });
  });
});
