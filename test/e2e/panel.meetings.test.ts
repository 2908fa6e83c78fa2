import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPage, asAdmin, openScreen, statusLine, uniq } from './admin-content-helpers.ts';
import { apiCall, type CreatedUser, createTestUser, openPage, POLL, storeSession } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const MINUTE = 60_000;
/** The placeholder links never leave the machine: the test answers them itself. */
const LINK_HOST = 'https://zoom.example.test';
const BAD_REQUEST = [/status of 400/];
/** The school's zone (the seeded settings): a new meeting's default. */
const SCHOOL_ZONE = 'America/Vancouver';

type Signed = { page: Page; token: string };

/** A page signed in as `user` (token and user in localStorage, like the login page leaves them), links to LINK_HOST answered locally. */
async function signedIn(browser: Browser, user: CreatedUser, width = 1280): Promise<Signed> {
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const page = await openPage(browser, { viewport: { width, height: 900 } });
  await page.context().route(`${LINK_HOST}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Zoom</title>' }));
  await storeSession(page, baseUrl, login);
  return { page, token: login.body.token as string };
}

/** A meeting made through the API by the demo admin, `minutes` from now. */
async function meeting(topic: string, minutes: number, targetRoles: string[], extra: Record<string, unknown> = {}) {
  const made = await asAdmin(baseUrl, '/zoom-meetings', {
    body: {
      topic,
      startTime: new Date(Date.now() + minutes * MINUTE).toISOString(),
      joinUrl: `${LINK_HOST}/j/${Date.now()}`,
      targetRoles,
      ...extra,
    },
  });
  expect(made.status).toBe(201);
  return made.body.meeting as { _id: string; joinUrl: string };
}

const card = (page: Page, title: string) => page.locator('.meeting-card', { hasText: title });
const minutesIn = (label: string | null) => Number(/Starts in (\d+) minutes?/.exec(label ?? '')?.[1] ?? NaN);

/** "2026-11-25T23:12": the start as a datetime-local input takes it, on the clock of `timeZone`. */
function wallClock(ms: number, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

describe('Meetings in the panels', () => {
  let browser: Browser;
  let student: CreatedUser;
  beforeAll(async () => {
    browser = await launchBrowser();
    student = await createTestUser(baseUrl, 'student', 'meeter');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('admin creates a meeting for students in 10 minutes; the student sees the countdown, joins (recorded) and the link opens in a new tab', async () => {
    const { page: admin } = await adminPage(browser, baseUrl, { allow: BAD_REQUEST });
    await openScreen(admin, baseUrl, '/admin/meetings/new');
    const title = uniq('Sparring drills');
    const form = admin.locator('form.meeting-form');

    // The shared schema speaks before anything is sent, by the fields.
    await form.getByRole('button', { name: 'Create meeting' }).click();
    expect(await form.locator('.field-error').allTextContents()).toEqual(
      expect.arrayContaining(['Meeting topic is required', 'Start time is required']),
    );
    expect(await form.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('topic');

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Bring gloves and a mouth guard.');
    expect(await form.getByLabel('Time zone').inputValue()).toBe(SCHOOL_ZONE);
    await form.getByLabel('Starts').fill(wallClock(Date.now() + 11 * MINUTE, SCHOOL_ZONE));
    await form.getByLabel('Duration (minutes)').fill('45');
    await form.getByLabel('Passcode').fill('kiai');
    await form.getByLabel('Meeting link').fill('http://zoom.example.test/j/1');
    await form.getByLabel('Only these roles').check();
    await form.getByLabel('Student', { exact: true }).check();
    await form.getByRole('button', { name: 'Create meeting' }).click();
    await expect.poll(() => form.getByLabel('Meeting link').getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await form.locator('.field-error').allTextContents()).toEqual(['Meeting link must be a valid https:// address']);

    // No Zoom here (the form asked GET /zoom-meetings/provider): a blank link is refused by the link field.
    await form.getByLabel('Meeting link').fill('');
    await form.getByRole('button', { name: 'Create meeting' }).click();
    await expect
      .poll(() => form.locator('.field-error').allTextContents(), POLL)
      .toEqual(['Meeting link is required: paste the https:// join link (Zoom is not connected)']);

    const link = `${LINK_HOST}/j/${Date.now()}`;
    await form.getByLabel('Meeting link').fill(link);
    await form.getByRole('button', { name: 'Create meeting' }).click();
    await admin.waitForURL(/\/admin\/meetings$/);
    await expect.poll(() => statusLine(admin).textContent(), POLL).toBe('Meeting created successfully');
    const row = admin.locator('.meetings-table tr', { hasText: title });
    expect(await row.textContent()).toContain('Student');

    const { page, token } = await signedIn(browser, student, 390);
    await openScreen(page, baseUrl, '/student/meetings');
    const mine = card(page, title);
    const label = await mine.locator('.meeting-when').textContent();
    expect(minutesIn(label)).toBeGreaterThanOrEqual(8);
    expect(minutesIn(label)).toBeLessThanOrEqual(11);
    expect(await mine.locator('.meeting-when').getAttribute('data-urgent')).toBe('true');
    expect(await mine.textContent()).toContain(`(${SCHOOL_ZONE})`);
    expect(await mine.textContent()).toContain('Passcode: kiai');
    const join = mine.getByRole('link', { name: `Join meeting ${title}` });
    expect(await join.getAttribute('href')).toBe(link);
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toBe('noopener noreferrer');

    const id = await mine.getAttribute('data-id');
    const recorded = page.waitForResponse((r) => r.url().endsWith(`/api/zoom-meetings/${id}/join`) && r.request().method() === 'POST', {
      timeout: 15_000,
    });
    const [popup] = await Promise.all([page.waitForEvent('popup'), join.click()]);
    await popup.waitForURL(link);
    expect((await recorded).status()).toBe(200);
    // The second join of the same person counts 2: the click recorded the first.
    const again = await apiCall(baseUrl, `/zoom-meetings/${id}/join`, { method: 'POST', token });
    expect(again.body.data.joinCount).toBe(2);
  });

  it('hides a meeting for instructors only from the student, while an instructor sees it', async () => {
    const forStudents = uniq('Kata for students');
    const forInstructors = uniq('Instructors sync');
    await meeting(forStudents, 20, ['student']);
    await meeting(forInstructors, 20, ['instructor']);

    const { page } = await signedIn(browser, student);
    await openScreen(page, baseUrl, '/student/meetings');
    await card(page, forStudents).waitFor();
    expect(await card(page, forInstructors).count()).toBe(0);

    const instructor = await createTestUser(baseUrl, 'instructor', 'sensei');
    const { page: other } = await signedIn(browser, instructor);
    await openScreen(other, baseUrl, '/instructor/meetings');
    await card(other, forInstructors).waitFor();
    expect(await card(other, forStudents).count()).toBe(0);
  });

  it('admin invites one student by name only: the meeting has no role, that student sees it and a classmate does not', async () => {
    const invited = await createTestUser(baseUrl, 'student', 'invited');
    const classmate = await createTestUser(baseUrl, 'student', 'classmate');
    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, '/admin/meetings/new');
    const title = uniq('Private lesson');
    const form = admin.locator('form.meeting-form');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Starts').fill(wallClock(Date.now() + 90 * MINUTE, SCHOOL_ZONE));
    await form.getByLabel('Meeting link').fill(`${LINK_HOST}/j/${Date.now()}`);
    await form.getByLabel('Only these roles').check();
    await form.getByRole('button', { name: 'Create meeting' }).click();
    await expect
      .poll(() => form.locator('.field-error').allTextContents(), POLL)
      .toEqual(['Choose at least one role, or invite people by name']);
    await form.getByLabel(/Invite people by name/).fill(invited.email);
    await form.locator('.picker-results li', { hasText: invited.email }).getByRole('button', { name: /^Add/ }).click();
    await form.getByRole('button', { name: 'Create meeting' }).click();
    await admin.waitForURL(/\/admin\/meetings$/);
    const row = admin.locator('.meetings-table tr', { hasText: title });
    expect(await row.textContent()).toContain('1 named person');

    const list = await asAdmin(baseUrl, '/zoom-meetings?limit=100');
    const made = (list.body.data.meetings as { topic: string; targetRoles: string[]; targetUsers: string[] }[]).find(
      (m) => m.topic === title,
    );
    expect(made).toMatchObject({ targetRoles: [], targetUsers: [invited.id] });

    const { page } = await signedIn(browser, invited);
    await openScreen(page, baseUrl, '/student/meetings');
    await card(page, title).waitFor();
    const { page: other } = await signedIn(browser, classmate);
    await openScreen(other, baseUrl, '/student/meetings');
    await other.getByRole('heading', { name: 'Meetings', level: 1 }).waitFor();
    expect(await card(other, title).count()).toBe(0);
  });

  it('offers no enabled Join and no link for a meeting 3 hours ahead', async () => {
    const later = uniq('Kihon clinic');
    await meeting(later, 180, ['all'], { timezone: 'America/Vancouver', password: 'secret' });
    const { page } = await signedIn(browser, student);
    await openScreen(page, baseUrl, '/student/meetings');
    const c = card(page, later);
    expect(await c.locator('.meeting-when').textContent()).toMatch(/^Starts in 2h 5\dm$/);
    expect(await c.locator('.meeting-when').getAttribute('data-urgent')).toBeNull();
    expect(await c.textContent()).toContain('(America/Vancouver)');
    const join = c.getByRole('button', { name: `Join ${later}` });
    expect(await join.isDisabled()).toBe(true);
    expect(await c.getByRole('link').count()).toBe(0);
    expect(await c.textContent()).not.toContain('secret');
  });

  it('counts down and opens Join from the clock alone, without reading the list again', async () => {
    const soon = uniq('Warm-up');
    await meeting(soon, 20, ['student']);
    const { page } = await signedIn(browser, student);
    await page.clock.install();
    const listReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/zoom-meetings') listReads.push(r.url());
    });
    await openScreen(page, baseUrl, '/student/meetings');
    const c = card(page, soon);
    expect(minutesIn(await c.locator('.meeting-when').textContent())).toBeGreaterThanOrEqual(18);
    expect(await c.getByRole('button', { name: `Join ${soon}` }).isDisabled()).toBe(true);
    const reads = listReads.length;

    await page.clock.fastForward('06:00');
    await expect.poll(async () => minutesIn(await c.locator('.meeting-when').textContent()), POLL).toBeLessThanOrEqual(14);
    // The server's clock has not moved, so the link is not handed out yet: the Join button asks for it when pressed.
    expect(await c.getByRole('button', { name: `Join meeting ${soon}` }).isEnabled()).toBe(true);
    expect(listReads.length).toBe(reads);
  });

  it('admin edits a meeting: the form shows its start on its own zone’s clock and saving keeps that instant', async () => {
    const title = uniq('Grading prep');
    // Toronto, not Vancouver: Node's tzdata 2026c has British Columbia on permanent UTC-7 while Debian's Chromium still says UTC-8.
    const start = Date.UTC(2031, 0, 15, 0, 30);
    const made = await asAdmin(baseUrl, '/zoom-meetings', {
      body: {
        topic: title,
        startTime: new Date(start).toISOString(),
        timezone: 'America/Toronto',
        joinUrl: `${LINK_HOST}/j/9`,
        targetRoles: ['member'],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.meeting._id as string;

    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, `/admin/meetings/${id}`);
    const form = admin.locator('form.meeting-form');
    await form.waitFor();
    // 00:30 UTC is 19:30 the evening before in Toronto.
    expect(await form.getByLabel('Starts').inputValue()).toBe('2031-01-14T19:30');
    expect(await form.getByLabel('Time zone').inputValue()).toBe('America/Toronto');
    expect(await form.getByLabel('Member', { exact: true }).isChecked()).toBe(true);
    await form.getByLabel('Title').fill(`${title} (moved)`);
    await form.getByLabel('Duration (minutes)').fill('90');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => statusLine(admin).textContent(), POLL).toBe('Meeting updated successfully');

    const saved = await asAdmin(baseUrl, `/zoom-meetings/${id}`);
    expect(saved.body.meeting).toMatchObject({
      title: `${title} (moved)`,
      startTime: new Date(start).toISOString(),
      timezone: 'America/Toronto',
      durationMinutes: 90,
      targetRoles: ['member'],
    });
  });

  it('admin shares a meeting and the student’s bell counts it', async () => {
    const title = uniq('Town hall');
    await meeting(title, 60 * 24, ['student']);
    const { page } = await signedIn(browser, student);
    await openScreen(page, baseUrl, '/student/meetings');
    const count = page.locator('.bell-count');
    const before = Number(await count.getAttribute('data-unread'));

    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, '/admin/meetings');
    await admin.getByRole('button', { name: `Share ${title}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/Message/).fill('See you there, bring questions.');
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect
      .poll(() => statusLine(admin).textContent(), POLL)
      .toMatch(/^Meeting shared with [1-9]\d* users? \(\d+ notifications sent for it so far\)$/);
    await expect
      .poll(() => admin.locator('.meetings-table tr', { hasText: title }).textContent(), POLL)
      .toMatch(/Shared: [1-9]\d* notified/);

    await expect.poll(async () => Number(await count.getAttribute('data-unread')), POLL).toBe(before + 1);
  });

  it('admin cancels a joinable meeting with a reason; the student then sees it cancelled and cannot join', async () => {
    const title = uniq('Outdoor briefing');
    await meeting(title, 5, ['student']);
    const { page } = await signedIn(browser, student);
    await openScreen(page, baseUrl, '/student/meetings');
    expect(
      await card(page, title)
        .getByRole('link', { name: `Join meeting ${title}` })
        .count(),
    ).toBe(1);

    const { page: admin } = await adminPage(browser, baseUrl);
    await openScreen(admin, baseUrl, '/admin/meetings');
    const row = admin.locator('.meetings-table tr', { hasText: title });
    // Only the moves the machine allows from scheduled.
    expect(await row.locator('.row-actions button').allTextContents()).toEqual([
      `Share ${title}`,
      `Start ${title}`,
      `End ${title}`,
      `Cancel ${title}`,
      `Delete ${title}`,
    ]);
    await row.getByRole('button', { name: `Cancel ${title}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill('Heavy rain expected');
    await dialog.getByRole('button', { name: 'Cancel meeting' }).click();
    await expect.poll(() => statusLine(admin).textContent(), POLL).toContain('is now cancelled');

    await page.reload();
    await page.locator('.panel-screen[data-ready]').waitFor();
    // Past meetings are folded away; open them so the checks below see what a person sees.
    await page.locator('.meeting-past summary').click();
    const c = page.locator('.meeting-past .meeting-card', { hasText: title });
    await c.waitFor();
    expect(await c.locator('.badge').textContent()).toBe('Cancelled');
    expect(await c.locator('.meeting-when').textContent()).toBe('Meeting cancelled');
    expect(await c.textContent()).toContain('Heavy rain expected');
    expect(await c.getByRole('link').count()).toBe(0);
    expect(await c.getByRole('button', { name: /Join/ }).count()).toBe(0);
    const refused = await apiCall(baseUrl, `/zoom-meetings/${await c.getAttribute('data-id')}/join`, {
      method: 'POST',
      token: (await page.evaluate(() => localStorage.getItem('token')))!,
    });
    expect(refused.status).toBe(409);
  });
});
