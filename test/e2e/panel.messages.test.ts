import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { adminPage, asAdmin, openScreen, uniq } from './admin-content-helpers.ts';
import { apiCall, type CreatedUser, createTestUser, freshIp, POLL, storeSession } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

/** A page signed in as `who`; errors fail the test except the browser's notice of a status a test provoked. */
async function userPage(browser: Browser, who: CreatedUser, allow: RegExp[] = []): Promise<{ page: Page; token: string }> {
  const ip = freshIp();
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: who.email, password: who.password }, ip });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  // page.route cannot see what a service worker fetches, and these tests stub the API there: no worker (test/e2e/offline.test.ts tests it).
  const context = await browser.newContext({
    extraHTTPHeaders: { 'cf-connecting-ip': ip },
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console.error: ${msg.text()}`));
  onTestFinished(async () => {
    await context.close();
    const real = errors.filter((e) => !allow.some((re) => re.test(e)));
    if (real.length) throw new Error(`The page reported errors:\n${real.join('\n')}`);
  });
  await storeSession(page, baseUrl, login);
  return { page, token: login.body.token as string };
}

const connected = (page: Page) => page.locator('.msg-live[data-status="connected"]').waitFor({ state: 'attached', timeout: 15_000 });
const thread = (page: Page) => page.locator('ol.msg-thread');
const composer = (page: Page, label: RegExp) => page.getByLabel(label);

/** How many messages of this content the student's conversation holds on the server. */
async function savedCopies(token: string, content: string) {
  const res = await apiCall(baseUrl, '/messages/conversation', { token });
  return (res.body.data as { content: string }[]).filter((m) => m.content === content).length;
}

describe('messages between a student and the school, live in two browsers', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows typing on both sides, delivers the message to the inbox with a badge and the reply to the student, without reloads', async () => {
    const student = await createTestUser(baseUrl, 'student', 'chatter');
    const { page: me } = await userPage(browser, student);
    await openScreen(me, baseUrl, '/student/messages');
    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, '/admin/messages');
    await Promise.all([connected(me), connected(admin)]);
    const row = admin.locator(`li[data-user="${student.id}"]`);
    await row.waitFor();
    expect(await row.locator('.msg-unread').count()).toBe(0);

    await composer(me, /Message to the school/).pressSequentially('Osu', { delay: 20 });
    await row.getByText('typing…').waitFor({ timeout: 10_000 });

    const question = uniq('May I bring a friend to the Saturday class?');
    await composer(me, /Message to the school/).fill(question);
    await composer(me, /Message to the school/).press('Enter');
    await thread(me).getByText(question).waitFor();
    await expect.poll(() => row.locator('.msg-unread').getAttribute('data-unread'), POLL).toBe('1');

    await row.getByRole('link').click();
    await admin.waitForURL(new RegExp(`/admin/messages/${student.id}$`));
    await thread(admin).getByText(question).waitFor();
    await expect.poll(() => row.locator('.msg-unread').count(), POLL).toBe(0);
    await expect.poll(() => me.locator('.msg-mine', { hasText: question }).textContent(), POLL).toContain('Seen');

    const reply = composer(admin, /Reply to Test Chatter/);
    await reply.pressSequentially('Yes', { delay: 20 });
    await me.getByText('The school is typing…').waitFor({ timeout: 10_000 });
    const answer = uniq('Of course, bring them at 10:00.');
    await reply.fill(answer);
    await reply.press('Enter');
    await thread(me).getByText(answer).waitFor();
    await expect.poll(() => me.locator('.msg-typing').textContent(), POLL).toBe('');
    expect(await thread(admin).getByText(answer).count()).toBe(1);
  });

  it("brings the school's broadcast to the student live, shown as an announcement", async () => {
    const student = await createTestUser(baseUrl, 'student', 'listener');
    const { page: me } = await userPage(browser, student);
    await openScreen(me, baseUrl, '/student/messages');
    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, '/admin/messages');
    await connected(me);

    const news = uniq('Grading moves to Sunday.');
    await admin.getByRole('button', { name: 'Broadcast' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Broadcast to the school' });
    await dialog.getByLabel('Announcement').fill(news);
    expect(await dialog.getByLabel('Everyone').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Priority').inputValue()).toBe('high');
    await dialog.getByRole('button', { name: 'Send broadcast' }).click();
    await expect.poll(() => admin.locator('.form-status').first().textContent(), POLL).toMatch(/^Broadcast sent to \d+ people$/);

    const shown = me.locator('.msg-broadcast', { hasText: news });
    await shown.waitFor({ timeout: 15_000 });
    expect(await shown.locator('.msg-from').textContent()).toBe('Announcement from the school');
  });

  it("refuses a second send while the first is in flight with 'Already sending', leaving one message", async () => {
    const student = await createTestUser(baseUrl, 'student', 'hasty');
    const { page: me, token } = await userPage(browser, student);
    // The first send is held in flight until the test has seen the second one refused.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await me.route('**/api/messages/send', async (route) => {
      await held;
      await route.continue();
    });
    await openScreen(me, baseUrl, '/student/messages');
    const text = uniq('Twice by accident');
    const box = composer(me, /Message to the school/);
    await box.fill(text);
    await box.press('Enter');
    // The button stays clickable (aria-disabled) so that a double click meets the guard; dispatch skips Playwright's wait.
    await me.getByRole('button', { name: 'Sending…' }).dispatchEvent('click');
    await box.press('Enter');
    await expect.poll(() => me.locator('.msg-notice').textContent(), POLL).toBe('Already sending');
    release();
    await expect.poll(() => me.locator('.msg-mine:not(.msg-pending)', { hasText: text }).count(), POLL).toBe(1);
    expect(await thread(me).getByText(text).count()).toBe(1);
    expect(await savedCopies(token, text)).toBe(1);
  });

  it("says 'Failed to send message' when the server fails or answers success: false, and gives the text back", async () => {
    const student = await createTestUser(baseUrl, 'student', 'unlucky');
    const { page: me, token } = await userPage(browser, student, [/status of 500/]);
    let answer: { status: number; body: string } = { status: 500, body: '' };
    await me.route('**/api/messages/send', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    );
    await openScreen(me, baseUrl, '/student/messages');
    const box = composer(me, /Message to the school/);
    const text = uniq('This one will not arrive');
    await box.fill(text);
    await box.press('Enter');
    const alert = me.locator('.msg-failure');
    await expect.poll(() => alert.textContent(), POLL).toBe('Send Failed. Failed to send message: HTTP 500 Internal Server Error');
    expect(await box.inputValue()).toBe(text);
    expect(await thread(me).getByText(text).count()).toBe(0);

    answer = { status: 200, body: JSON.stringify({ success: false }) };
    await box.press('Enter');
    await expect.poll(() => alert.textContent(), POLL).toBe('Send Failed. Failed to send message: Server returned success: false');
    answer = { status: 201, body: JSON.stringify({ success: true, data: { nothing: true } }) };
    await box.press('Enter');
    await expect.poll(() => alert.textContent(), POLL).toBe('Send Failed. Failed to send message: Invalid response structure');
    expect(await savedCopies(token, text)).toBe(0);
  });

  it('opens a conversation from a deep link by identifier, reads it, and deletes a chosen message after confirming', async () => {
    const student = await createTestUser(baseUrl, 'student', 'linked');
    const login = await apiCall(baseUrl, '/auth/login', { body: { email: student.email, password: student.password } });
    const first = uniq('First question');
    const second = uniq('Second question');
    for (const content of [first, second])
      expect((await apiCall(baseUrl, '/messages/send', { token: login.body.token, body: { content } })).status).toBe(201);
    const found = await asAdmin(baseUrl, `/messages/users?search=${encodeURIComponent(student.email)}`);
    const specialId = found.body.data[0].specialId as string;
    expect(found.body.data[0].unreadCount).toBe(2);

    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, `/admin/messages/${specialId}`);
    await thread(admin).getByText(second).waitFor();
    expect(await admin.locator('#msg-thread-title').textContent()).toBe('Test Linked');
    await expect
      .poll(
        async () => (await asAdmin(baseUrl, `/messages/users?search=${encodeURIComponent(student.email)}`)).body.data[0].unreadCount,
        POLL,
      )
      .toBe(0);

    await admin
      .getByRole('checkbox', { name: /^Select message from Test Linked/ })
      .first()
      .check();
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete 1 message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => thread(admin).getByText(first).count(), POLL).toBe(0);
    expect(await thread(admin).getByText(second).count()).toBe(1);
    expect(await savedCopies(login.body.token, first)).toBe(0);
    expect(await savedCopies(login.body.token, second)).toBe(1);
  });

  it("says 'Failed to mark messages as read', 'Unable to load conversation: …' and 'No conversation data received'", async () => {
    const student = await createTestUser(baseUrl, 'student', 'offline');
    const answer = uniq('Here is your answer');
    expect((await asAdmin(baseUrl, '/messages/admin/reply', { body: { content: answer, targetSpecialId: student.id } })).status).toBe(201);
    const { page: me } = await userPage(browser, student, [/status of 500/]);
    await me.route('**/api/messages/mark-read', (route) => route.fulfill({ status: 500, body: '' }));
    await openScreen(me, baseUrl, '/student/messages');
    await expect.poll(() => me.locator('.msg-mark-problem').textContent(), POLL).toBe('Failed to mark messages as read');
    expect(await me.locator('.msg-theirs', { hasText: answer }).locator('.msg-new').count()).toBe(1);

    let reply: { status: number; body: string } = { status: 500, body: '' };
    await me.route(
      (url) => url.pathname === '/api/messages/conversation',
      (route) => route.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body }),
    );
    await openScreen(me, baseUrl, '/student/messages');
    await expect
      .poll(() => me.locator('.form-alert').first().textContent(), POLL)
      .toBe('Unable to load conversation: HTTP 500 Internal Server Error');
    reply = { status: 200, body: JSON.stringify({ success: true }) };
    await openScreen(me, baseUrl, '/student/messages');
    await expect.poll(() => me.locator('.form-alert').first().textContent(), POLL).toBe('No conversation data received');
  });
});
