import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { asAdmin, screenReady, screenshot, uniq } from './admin-content-helpers.ts';
import { apiCall, type CreatedUser, createTestUser, freshIp, loginThroughForm, POLL, storeSession } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const DAY = 86_400_000;

/** What a test provokes on purpose: the refused token after a role change, the aborted list call of the offline case. */
const EXPECTED = [/status of 401/, /net::ERR_FAILED/];

/** A page of its own context; uncaught exceptions and console errors fail the test, except EXPECTED ones. */
async function newPage(browser: Browser, width: number): Promise<Page> {
  // page.route cannot see what a service worker fetches, and these tests stub the API there: no worker (test/e2e/offline.test.ts tests it).
  const context = await browser.newContext({
    extraHTTPHeaders: { 'cf-connecting-ip': freshIp() },
    viewport: { width, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  onTestFinished(async () => {
    await context.close();
    const real = errors.filter((e) => !EXPECTED.some((re) => re.test(e)));
    if (real.length) throw new Error(`The page reported errors:\n${real.join('\n')}`);
  });
  return page;
}

/** Signed in as `user` (token and user in localStorage, as the login page leaves them). */
async function signedIn(browser: Browser, user: CreatedUser, width = 1280) {
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const page = await newPage(browser, width);
  await storeSession(page, baseUrl, login);
  return { page, token: login.body.token as string };
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await screenReady(page);
}

/** A multipart POST with the user's token (enrolment purchase and instructor applications take documents). */
async function postForm(
  path: string,
  token: string,
  fields: Record<string, string | string[]>,
  files: { name: string; type: string; bytes: Buffer }[] = [],
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) fd.append(k, one);
  for (const f of files) fd.append('documents', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'cf-connecting-ip': freshIp() },
    body: fd,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Approves the sandbox payment the panel opened and waits for the return page the gateway sends the member to. */
async function approveSandbox(page: Page, back: RegExp) {
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.waitForURL(back, { timeout: 15_000 });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const dl = (page: Page, name: string) => page.locator('.my-enrol-card', { hasText: name });
const factOf = async (card: ReturnType<typeof dl>, label: string) =>
  (
    await card
      .locator('div', { has: card.page().locator(`dt:text-is("${label}")`) })
      .locator('dd')
      .first()
      .textContent()
  )?.trim();

describe('My enrolments in the student panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('My courses: statuses and amounts, Pay now through the sandbox, Renew of an active one extends the term, Cancel with a reason', async () => {
    const title = uniq('E2E Kata course');
    const made = await asAdmin(baseUrl, '/courses', { body: { title, price: 120, gstRate: 5, durationWeeks: 8, isActive: true } });
    expect(made.status).toBe(201);
    const course = made.body.data as { _id: string; slug: string };
    const student = await createTestUser(baseUrl, 'student', 'coursetaker');
    const { page, token } = await signedIn(browser, student, 360);

    // Empty first: the way to the courses.
    await open(page, '/student/courses');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My courses');
    expect(await page.getByRole('link', { name: 'See the courses' }).getAttribute('href')).toBe('/courses');

    const enrolled = await apiCall(baseUrl, '/enroll', { token, body: { courseId: course._id, paymentMethod: 'sandbox' } });
    expect(enrolled.status).toBe(201);
    const id = enrolled.body.data.enrollment._id as string;

    await open(page, '/student/courses');
    const card = dl(page, title);
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('Pending approvalPayment due');
    expect(await card.getByRole('link', { name: title }).getAttribute('href')).toBe(`/courses/${course.slug}`);
    // $120 + 5% GST $6 = $126, as the server priced it
    expect(await factOf(card, 'Course price')).toBe('$120.00');
    expect(await factOf(card, 'GST')).toBe('$6.00');
    expect(await factOf(card, 'Total')).toBe('$126.00');
    expect(await factOf(card, 'Pay by')).toBeTruthy();
    expect(await card.getByRole('button', { name: /^Renew/ }).count()).toBe(0);
    await screenshot(page, 'my-courses-360');

    await card.getByRole('button', { name: `Pay now for ${title}` }).click();
    await approveSandbox(page, /\/enroll\/complete/);
    await expect.poll(async () => (await apiCall(baseUrl, `/enroll/${id}`, { token })).body.data?.paymentStatus, POLL).toBe('paid');
    await open(page, '/student/courses');
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('Pending approvalPaid');
    expect(await card.getByRole('button', { name: /Pay now/ }).count()).toBe(0);

    // The school accepts it: paid and accepted is active, with its term.
    // The open list hears the approval's notification and reads itself again (no reload).
    expect((await asAdmin(baseUrl, `/enroll/${id}/approve`, { body: { approvalNotes: 'Welcome to the dojo' } })).status).toBe(200);
    await expect.poll(() => card.locator('.my-enrol-badges').textContent(), POLL).toBe('ActivePaid');
    expect(await factOf(card, 'Approval notes')).toBe('Welcome to the dojo');
    const before = (await apiCall(baseUrl, `/enroll/${id}`, { token })).body.data.termEndsAt as string;
    expect(before).toBeTruthy();
    const shownBefore = await factOf(card, 'Term ends');

    // Renew: the dialog offers what the school configured (no razorpay here, so the first gateway).
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('button', { name: `Renew ${title}` }).click();
    const renew = page.getByRole('dialog');
    await renew.getByLabel('Payment method').waitFor();
    expect(await renew.getByLabel('Payment method').inputValue()).toBe('sandbox');
    await renew.getByLabel('Notes (optional)').fill('Another term please');
    await screenshot(page, 'my-courses-renew-1280');
    await renew.getByRole('button', { name: 'Renew and pay' }).click();
    await approveSandbox(page, /\/enroll\/complete/);
    await expect
      .poll(async () => (await apiCall(baseUrl, `/enroll/${id}`, { token })).body.data?.termEndsAt as string, POLL)
      .toBe(new Date(Date.parse(before) + 8 * 7 * DAY).toISOString());
    await open(page, '/student/courses');
    await expect.poll(() => factOf(card, 'Term ends'), POLL).not.toBe(shownBefore);

    // Cancel an active one: the dialog says the money stays (decision 012), the reason is kept.
    await card.getByRole('button', { name: `Cancel enrolment in ${title}` }).click();
    const cancel = page.getByRole('dialog');
    expect(await cancel.textContent()).toContain('not refunded automatically');
    expect(await cancel.getByLabel('Reason (optional)').getAttribute('placeholder')).toBe('Cancelled by user');
    await cancel.getByLabel('Reason (optional)').fill('Moving to another city');
    await cancel.getByRole('button', { name: 'Cancel enrolment' }).click();
    await expect.poll(() => card.locator('.my-enrol-badges').textContent(), POLL).toBe('CancelledPaid');
    expect(await factOf(card, 'Cancelled')).toContain('Moving to another city');
    expect(await card.getByRole('button').count()).toBe(0);
    await screenshot(page, 'my-courses-1280');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user_enrollments')))!).data[0]._id).toBe(id);

    // Offline (spec 8): the stored copy under user_enrollments, with the notice.
    await page.route('**/api/enroll/my-enrollments**', (route) => route.abort('failed'));
    await open(page, '/student/courses');
    expect(await page.locator('.offline-notice').textContent()).toContain('Offline copy.');
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('CancelledPaid');
  });

  it('My memberships: days left in C$, the document, renew, the stored copy offline, cancel', async () => {
    const name = uniq('E2E Adult membership');
    const made = await asAdmin(baseUrl, '/memberships', {
      body: { name, isActive: true, plans: [{ name: 'Monthly', durationMonths: 1, price: 89, gstRate: 5 }] },
    });
    expect(made.status).toBe(201);
    const membership = made.body.data as { _id: string; plans: { _id: string }[] };
    const member = await createTestUser(baseUrl, 'member', 'memberbuyer');
    const { page, token } = await signedIn(browser, member, 1280);
    const bought = await postForm(
      '/purchase-membership',
      token,
      { membershipId: membership._id, planId: membership.plans[0]!._id, paymentMethod: 'sandbox' },
      [{ name: 'medical-form.pdf', type: 'application/pdf', bytes: PDF }],
    );
    expect(bought.status).toBe(201);
    const id = bought.body.data.enrollment._id as string;

    await open(page, '/student/memberships');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My memberships');
    const card = dl(page, name);
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('Pending approvalPayment due');
    // 89 + 5% GST 4.45 = 93.45, in C$ (spec 9)
    expect(await factOf(card, 'Plan price')).toBe('C$89.00');
    expect(await factOf(card, 'GST')).toBe('C$4.45');
    expect(await factOf(card, 'Total')).toBe('C$93.45');

    // The document opens with the session (a plain link would be refused).
    const download = page.waitForEvent('download');
    // Under the name the server makes, never the uploader's 'medical-form.pdf'.
    await card.getByRole('link', { name: `membership-${id}-1.pdf` }).click();
    expect((await download).suggestedFilename()).toBe(`membership-${id}-1.pdf`);

    await card.getByRole('button', { name: /^Pay now/ }).click();
    await approveSandbox(page, /\/memberships\/complete/);
    await expect
      .poll(async () => (await apiCall(baseUrl, `/purchase-membership/${id}`, { token })).body.data?.paymentStatus, POLL)
      .toBe('paid');
    expect((await asAdmin(baseUrl, `/purchase-membership/${id}/approve`, { body: {} })).status).toBe(200);

    await open(page, '/student/memberships');
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('ActivePaid');
    expect(await card.locator('.my-enrol-days').textContent()).toMatch(/^(2[89]|3[01]) days left$/);
    const endsBefore = (await apiCall(baseUrl, `/purchase-membership/${id}`, { token })).body.data.endsAt as string;

    await card.getByRole('button', { name: /^Renew/ }).click();
    const renew = page.getByRole('dialog');
    await renew.getByLabel('Payment method').waitFor();
    expect(await renew.getByLabel('Payment method').inputValue()).toBe('sandbox');
    await renew.getByRole('button', { name: 'Renew and pay' }).click();
    await approveSandbox(page, /\/memberships\/complete/);
    await expect
      .poll(async () => (await apiCall(baseUrl, `/purchase-membership/${id}`, { token })).body.data?.endsAt as string, POLL)
      .not.toBe(endsBefore);
    await open(page, '/student/memberships');
    expect(await card.locator('.my-enrol-days').textContent()).toMatch(/^(5[7-9]|6[0-3]) days left$/);
    await screenshot(page, 'my-memberships-1280');

    // Offline: the copy stored under membership_enrollments, with the notice and no actions.
    await page.route('**/api/purchase-membership/my-enrollments**', (route) => route.abort('failed'));
    await open(page, '/student/memberships');
    expect(await page.locator('.offline-notice').textContent()).toContain('Offline copy.');
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('ActivePaid');
    expect(await card.getByRole('button').count()).toBe(0);
    await page.unroute('**/api/purchase-membership/my-enrollments**');

    await page.setViewportSize({ width: 360, height: 900 });
    await open(page, '/student/memberships');
    await screenshot(page, 'my-memberships-360');
    await card.getByRole('button', { name: /^Cancel membership/ }).click();
    const cancel = page.getByRole('dialog');
    expect(await cancel.textContent()).toContain('not refunded automatically');
    await cancel.getByLabel('Reason (optional)').fill('Injury');
    await cancel.getByRole('button', { name: 'Cancel membership' }).click();
    await expect.poll(() => card.locator('.my-enrol-badges').textContent(), POLL).toBe('CancelledPaid');
    expect(await factOf(card, 'Cancelled')).toContain('Injury');
  });

  it('My instructor application: pending, then approved by the school with the instructor ID; cancelling takes the access away', async () => {
    const student = await createTestUser(baseUrl, 'student', 'wouldteach');
    const { page, token } = await signedIn(browser, student, 360);
    await open(page, '/student/instructor-application');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My instructor application');
    expect(await page.getByRole('link', { name: 'Apply to teach at the dojo' }).getAttribute('href')).toBe('/teach');

    const applied = await postForm('/instructors', token, {
      instructorType: 'assistant',
      grade: '2nd dan',
      experienceYears: '6',
      specialties: ['Kata', 'Kids classes'],
      bio: 'Training since 2012; I help with the junior class.',
      availability: 'Weekday evenings',
      phone: '+1 416 555 0199',
    });
    expect(applied.status).toBe(201);
    const id = applied.body.data.enrollment._id as string;

    await open(page, '/student/instructor-application');
    const card = page.locator('.my-enrol-application');
    expect(await card.locator('.my-enrol-badges').textContent()).toBe('Pending approvalInstructor: Pending');
    expect(await factOf(card, 'Specialties')).toBe('Kata, Kids classes');
    expect(await card.locator('.my-enrol-status-words').textContent()).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('instructor_data')))!)._id).toBe(id);
    await screenshot(page, 'my-application-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The school approves: the role changes and the old token stops (decision 012); the open panel says so
    // by itself within seconds and goes to the login page.
    const approved = await asAdmin(baseUrl, `/instructors/${id}/approve`, { body: { approvalNotes: 'Start with Tuesday juniors' } });
    expect(approved.status).toBe(200);
    const instructorId = approved.body.data.instructorId as string;
    expect(instructorId).toBeTruthy();
    await expect.poll(() => page.locator('[data-session-ended]').textContent(), POLL).toBe('Your role changed: sign in again');
    await page.waitForURL(/\/auth\/login/, { timeout: 15_000 });

    await loginThroughForm(page, baseUrl, 'instructor', { label: 'Instructor ID', value: instructorId }, student.password);
    await page.waitForURL(`${baseUrl}/instructor`, { timeout: 15_000 });
    await open(page, '/instructor/instructor-application');
    expect(await card.locator('.my-enrol-id').textContent()).toBe(instructorId);
    expect(await card.textContent()).toContain('Log in with your instructor ID');
    expect(await factOf(card, 'Approval notes')).toBe('Start with Tuesday juniors');
    await screenshot(page, 'my-application-1280');

    await card.getByRole('button', { name: 'Cancel application' }).click();
    const cancel = page.getByRole('dialog');
    expect(await cancel.textContent()).toContain('You will lose instructor access at once');
    await cancel.getByRole('button', { name: 'Cancel application' }).click();
    // The cancel itself succeeds; then the session ends: the room says so, or the next read meets the bumped
    // token and the panel asks to log in again.
    const ended = async () =>
      page.url().includes('/auth/login') || (await page.locator('[data-state="failed"], [data-session-ended]').count()) > 0;
    await expect.poll(ended, POLL).toBe(true);
    const after = await asAdmin(baseUrl, `/instructors/${id}`);
    expect(after.body.data.enrollment.enrollmentStatus).toBe('cancelled');
  });
});
