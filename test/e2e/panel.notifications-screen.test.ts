import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from './admin-content-helpers.ts';
import { adminToken, apiCall, createTestUser, loginThroughForm, openPage, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('the notifications screen of a panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function studentPage() {
    const student = await createTestUser(baseUrl, 'student', 'notes');
    const page = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: student.email }, student.password);
    await page.waitForURL(/\/student/, { timeout: 15_000 });
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    await page.goto(`${baseUrl}/student/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    return { student, page, token };
  }

  const reply = async (studentId: string, content: string) => {
    const res = await apiCall(baseUrl, '/messages/admin/reply', {
      token: await adminToken(baseUrl),
      body: { content, targetSpecialId: studentId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const unread = (page: Page) => page.locator('.notifications-unread').getAttribute('data-unread').then(Number);
  const bell = (page: Page) => page.locator('.bell-count').getAttribute('data-unread').then(Number);

  it('shows a reply from the school live, filters and searches, marks read and deletes', async () => {
    const { student, page, token } = await studentPage();
    await page.getByText('No notifications yet.').waitFor();
    await reply(student.id, 'Your grading is on Saturday at 10.');
    const row = page.locator('.notification-row', { hasText: 'Your grading is on Saturday at 10.' });
    await row.waitFor({ timeout: POLL.timeout });
    expect(await row.getAttribute('class')).toContain('notification-unread');
    await expect.poll(() => unread(page), POLL).toBe(1);
    await reply(student.id, 'Bring your white belt.');
    await page.locator('.notification-row', { hasText: 'Bring your white belt.' }).waitFor({ timeout: POLL.timeout });
    await screenshot(page, 'notifications-screen-360');

    // Search goes to the server only when it is not blank.
    const searches: string[] = [];
    page.on('request', (r) => r.url().includes('/api/notifications/my') && searches.push(new URL(r.url()).search));
    await page.getByLabel('Search').fill('   ');
    await page.getByLabel('Status').selectOption('false');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => searches.length, POLL).toBeGreaterThan(0);
    expect(searches.at(-1)).toContain('read=false');
    expect(searches.at(-1)).not.toContain('search');
    await page.getByLabel('Search').fill('belt');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => page.locator('.notification-row').count(), POLL).toBe(1);
    expect(searches.at(-1)).toContain('search=belt');

    // Mark read, then delete: the count follows, the server agrees.
    const belt = page.locator('.notification-row', { hasText: 'Bring your white belt.' });
    await belt.getByRole('button', { name: /^Mark read/ }).click();
    await expect.poll(() => unread(page), POLL).toBe(1);
    // The bell follows the screen.
    await expect.poll(() => bell(page), POLL).toBe(1);
    await belt.getByRole('button', { name: /^Delete/ }).click();
    await expect.poll(() => page.locator('.notification-row').count(), POLL).toBe(0);
    const left = await apiCall(baseUrl, '/notifications/my', { token });
    expect(left.body.data.map((n: { body: string }) => n.body)).toEqual(['Your grading is on Saturday at 10.']);
    await page.close();
  });

  it('saves the preferences at once: muting messages is kept by the server', async () => {
    const { page, token } = await studentPage();
    const box = page.getByLabel('Messages from the school');
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await expect
      .poll(async () => (await apiCall(baseUrl, '/notifications/preferences', { token })).body.data.mutedTypes, POLL)
      .toEqual(['message']);
    await page.reload();
    await page.getByLabel('Messages from the school').waitFor();
    expect(await page.getByLabel('Messages from the school').isChecked()).toBe(false);
    await page.close();
  });

  it('the bell links to the screen', async () => {
    const { page } = await studentPage();
    await page.goto(`${baseUrl}/student`);
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByRole('link', { name: 'See all notifications and settings' }).click();
    await page.waitForURL(/\/student\/notifications$/);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.close();
  });

  it('a reply read on the messages screen leaves the bell: its notification is marked read with it', async () => {
    const { student, page } = await studentPage();
    await page.goto(`${baseUrl}/student/messages`);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const before = await bell(page);
    await reply(student.id, 'See you at the grading.');
    await page.getByText('See you at the grading.').waitFor({ timeout: POLL.timeout });
    // The reply arrives with its notification; the open conversation reads both.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const noteOf = async () =>
      (await apiCall(baseUrl, '/notifications/my', { token })).body.data.find(
        (n: { body: string }) => n.body === 'See you at the grading.',
      );
    await expect.poll(async () => (await noteOf())?.read, POLL).toBe(true);
    expect(await noteOf()).toMatchObject({ eventType: 'new_reply' });
    await expect.poll(() => bell(page), POLL).toBe(before);
    await page.close();
  });
});
