import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, apiCall, createTestUser, POLL, uniqueEmail } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';
import { signedInPage } from './offline-helpers.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8);

/** Five students named for this run (Kid1 Roster<tag> … Kid5), found by the walk-in search. */
async function students(admin: string, surname: string): Promise<{ id: string; name: string }[]> {
  const made = [];
  for (let i = 1; i <= 5; i++) {
    const firstName = `Kid${i}`;
    const { status, body } = await apiCall(baseUrl, '/users', {
      token: admin,
      body: { email: uniqueEmail('roster'), password: `Kata-${tag()}${tag()}`, role: 'student', profile: { firstName, lastName: surname } },
    });
    expect(status).toBe(201);
    made.push({ id: body.data._id as string, name: `${firstName} ${surname}` });
  }
  return made;
}

const pending = (page: Page) => page.locator('.roster-pending').getAttribute('data-pending');

/** Log out from the bar, or from the phone's menu. */
async function clickLogOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.locator('button:visible', { hasText: 'Log out' }).click();
}

describe('the roster offline (issue 24 §5): taps kept on the phone, sent when back, logout refused meanwhile', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('marks 5 present with the network gone, still shows them after a reload, sends them once back, and refuses to log out until then', async () => {
    const admin = await adminToken(baseUrl);
    const instructor = await createTestUser(baseUrl, 'instructor', 'roster');
    const surname = `Roster${tag()}`;
    const kids = await students(admin, surname);
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const created = await apiCall(baseUrl, '/sessions', {
      token: admin,
      body: {
        title: `Offline Kata ${surname}`,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
        instructorId: instructor.id,
        capacity: 20,
      },
    });
    expect(created.status).toBe(201);
    const sessionId = created.body.data._id as string;

    const { page } = await signedInPage(browser, baseUrl, instructor, { width: 360, path: '/instructor' });
    await page.goto(`${baseUrl}/instructor/today`);
    await page.getByRole('link', { name: new RegExp(`Offline Kata ${surname}`) }).click();
    await page.locator('.roster[data-ready]').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${baseUrl}/instructor/today/${sessionId}`);

    // The walk-ins are found online and put on the roster unmarked: nothing is sent for them yet.
    await page.getByLabel('Name or e-mail').fill(surname);
    await page.getByRole('button', { name: 'Search' }).click();
    for (const kid of kids) await page.getByRole('button', { name: `Add ${kid.name}` }).click();
    await expect.poll(() => page.locator('.roster-person').count(), POLL).toBe(5);

    await page.context().setOffline(true);
    for (const kid of kids) {
      const present = page.getByRole('button', { name: `Present ${kid.name}` });
      await present.click();
      await expect.poll(() => present.getAttribute('aria-pressed'), POLL).toBe('true');
    }
    await expect.poll(() => pending(page), POLL).toBe('5');

    // Reloaded without a network: the service worker's copies of the page and the roster, the taps from the local database.
    await page.reload();
    await page.locator('.roster[data-ready]').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('.roster-pending').textContent(), POLL).toMatch(/^5 pending/);
    expect(await page.locator('.roster-pending').getAttribute('role')).toBe('status');
    for (const kid of kids) {
      const row = page.locator('.roster-person', { hasText: kid.name });
      expect(await row.getAttribute('data-status')).toBe('present');
      expect(await row.getAttribute('data-pending')).toBe('');
    }
    const history = async () =>
      (await apiCall(baseUrl, `/attendance/history?sessionId=${sessionId}`, { token: admin })).body.data as {
        userId: string;
        kind: string;
        method: string;
        recordedBy: string;
      }[];
    expect(await history()).toEqual([]);

    await clickLogOut(page);
    const refused = page.locator('.panel-logout-refused [role="alert"]');
    await expect
      .poll(() => refused.textContent(), POLL)
      .toBe('5 check-ins are not sent yet. Connect to the internet and wait for them to send before logging out.');
    expect(page.url()).toBe(`${baseUrl}/instructor/today/${sessionId}`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page.context().setOffline(false);
    await expect.poll(() => pending(page), { ...POLL, timeout: 45_000 }).toBe('0');
    const events = await history();
    expect(events).toHaveLength(5);
    expect(new Set(events.map((e) => e.userId))).toEqual(new Set(kids.map((k) => k.id)));
    expect(events.every((e) => e.kind === 'present' && e.method === 'roster' && e.recordedBy === instructor.id)).toBe(true);
    // The server's roster now says present, and the refusal is gone with the last pending check-in.
    await expect.poll(() => page.locator('.roster-person[data-status="present"]:not([data-pending])').count(), POLL).toBe(5);
    await expect.poll(() => refused.textContent(), POLL).toBe('');

    await clickLogOut(page);
    await page.waitForURL(`${baseUrl}/auth/login`, { timeout: 15_000 });
    // Its own waits (the sync alone may take up to 45 s on a loaded machine) add up to more than the 60 s default.
  }, 150_000);
});
