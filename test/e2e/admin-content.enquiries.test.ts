import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, POLL } from './auth-helpers.ts';
import { adminPage, asAdmin, openScreen, screenReady, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const row = (page: Page, subject: string) => page.locator(`tbody tr[data-subject="${subject}"]`);
const tab = (page: Page, status: string) =>
  page.getByRole('group', { name: 'Show enquiries by status' }).getByRole('button', { name: new RegExp(`^${status}`) });
const count = async (page: Page, status: string) => Number(await page.locator(`[data-status-count="${status}"]`).textContent());

async function submitEnquiry(subject: string) {
  const res = await apiCall(baseUrl, '/enquiries', {
    body: {
      name: 'Mei Tanaka',
      email: 'mei.tanaka@example.test',
      phone: '+1 604 555 0199',
      subject,
      message: 'Do you offer a trial class for adults on weekday evenings?',
    },
  });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

describe('the enquiry inbox', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a new enquiry under New, marks it Contacted with notes, then Resolved, and deletes it after confirming', async () => {
    const subject = uniq('Trial class');
    const id = await submitEnquiry(subject);
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/enquiries');

    expect(await tab(page, 'New').getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Search by name, email, subject or message').fill(subject);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await screenReady(page);
    await row(page, subject).waitFor();
    expect(await row(page, subject).getByText('New', { exact: true }).count()).toBe(1);
    const stats = (await asAdmin(baseUrl, '/enquiries/stats')).body.stats;
    expect(await count(page, 'New')).toBe(stats.byStatus.New);
    expect(await count(page, 'all')).toBe(stats.total);
    await screenshot(page, 'admin-enquiry-inbox');

    await row(page, subject).getByRole('link', { name: subject }).click();
    await page.waitForURL(`${baseUrl}/admin/enquiries/${id}`);
    await screenReady(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(subject);
    expect(await page.getByText('Do you offer a trial class for adults on weekday evenings?').count()).toBe(1);

    await page.getByLabel(/^Admin notes/).fill('Called back, trial booked for Tuesday 6 pm.');
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Enquiry marked as contacted');
    await page.locator('.enquiry-detail[data-status="Contacted"]').waitFor();
    expect(await page.getByRole('button', { name: 'Mark as contacted' }).count()).toBe(0);
    const contacted = (await asAdmin(baseUrl, `/enquiries/${id}`)).body.data;
    expect(contacted).toMatchObject({ status: 'Contacted', adminNotes: 'Called back, trial booked for Tuesday 6 pm.' });
    expect(contacted.contactedAt).toBeTruthy();

    await page.getByLabel(/^Admin notes/).fill('Came to the trial, joined the adult class.');
    await page.getByRole('button', { name: 'Mark as resolved' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Enquiry marked as resolved');
    await page.locator('.enquiry-detail[data-status="Resolved"]').waitFor();
    expect((await asAdmin(baseUrl, `/enquiries/${id}`)).body.data).toMatchObject({
      status: 'Resolved',
      adminNotes: 'Came to the trial, joined the adult class.',
    });

    await page.getByRole('link', { name: '← Enquiries' }).click();
    await page.waitForURL(`${baseUrl}/admin/enquiries`);
    await screenReady(page);
    await tab(page, 'Resolved').click();
    await screenReady(page);
    expect(await tab(page, 'Resolved').getAttribute('aria-pressed')).toBe('true');
    await row(page, subject).waitFor();
    await tab(page, 'New').click();
    // The click may land before the screen marks itself loading: wait for the tab, then for the list to follow.
    await expect.poll(() => tab(page, 'New').getAttribute('aria-pressed'), POLL).toBe('true');
    await screenReady(page);
    await expect.poll(() => row(page, subject).count(), POLL).toBe(0);

    await tab(page, 'Resolved').click();
    await screenReady(page);
    await row(page, subject).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 1 enquiry?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('1 enquiry deleted successfully');
    expect((await asAdmin(baseUrl, `/enquiries/${id}`)).status).toBe(404);
  });
});
