import { createClient } from '@libsql/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, islandReady, openPage, POLL } from './auth-helpers.ts';

const baseUrl = inject('baseUrl');
const HOUR = 3_600_000;

/** A dated one-off session, added by the demo admin through POST /api/sessions. */
async function addSession(title: string, inHours: number, capacity = 5) {
  const start = Date.now() + inHours * HOUR;
  const { status, body } = await apiCall(baseUrl, '/sessions', {
    token: await adminToken(baseUrl),
    body: { title, location: 'Main dojo', startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString(), capacity },
  });
  if (status !== 201) throw new Error(`adding a session failed: ${status} ${JSON.stringify(body)}`);
  return body.session._id as string;
}

/** What booking requires: an active membership. */
async function giveMembership(userId: string) {
  const db = createClient({ url: inject('dbUrl') });
  await db.execute({
    sql: `insert into membership_enrollments (id, user_id, membership_name, plan_name, duration_months, status, payment_status, plan_price_cents, payment_method, discount_cents, gst_cents, total_cents, starts_at, ends_at)
          values (?, ?, 'Adult membership', 'Monthly', 1, 'active', 'paid', 0, 'free', 0, 0, 0, ?, ?)`,
    args: [newId(), userId, Date.now() - 86_400_000, Date.now() + 30 * 86_400_000],
  });
  db.close();
}

describe('Booking a class', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor presses Book, logs in, comes back and books; in My classes the student cancels, warned when it is late', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const title = `E2E Kata ${tag}`;
    const soonTitle = `E2E Sparring ${tag}`;
    const sessionId = await addSession(title, 30);
    const soonId = await addSession(soonTitle, 1);
    const student = await createTestUser(baseUrl, 'student', 'booker');
    await giveMembership(student.id);

    const page = await openPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl}/classes`);
    const row = page.locator(`#session-${sessionId}`);
    expect(await row.textContent()).toContain('5 places left');
    await row.getByRole('link', { name: new RegExp(`^Book ${title}`) }).click();
    await page.waitForURL(/\/auth\/login\?next=/);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Email', { exact: true }).fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(new RegExp(`/classes\\?book=${sessionId}`), { timeout: 15_000 });
    const book = row.getByRole('button', { name: new RegExp(`^Book ${title}`) });
    await book.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), POLL).toContain(title);
    await book.click();
    await expect.poll(() => row.locator('[role=status]').textContent(), POLL).toBe('Booked.');
    expect(await row.locator('.book-state').textContent()).toContain('Booked');

    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const mine = await apiCall(baseUrl, '/bookings/my', { token });
    expect(mine.body.data.map((b: { sessionId: string; status: string }) => [b.sessionId, b.status])).toEqual([[sessionId, 'booked']]);
    expect((await apiCall(baseUrl, `/sessions/${soonId}/bookings`, { token, body: {} })).status).toBe(201);

    await page.goto(`${baseUrl}/student/classes`);
    // The bookings, not the sessions to book below them (GET /api/sessions lists these too, marked booked).
    const myBookings = page.locator('section[aria-labelledby="my-bookings-title"]');
    const soon = myBookings.locator('.class-card', { hasText: soonTitle });
    await soon.waitFor({ timeout: 15_000 });
    expect(await soon.textContent()).toContain('Booked');
    await soon.getByRole('button', { name: /^Cancel booking/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), POLL).toContain('This is a late cancel');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect
      .poll(() => page.locator('.my-classes-screen [role=status]').first().textContent(), POLL)
      .toBe(`Booking cancelled: ${soonTitle} (a late cancel).`);
    await expect.poll(() => soon.count(), POLL).toBe(0);

    const kept = myBookings.locator('.class-card', { hasText: title });
    await kept.getByRole('button', { name: /^Cancel booking/ }).click();
    await expect.poll(() => dialog.textContent(), POLL).toContain('Your place goes to the next person');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect.poll(() => kept.count(), POLL).toBe(0);
    expect((await apiCall(baseUrl, '/bookings/my', { token })).body.data).toEqual([]);
  });
});
