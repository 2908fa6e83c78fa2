import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, POLL } from './auth-helpers.ts';
import { adminPage, asAdmin, openScreen, screenReady, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const row = (page: Page, name: string) => page.locator(`tbody tr[data-name="${name}"]`);

async function search(page: Page, term: string) {
  await page.getByLabel('Search by title or description').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await screenReady(page);
}

describe('the admin courses screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a course (field errors first), edits it, toggles it, finds it and bulk-deletes it after confirming', async () => {
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, '/admin/courses');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Courses');
    expect(
      await page.getByRole('navigation', { name: 'Admin panel' }).getByRole('link', { name: 'Courses' }).getAttribute('aria-current'),
    ).toBe('page');
    await screenshot(page, 'admin-courses-list');

    // A missing title is caught before sending, next to the field, which gets the focus.
    await page.getByRole('link', { name: 'New course' }).click();
    await page.waitForURL(`${baseUrl}/admin/courses/new`);
    const form = page.getByRole('form', { name: 'New course' });
    await form.getByRole('button', { name: 'Create course' }).click();
    const title = form.getByLabel('Title', { exact: true });
    await expect.poll(() => title.getAttribute('aria-invalid'), POLL).toBe('true');
    const describedBy = (await title.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toContain('Title is required');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('title');
    await screenshot(page, 'admin-course-form-missing-title');

    // The server's field error (discount above price) lands next to its field too.
    const name = uniq('E2E Kata Course');
    await title.fill(name);
    await form.getByLabel('Price', { exact: true }).fill('120');
    await form.getByLabel(/^Discount price/).fill('150');
    await form.getByRole('button', { name: 'Create course' }).click();
    const discount = form.getByLabel(/^Discount price/);
    await expect.poll(() => discount.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await form.locator('.field-error').allTextContents()).toEqual(['Discount price cannot be greater than the price']);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('discountPrice');
    await screenshot(page, 'admin-course-form-errors');

    await discount.fill('99.5');
    await form.getByRole('button', { name: 'Create course' }).click();
    await page.waitForURL(`${baseUrl}/admin/courses`);
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Course created successfully');

    await search(page, name);
    await row(page, name).waitFor();
    expect(await row(page, name).getByText('$99.50').count()).toBe(1);
    expect(await row(page, name).getByText('$120.00').count()).toBe(1);
    const id = (await row(page, name).getAttribute('data-id'))!;
    const created = await asAdmin(baseUrl, `/courses/${id}`);
    expect(created.body.data).toMatchObject({ title: name, price: 120, discountPrice: 99.5, effectivePrice: 99.5, isActive: true });

    // Edit: the form starts from the stored values.
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(`${baseUrl}/admin/courses/${id}`);
    const edit = page.getByRole('form', { name: `Edit course: ${name}` });
    await edit.waitFor();
    expect(await edit.getByLabel(/^Discount price/).inputValue()).toBe('99.5');
    const renamed = `${name} (edited)`;
    await edit.getByLabel('Title', { exact: true }).fill(renamed);
    await edit.getByLabel('Highlights').fill('Heian Shodan\nBunkai');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${baseUrl}/admin/courses`);
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Course updated successfully');
    expect((await asAdmin(baseUrl, `/courses/${id}`)).body.data).toMatchObject({ title: renamed, highlights: ['Heian Shodan', 'Bunkai'] });

    // Toggle active with the API's toggle-status call: hidden from the public afterwards.
    await search(page, renamed);
    const active = page.getByRole('switch', { name: `Active: ${renamed}` });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Course deactivated successfully');
    await expect.poll(() => page.getByRole('switch', { name: `Active: ${renamed}` }).getAttribute('aria-checked'), POLL).toBe('false');
    expect((await apiCall(baseUrl, `/courses/${id}`)).status).toBe(404);

    // Bulk delete: Cancel keeps it, confirming removes it.
    await row(page, renamed)
      .getByRole('checkbox', { name: `Select ${renamed}` })
      .check();
    expect(await page.getByText('1 selected').count()).toBe(1);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 1 course?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await asAdmin(baseUrl, `/courses/${id}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 1 course?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('1 course deleted successfully');
    await page.getByText(`No courses match “${renamed}”.`).waitFor();
    expect((await asAdmin(baseUrl, `/courses/${id}`)).status).toBe(404);
  });
});

describe('the admin memberships screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a membership with plans (a plan error shows next to the plan field) and removes a plan when editing', async () => {
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, '/admin/memberships/new');
    const form = page.getByRole('form', { name: 'New membership' });
    const name = uniq('E2E Dojo Pass');
    await form.getByLabel('Name', { exact: true }).fill(name);

    const addPlan = form.getByRole('button', { name: 'Add a plan' });
    await addPlan.click();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    const plan1 = form.getByRole('group', { name: 'Plan 1' });
    await plan1.getByLabel('Plan name').fill('Monthly');
    await plan1.getByLabel('Duration (months)').fill('1');
    await plan1.getByLabel('Plan price', { exact: true }).fill('89');
    await plan1.getByLabel(/^Plan discount price/).fill('95');
    await addPlan.click();
    const plan2 = form.getByRole('group', { name: 'Plan 2' });
    await plan2.getByLabel('Plan name').fill('Annual');
    await plan2.getByLabel('Duration (months)').fill('12');
    await plan2.getByLabel('Plan price', { exact: true }).fill('890');

    await form.getByRole('button', { name: 'Create membership' }).click();
    const discount = plan1.getByLabel(/^Plan discount price/);
    await expect.poll(() => discount.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await plan1.locator('.field-error').textContent()).toBe('Plan discount price cannot be greater than the plan price');

    await discount.fill('79');
    await form.getByRole('button', { name: 'Create membership' }).click();
    await page.waitForURL(`${baseUrl}/admin/memberships`);
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Membership created successfully');
    await page.getByLabel('Search by name').fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await screenReady(page);
    const row = page.locator(`tbody tr[data-name="${name}"]`);
    expect(await row.getByText('2 plans').count()).toBe(1);
    const id = (await row.getAttribute('data-id'))!;
    const plans = (await asAdmin(baseUrl, `/memberships/${id}`)).body.data.plans as {
      name: string;
      price: number;
      discountPrice: number | null;
    }[];
    expect(plans.map((p) => [p.name, p.price, p.discountPrice])).toEqual([
      ['Monthly', 89, 79],
      ['Annual', 890, null],
    ]);

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit membership: ${name}` });
    await edit.waitFor();
    await edit.getByRole('button', { name: 'Remove plan 1' }).click();
    expect(await edit.getByRole('group', { name: 'Plan 1' }).getByLabel('Plan name').inputValue()).toBe('Annual');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Membership updated successfully');
    const after = (await asAdmin(baseUrl, `/memberships/${id}`)).body.data.plans as { name: string }[];
    expect(after.map((p) => p.name)).toEqual(['Annual']);
    expect((await asAdmin(baseUrl, `/memberships/${id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
