import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPage, openScreen, screenReady } from './admin-content-helpers.ts';
import { adminToken, apiCall, createTestUser, POLL, type CreatedUser } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

/** A tag both users of one test carry in their e-mail, so one search finds exactly them. */
const tag = () => `mail${randomBytes(3).toString('hex')}`;

type OutboxMail = { to: string; subject: string; text: string; kind: string };

/** What the local mailer stored for this address (GET /api/admin/outbox?to=…), admin e-mails only. */
async function mailsTo(email: string, subject: string): Promise<OutboxMail[]> {
  const { status, body } = await apiCall(baseUrl, `/admin/outbox?to=${encodeURIComponent(email)}`, { token: await adminToken(baseUrl) });
  expect(status).toBe(200);
  return (body.data as OutboxMail[]).filter((m) => m.kind === 'admin-email' && m.subject === subject);
}

async function openEmailScreen(browser: Browser) {
  const { page } = await adminPage(browser, baseUrl);
  await openScreen(page, baseUrl, '/admin/email');
  return page;
}

async function search(page: Page, term: string, expected: readonly CreatedUser[]) {
  await page.getByLabel('Search by name, e-mail or ID').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await screenReady(page);
  await expect
    .poll(() => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user-email')).sort()), POLL)
    .toEqual(expected.map((u) => u.email).sort());
}

/** Every call the screen makes to the send endpoints. */
function sendCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/admin\/email\/send/.test(req.url())) calls.push(req.url());
  });
  return calls;
}

/** `n` users of this test only, sharing `t` in their e-mail, created with one admin token, five at a time. */
async function createUsers(n: number, t: string): Promise<string[]> {
  const token = await adminToken(baseUrl);
  const emails: string[] = [];
  for (let i = 0; i < n; i += 5) {
    const batch = Array.from({ length: Math.min(5, n - i) }, (_, k) => `e2e-${t}-${i + k}@example.test`);
    const answers = await Promise.all(
      batch.map((email) =>
        apiCall(baseUrl, '/users', {
          token,
          body: { email, password: `Kata-${t}-pass`, role: 'student', profile: { firstName: 'Page', lastName: t } },
        }),
      ),
    );
    for (const a of answers) expect(a.status).toBe(201);
    emails.push(...batch);
  }
  return emails;
}

/**
 * Resolves once every request the page started before now has reached `page.on('request')`: the browser
 * reports requests in the order it starts them, and this one starts last.
 */
const requestsSeen = (page: Page) => page.evaluate(() => fetch('/api/health').then((res) => res.status));

const selectedCount = (page: Page) => page.locator('[data-selected-count]').textContent();

describe('the admin e-mail screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds two new users, sends them one e-mail after confirming the count, reports "2 sent", and the outbox holds a copy for each', async () => {
    const t = tag();
    const users = [await createTestUser(baseUrl, 'student', t), await createTestUser(baseUrl, 'member', t)];
    const page = await openEmailScreen(browser);
    const calls = sendCalls(page);
    await search(page, t, users);

    await page.getByLabel('Select all on this page').check();
    await expect.poll(() => selectedCount(page), POLL).toBe('2 selected');
    const subject = `Grading on Saturday ${t}`;
    const message = 'Dear students,\n\nThe next grading is on Saturday at 10:00. Bring your belt.\n\nOsu!';
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send to the 2 selected' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send this e-mail to 2 users?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send to 2 users' }).click();

    const result = page.getByRole('region', { name: /^E-mail sent/ });
    await result.waitFor();
    expect(await result.locator('.email-result-counts').textContent()).toBe('2 sent · 0 failed · 0 not found');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('email-result'))).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/\/send-bulk$/);
    for (const u of users) {
      const mails = await mailsTo(u.email, subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toBe(message);
    }
    // Done: the choice and the draft are cleared, so the same e-mail is not sent twice by accident.
    expect(await selectedCount(page)).toBe('No recipients selected yet');
    expect(await page.getByLabel('Subject').inputValue()).toBe('');
  });

  it('refuses an empty subject with the API message next to the field, focuses it and sends nothing', async () => {
    const t = tag();
    const user = await createTestUser(baseUrl, 'student', t);
    const page = await openEmailScreen(browser);
    const calls = sendCalls(page);
    await search(page, t, [user]);
    await page.getByLabel(`Select Test ${user.lastName} (${user.email})`).check();
    await page.getByLabel('Subject').fill('   ');
    await page.getByLabel('Message').fill('A message without a subject');
    await page.getByRole('button', { name: `Send to Test ${user.lastName}` }).click();

    await expect.poll(() => page.locator('#email-subject-error').textContent(), POLL).toContain('Subject is required');
    expect(await page.getByLabel('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('email-subject');
    expect(await page.locator('#email-message-error').count()).toBe(0);
    await requestsSeen(page);
    expect(calls).toEqual([]);
    const { body } = await apiCall(baseUrl, `/admin/outbox?to=${encodeURIComponent(user.email)}`, { token: await adminToken(baseUrl) });
    expect((body.data as OutboxMail[]).filter((m) => m.kind === 'admin-email')).toEqual([]);
  });

  it('sends once when Send is double-clicked', async () => {
    const t = tag();
    const user = await createTestUser(baseUrl, 'student', t);
    const page = await openEmailScreen(browser);
    const calls = sendCalls(page);
    await search(page, t, [user]);
    await page.getByLabel(`Select Test ${user.lastName} (${user.email})`).check();
    const subject = `Class cancelled ${t}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('No class tonight: the hall is closed.');
    await page.getByRole('button', { name: `Send to Test ${user.lastName}` }).dblclick();

    const result = page.getByRole('region', { name: /^E-mail sent/ });
    await result.waitFor();
    expect(await result.locator('.email-result-counts').textContent()).toBe('1 sent · 0 failed · 0 not found');
    await requestsSeen(page);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/\/send$/);
    expect(await mailsTo(user.email, subject)).toHaveLength(1);
  });

  it('keeps the selection across pages of 20, says how many are chosen and clears them; a blank search is not sent', async () => {
    const t = tag();
    await createUsers(21, t);
    const { page } = await adminPage(browser, baseUrl);
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/admin/email/users')) bodies.push(req.postDataJSON() as Record<string, unknown>);
    });
    await openScreen(page, baseUrl, '/admin/email');
    expect(bodies[0]).toEqual({ page: 1, limit: 20 });

    await page.getByLabel('Search by name, e-mail or ID').fill(`  ${t} `);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const pager = page.getByRole('navigation', { name: 'Pages of users' });
    await expect.poll(() => pager.locator('span').textContent(), POLL).toBe('Page 1 of 2 · 21 users');
    expect(bodies.at(-1)).toEqual({ page: 1, limit: 20, search: t });

    await page.getByLabel('Select all on this page').check();
    await expect.poll(() => selectedCount(page), POLL).toBe('20 selected');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.locator('span').textContent(), POLL).toBe('Page 2 of 2 · 21 users');
    await screenReady(page);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr input[type="checkbox"]').check();
    await expect.poll(() => selectedCount(page), POLL).toBe('21 selected');
    expect(await page.getByRole('button', { name: 'Send to the 21 selected' }).count()).toBe(1);

    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => pager.locator('span').textContent(), POLL).toBe('Page 1 of 2 · 21 users');
    await screenReady(page);
    expect(await page.getByLabel('Select all on this page').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    expect(await selectedCount(page)).toBe('No recipients selected yet');
    expect(await page.locator('tbody input[type="checkbox"]:checked').count()).toBe(0);
  });

  it('names a deactivated account as skipped (not found) while the others are sent', async () => {
    const t = tag();
    const [active, gone] = [await createTestUser(baseUrl, 'student', t), await createTestUser(baseUrl, 'student', t)];
    if (!active || !gone) throw new Error('users not created');
    const page = await openEmailScreen(browser);
    await search(page, t, [active, gone]);
    await page.getByLabel('Select all on this page').check();
    // Deactivated after it was listed and chosen: the server skips it at send time.
    const login = await apiCall(baseUrl, '/auth/login', { body: { email: gone.email, password: gone.password } });
    expect(login.status).toBe(200);
    const off = await apiCall(baseUrl, '/auth/deactivate', { token: login.body.token, body: { password: gone.password } });
    expect(off.status).toBe(200);

    const subject = `Seminar next month ${t}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('The spring seminar is open for registration.');
    await page.getByRole('button', { name: 'Send to the 2 selected' }).click();
    await page.getByRole('dialog', { name: 'Send this e-mail to 2 users?' }).getByRole('button', { name: 'Send to 2 users' }).click();

    const result = page.getByRole('region', { name: 'E-mail sent to 1 of 2 users' });
    await result.waitFor();
    expect(await result.locator('.email-result-counts').textContent()).toBe('1 sent · 0 failed · 1 not found');
    expect(await result.locator('[data-list="not-found"] li').allTextContents()).toEqual([`Test ${gone.lastName} <${gone.email}>`]);
    expect(await mailsTo(active.email, subject)).toHaveLength(1);
    expect(await mailsTo(gone.email, subject)).toHaveLength(0);
  });
});
