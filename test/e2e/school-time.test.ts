import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { atWallTime } from '#core/time-zone.ts';
import { screenReady, uniq } from './admin-content-helpers.ts';
import { apiCall, freshIp, POLL, storeSession } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
/** The school's zone (the seeded settings). */
const SCHOOL = 'America/Vancouver';
/** The viewers' own clocks: what the browser says must never show through. */
const VIEWERS = ['UTC', 'America/Vancouver'] as const;

/** 18:00 to 20:00 on the school's clock, the day before and the day after Vancouver's 2026 spring-forward night. */
const EVENTS = [
  { day: [2026, 3, 7], wall: '2026-03-07T18:00', date: /Sat, March 7, 2026/ },
  { day: [2026, 3, 9], wall: '2026-03-09T18:00', date: /Mon, March 9, 2026/ },
] as const;
const at = ([y, m, d]: readonly number[], hour: number) => atWallTime(y!, m!, d!, hour, 0, SCHOOL).toISOString();

type Login = { path: string; body: Record<string, string> };
const ADMIN: Login = { path: '/auth/admin-login', body: { adminId: 'ADM-0001', password: 'Osu-Local-2026' } };
const MEMBER: Login = { path: '/auth/login', body: { email: 'member@dojo.local', password: 'Osu-Local-2026' } };

/** A demo account signed in, in a browser whose own clock is `timezoneId`. */
async function adminIn(browser: Browser, timezoneId: string, who = ADMIN): Promise<{ page: Page; token: string }> {
  const ip = freshIp();
  const login = await apiCall(baseUrl, who.path, { body: who.body, ip });
  expect(login.status).toBe(200);
  const context = await browser.newContext({
    timezoneId,
    extraHTTPHeaders: { 'cf-connecting-ip': ip },
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await storeSession(page, baseUrl, login);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
  page.on('close', () => expect(errors).toEqual([]));
  return { page, token: login.body.token as string };
}

describe("The school's time in two browser zones", () => {
  let browser: Browser;
  const ids: string[] = [];
  let token = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const login = await apiCall(baseUrl, '/auth/admin-login', { body: { adminId: 'ADM-0001', password: 'Osu-Local-2026' }, ip: freshIp() });
    token = login.body.token as string;
    expect((await apiCall(baseUrl, '/settings')).body.data.timeZone).toBe(SCHOOL);
    for (const e of EVENTS) {
      const made = await apiCall(baseUrl, '/events', {
        token,
        body: { title: uniq('Zone check'), category: 'other', startsAt: at(e.day, 18), endsAt: at(e.day, 20), isActive: true },
      });
      expect(made.status).toBe(201);
      ids.push(made.body.data._id as string);
    }
  });
  afterAll(async () => {
    for (const id of ids) await apiCall(baseUrl, `/events/${id}`, { method: 'DELETE', token });
    await browser?.close();
  });

  it('an event across the DST change reads 6:00 p.m. on the public page, in the admin list and in its edit form, whatever the browser’s zone', async () => {
    const seen: Record<string, string[]> = {};
    for (const zone of VIEWERS) {
      const { page } = await adminIn(browser, zone);
      const texts: string[] = [];
      for (const [i, e] of EVENTS.entries()) {
        await page.goto(`${baseUrl}/events/${ids[i]}`);
        const when = (await page.locator('.page-head time').first().textContent()) ?? '';
        expect(when).toMatch(e.date);
        expect(when).toMatch(/6:00 p\.m\. – 8:00 p\.m\./);

        await page.goto(`${baseUrl}/admin/events/${ids[i]}`);
        const starts = page.getByLabel('Starts', { exact: true });
        await expect.poll(() => starts.inputValue(), POLL).toBe(e.wall);
        expect(await page.getByLabel(/^Ends/).inputValue()).toBe(e.wall.replace('T18', 'T20'));
        texts.push(when, await starts.inputValue());
      }
      await page.goto(`${baseUrl}/admin/events`);
      await screenReady(page);
      await page.getByLabel('When').selectOption('all');
      for (const [i, e] of EVENTS.entries()) {
        const row = page.locator('tr', { has: page.locator(`a[href$="/admin/events/${ids[i]}"]`) });
        await expect.poll(() => row.locator('time').first().textContent(), POLL).toMatch(/6:00 p\.m\./);
        const cell = (await row.locator('time').first().textContent()) ?? '';
        expect(cell).toContain(e.wall.startsWith('2026-03-07') ? 'Mar 7, 2026' : 'Mar 9, 2026');
        texts.push(cell);
      }
      seen[zone] = texts;
      await page.context().close();
    }
    expect(seen.UTC).toEqual(seen['America/Vancouver']);
  });

  it('an event saved from the form in a UTC browser keeps the typed 18:00 on the school’s clock', async () => {
    const { page } = await adminIn(browser, 'UTC');
    await page.goto(`${baseUrl}/admin/events/${ids[1]}`);
    const starts = page.getByLabel('Starts', { exact: true });
    await expect.poll(() => starts.inputValue(), POLL).toBe(EVENTS[1].wall);
    await starts.fill('2026-03-09T18:30');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/admin\/events$/);
    const stored = await apiCall(baseUrl, `/events/${ids[1]}`, { token });
    expect(stored.body.data.startsAt).toBe(atWallTime(2026, 3, 9, 18, 30, SCHOOL).toISOString());
    await page.context().close();
  });

  it('a meeting typed as 18:00 in the form is stored and shown as 18:00 in the school’s zone, from either browser zone', async () => {
    for (const zone of VIEWERS) {
      const { page } = await adminIn(browser, zone);
      await page.goto(`${baseUrl}/admin/meetings/new`);
      const form = page.locator('form.meeting-form');
      const title = uniq(`Evening class ${zone}`);
      await form.getByLabel('Title').fill(title);
      expect(await form.getByLabel('Time zone').inputValue()).toBe(SCHOOL);
      await form.getByLabel('Starts').fill('2027-01-15T18:00');
      await form.getByLabel('Meeting link').fill('https://zoom.example.test/j/1');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/zoom-meetings') && r.request().method() === 'POST');
      await form.getByRole('button', { name: 'Create meeting' }).click();
      const body = await (await saved).json();
      expect(body.data.startTime).toBe(atWallTime(2027, 1, 15, 18, 0, SCHOOL).toISOString());
      expect(body.data.timezone).toBe(SCHOOL);
      await page.waitForURL(/\/admin\/meetings$/);
      const row = page.locator('.meetings-table tr', { hasText: title });
      await expect.poll(() => row.locator('time').first().textContent(), POLL).toMatch(/Jan\.? 15, 2027, 6:00 p\.m\./);

      await page.goto(`${baseUrl}/admin/meetings/${body.data._id}`);
      await expect.poll(() => page.locator('form.meeting-form').getByLabel('Starts').inputValue(), POLL).toBe('2027-01-15T18:00');
      await apiCall(baseUrl, `/zoom-meetings/${body.data._id}`, { method: 'DELETE', token });
      await page.context().close();
    }
  });

  it('a membership shows the same period to the member and to the admin, in its list and its detail, whatever the browser’s zone', async () => {
    const seen: string[] = [];
    // +14 h and −11 h as well: between them one is on another calendar day than Vancouver at any hour of seeding.
    for (const zone of [...VIEWERS, 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { page: member } = await adminIn(browser, zone, MEMBER);
      await member.goto(`${baseUrl}/student/memberships`);
      const card = member.locator('.my-enrol-card', { has: member.locator('.badge', { hasText: /^Active$/ }) }).first();
      const fact = (label: string) => card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
      await expect.poll(() => fact('Ends').textContent(), POLL).toMatch(/^\w{3} \d{1,2}, \d{4}$/);
      const mine = `${await fact('Starts').textContent()} – ${await fact('Ends').textContent()}`;
      await member.context().close();

      const { page: admin } = await adminIn(browser, zone);
      await admin.goto(`${baseUrl}/admin/membership-enrollments/seed-membership-enrollment-m1`);
      const period = admin.locator('dt', { hasText: /^Period$/ }).locator('xpath=following-sibling::dd');
      await expect.poll(() => period.textContent(), POLL).toContain(mine);
      await admin.goto(`${baseUrl}/admin/membership-enrollments`);
      // The demo school's class members hold memberships too: find the demo member's among them.
      const search = admin.getByLabel('Search by name, email, membership or plan');
      await search.fill('member@dojo.local');
      await search.press('Enter');
      const row = admin.locator('tr', { has: admin.locator('a[href$="/seed-membership-enrollment-m1"]') });
      await expect.poll(() => row.textContent(), POLL).toContain(mine);
      await admin.context().close();
      seen.push(mine);
    }
    expect(new Set(seen).size).toBe(1);
  });
});
