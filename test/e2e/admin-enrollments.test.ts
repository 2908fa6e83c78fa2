import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { apiCall, createTestUser, freshIp, POLL, type CreatedUser } from './auth-helpers.ts';
import { adminPage, asAdmin, noisePng, openScreen, screenReady, screenshot, statusLine } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
/** One tag per run in every person's e-mail, so a search finds this run's enrolments only. */
const RUN = `enr${randomBytes(3).toString('hex')}`;

type Student = CreatedUser & { token: string; name: string };

async function student(role = 'student'): Promise<Student> {
  const user = await createTestUser(baseUrl, role, RUN);
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...user, token: login.body.token as string, name: `${user.firstName} ${user.lastName}` };
}

async function course(title: string, price: number) {
  const res = await asAdmin(baseUrl, '/courses', { body: { title, price, durationWeeks: 12, shortDescription: 'E2E course' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.course._id as string;
}

async function enroll(s: Student, courseId: string) {
  const res = await apiCall(baseUrl, '/enroll', { token: s.token, body: { courseId, paymentMethod: 'sandbox' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { enrollment: { _id: string }; payment: { sessionId: string } | null };
}

/** The sandbox's Approve, then the owner's verify-payment (as the shop's tests do). */
async function pay(path: '/enroll' | '/purchase-membership', s: Student, enrollmentId: string, sessionId: string) {
  const approved = await fetch(`${baseUrl}/pay/sandbox/${sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ outcome: 'approve' }),
  });
  const proof = (await approved.json()) as { success: boolean; data: Record<string, string> };
  expect(proof.success).toBe(true);
  const verified = await apiCall(baseUrl, `${path}/verify-payment`, { token: s.token, body: { enrollmentId, ...proof.data } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data.enrollment as { enrollmentStatus: string; paymentStatus: string };
}

/** A multipart POST as the given user (membership purchases and instructor applications carry documents). */
async function multipart(
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('documents', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'cf-connecting-ip': freshIp() },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const row = (page: Page, email: string) => page.locator(`tbody tr[data-email="${email}"]`);
const alertLine = (page: Page) => page.locator('.panel-screen > [role="alert"]');

/** Runs something that reads the list again and waits until the new answer is on the screen. */
async function reloads(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse((r) => r.url().includes('/admin/all'));
  await action();
  await answered;
  await screenReady(page);
}

const search = (page: Page, term: string) =>
  reloads(page, async () => {
    await page.getByRole('searchbox').fill(term);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  });

const pick = (page: Page, label: string, option: string) =>
  reloads(page, () => page.getByLabel(label, { exact: true }).selectOption({ label: option }));

/** No sideways scrolling at a phone's width. */
async function fitsWidth(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('the admin enrolment screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('pages and filters course enrolments, approves with notes, rejects with a reason, shows a refused delete and a lost race, and bulk-deletes', async () => {
    const courseId = await course(`E2E Karate ${RUN}`, 120);
    const students: Student[] = [];
    for (let i = 0; i < 12; i++) students.push(await student());
    const made: Awaited<ReturnType<typeof enroll>>[] = [];
    for (const s of students) made.push(await enroll(s, courseId));
    const id = (i: number) => made[i]!.enrollment._id;
    // The two newest paid before the school looks at them (decision 012: paying does not wait for the approval).
    for (const i of [10, 11])
      expect(await pay('/enroll', students[i]!, id(i), made[i]!.payment!.sessionId)).toMatchObject({ paymentStatus: 'paid' });

    // The lost race and the refused delete below are 409s, the API down a 503, that the browser reports on its console.
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of (409|503)/] });
    await openScreen(page, baseUrl, '/admin/course-enrollments');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Course enrolments');
    await search(page, RUN);
    expect(await page.locator('tbody tr').count()).toBe(10);
    expect(await page.locator('.pager').textContent()).toContain('Page 1 of 2 · 12 enrolments');
    // Newest first: the two paid ones lead the first page.
    const first = row(page, students[11]!.email);
    expect(await first.locator('th').textContent()).toContain(students[11]!.email);
    expect(await first.locator('td[data-label="Course"]').textContent()).toBe(`E2E Karate ${RUN}`);
    // $120 + 13% GST (the school's default rate for courses) is what the server priced; the screen shows it, never computes it.
    const priced = (await asAdmin(baseUrl, `/enroll/${id(11)}`)).body.data;
    expect(await first.locator('td[data-label="Total"]').textContent()).toBe(`$${priced.totalAmount.toFixed(2)}`);
    expect(await first.locator('td[data-label="Payment"]').textContent()).toBe('Paid');
    await reloads(page, () => page.getByRole('button', { name: 'Next' }).click());
    expect(await page.locator('.pager').textContent()).toContain('Page 2 of 2');
    expect(await page.locator('tbody tr').count()).toBe(2);
    await reloads(page, () => page.getByRole('button', { name: 'Previous' }).click());
    expect(await page.locator('.pager').textContent()).toContain('Page 1 of 2');

    await pick(page, 'Payment', 'Paid');
    await expect.poll(() => page.locator('tbody tr').count(), POLL).toBe(2);
    await screenshot(page, 'admin-course-enrollments-1280');

    // Approving a paid one makes it Active at once; the notes field has the focus when the dialog opens.
    await first.getByRole('button', { name: /^Approve/ }).click();
    const approve = page.getByRole('dialog', { name: /^Approve / });
    expect(await approve.textContent()).toContain('becomes Active at once');
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^note-approve/);
    await page.keyboard.type('Welcome to the dojo');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('Active');
    await expect.poll(() => first.getAttribute('data-status'), POLL).toBe('active');
    expect((await asAdmin(baseUrl, `/enroll/${id(11)}`)).body.data).toMatchObject({
      enrollmentStatus: 'active',
      approvalNotes: 'Welcome to the dojo',
    });

    // A paid live enrolment cannot be deleted: the server's 409 is shown and the row stays.
    await first.getByRole('button', { name: /^Delete/ }).click();
    await page
      .getByRole('dialog', { name: /^Delete / })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect.poll(() => alertLine(page).textContent(), POLL).toBe(ENROLLMENT_MESSAGES.paidUndeletable);
    expect((await asAdmin(baseUrl, `/enroll/${id(11)}`)).status).toBe(200);

    // An unpaid one approved stays Approved until paid; the status line says so.
    await pick(page, 'Payment', 'Payment due');
    const unpaid = row(page, students[2]!.email);
    await unpaid.getByRole('button', { name: /^Approve/ }).click();
    await page
      .getByRole('dialog', { name: /^Approve / })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('Approved — awaiting payment');
    await expect.poll(() => unpaid.getAttribute('data-status'), POLL).toBe('approved');

    // Reject it with a reason: it ends Cancelled and nothing was paid.
    await unpaid.getByRole('button', { name: /^Reject/ }).click();
    const reject = page.getByRole('dialog', { name: /^Reject / });
    expect(await reject.textContent()).toContain('nothing is refunded');
    await reject.getByLabel(/^Rejection reason/).fill('Class times do not suit');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => unpaid.getAttribute('data-status'), POLL).toBe('cancelled');
    expect((await asAdmin(baseUrl, `/enroll/${id(2)}`)).body.data).toMatchObject({
      enrollmentStatus: 'cancelled',
      cancelReason: 'Class times do not suit',
    });

    // Another admin approves one first: this page's approval loses with the server's words and the row catches up.
    expect((await asAdmin(baseUrl, `/enroll/${id(3)}/approve`, { method: 'POST', body: {} })).status).toBe(200);
    const raced = row(page, students[3]!.email);
    expect(await raced.getAttribute('data-status')).toBe('pending_approval');
    await raced.getByRole('button', { name: /^Approve/ }).click();
    await page
      .getByRole('dialog', { name: /^Approve / })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await expect.poll(() => alertLine(page).textContent(), POLL).toBe(ENROLLMENT_MESSAGES.cannotApprove('approved'));
    await expect.poll(() => raced.getAttribute('data-status'), POLL).toBe('approved');
    expect(await raced.getByRole('button', { name: /^Approve/ }).count()).toBe(0);

    // Bulk delete of two unpaid ones and a paid live one: the server keeps the paid one and the screen says so.
    await pick(page, 'Payment', 'All payments');
    for (const i of [4, 5, 10]) await row(page, students[i]!.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 3 enrolments?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => statusLine(page).textContent(), POLL)
      .toBe('2 enrolments deleted. 1 enrolment kept: a paid enrolment that is still live cannot be deleted (reject it first).');
    for (const i of [4, 5]) expect((await asAdmin(baseUrl, `/enroll/${id(i)}`)).status).toBe(404);
    expect((await asAdmin(baseUrl, `/enroll/${id(10)}`)).status).toBe(200);
    await expect.poll(() => page.locator('tbody tr').count(), POLL).toBe(10);

    // The API down: the list answers from the copy stored in this browser and says so.
    await page.route('**/api/enroll/admin/all*', (r) =>
      r.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.reload();
    await screenReady(page);
    expect(await page.locator('.offline-notice').textContent()).toContain('Offline copy.');
    expect(await row(page, students[10]!.email).count()).toBe(1);
    await page.unroute('**/api/enroll/admin/all*');

    // The detail by deep link: amounts, approval notes, dates.
    await page.goto(`${baseUrl}/admin/course-enrollments/${id(11)}`);
    await page.locator('.enrollment-detail[data-status="active"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`${students[11]!.name} in E2E Karate ${RUN}`);
    expect(await page.locator('[data-approval-notes]').textContent()).toBe('Welcome to the dojo');
    expect(await page.locator('[data-total]').textContent()).toBe(`$${priced.totalAmount.toFixed(2)} ${priced.currency}`);
    await screenshot(page, 'admin-course-enrollment-detail-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await fitsWidth(page);
    await screenshot(page, 'admin-course-enrollment-detail-360');
    await page.getByRole('link', { name: '← Course enrolments' }).click();
    await screenReady(page);
    await search(page, RUN);
    await fitsWidth(page);
    await screenshot(page, 'admin-course-enrollments-360');
  });

  it('lists a membership purchase with its document, opens the document with the admin token, and approves it', async () => {
    const created = await asAdmin(baseUrl, '/memberships', {
      body: { name: `E2E Membership ${RUN}`, plans: [{ name: 'Monthly', durationMonths: 1, price: 89, gstRate: 5 }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const membership = created.body.membership as { _id: string; plans: { _id: string }[] };
    const buyer = await student('member');
    const bought = await multipart(
      '/purchase-membership',
      buyer.token,
      { membershipId: membership._id, planId: membership.plans[0]!._id, paymentMethod: 'sandbox', notes: 'Family plan please' },
      { name: 'waiver.png', type: 'image/png', bytes: noisePng(24, 16) },
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const enrollmentId = bought.body.data.enrollment._id as string;

    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/membership-enrollments');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Membership enrolments');
    await search(page, buyer.email);
    const line = row(page, buyer.email);
    await line.waitFor();
    expect(await line.locator('td[data-label="Plan"]').textContent()).toBe(`E2E Membership ${RUN}Monthly1 document`);
    expect(await line.locator('td[data-label="Status"]').textContent()).toBe('Pending approvalPayment due');
    expect(await line.locator('td[data-label="Total"]').textContent()).toMatch(/^C\$\d+\.\d\d$/);
    await screenshot(page, 'admin-membership-enrollments-1280');

    await line.getByRole('link').click();
    await page.waitForURL(`${baseUrl}/admin/membership-enrollments/${enrollmentId}`);
    await page.locator('.enrollment-detail[data-status="pending_approval"]').waitFor();
    // The API serves documents only with the Authorization header: the screen fetches it and opens the bytes in a new tab.
    // Listed under the name the server makes (never the uploader's 'waiver.png').
    const doc = page.getByRole('link', { name: `membership-${enrollmentId}-1.png` });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), doc.click()]);
    await expect.poll(() => tab.url(), POLL).toMatch(/^blob:/);
    await tab.locator('img').waitFor();
    expect(await tab.locator('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([24, 16]);
    await tab.close();
    await screenshot(page, 'admin-membership-enrollment-detail-1280');

    await page.getByRole('button', { name: /^Approve/ }).click();
    await page
      .getByRole('dialog', { name: /^Approve / })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await page.locator('.enrollment-detail[data-status="approved"]').waitFor();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('Approved — awaiting payment');
    await page.setViewportSize({ width: 360, height: 800 });
    await fitsWidth(page);
    await screenshot(page, 'admin-membership-enrollment-detail-360');
  });

  it('approves an instructor application (instructor ID shown), suspends it with a reason, reactivates it, loses a race, and completes it', async () => {
    const applicant = await student();
    const applied = await multipart('/instructors', applicant.token, {
      instructorType: 'assistant',
      grade: 'Brown belt',
      experienceYears: '4',
      specialties: 'Kata, Kids classes',
      bio: 'I have helped with the kids classes for two years.',
      availability: 'Weekday evenings',
      phone: '+1 604 555 0199',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const applicationId = applied.body.data.enrollment._id as string;

    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 409/] });
    await openScreen(page, baseUrl, '/admin/instructor-applications');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Instructor applications');
    await pick(page, 'Type', 'Assistant instructor');
    await search(page, applicant.email);
    const line = row(page, applicant.email);
    await line.waitFor();
    expect(await line.locator('td[data-label="Grade"]').textContent()).toBe('Brown belt4 years of experience');
    await screenshot(page, 'admin-instructor-applications-1280');

    await line.getByRole('button', { name: /^Approve/ }).click();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('Start with the Tuesday kids class');
    await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toMatch(/approved: instructor ID \S+, role Instructor$/);
    const approved = (await asAdmin(baseUrl, `/instructors/${applicationId}`)).body.data.enrollment;
    expect(approved.instructorId).toBeTruthy();
    expect(await statusLine(page).textContent()).toContain(approved.instructorId);
    await expect.poll(() => line.locator('[data-instructor-id]').textContent(), POLL).toBe(approved.instructorId);

    await page.goto(`${baseUrl}/admin/instructor-applications/${applicationId}`);
    await page.locator('.enrollment-detail[data-instructor-status="active"]').waitFor();
    // Suspending needs a reason: an empty one is refused in the dialog, which keeps the focus in the field.
    await page.getByRole('button', { name: /^Suspend/ }).click();
    const suspend = page.getByRole('dialog', { name: /^Suspend / });
    expect(await suspend.textContent()).toContain('access stops at once');
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect.poll(() => suspend.getByRole('alert').textContent(), POLL).toBe('Reason for suspension is required');
    await page.keyboard.type('Missed three classes without notice');
    await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
    await page.locator('.enrollment-detail[data-instructor-status="suspended"]').waitFor();
    expect(await page.locator('[data-suspend-reason]').textContent()).toBe('Missed three classes without notice');
    expect((await asAdmin(baseUrl, `/instructors/${applicationId}`)).body.data.enrollment.suspendReason).toBe(
      'Missed three classes without notice',
    );

    await page.getByRole('button', { name: /^Reactivate/ }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/^Reason/)
      .fill('Talked it through');
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate', exact: true }).click();
    await page.locator('.enrollment-detail[data-instructor-status="active"]').waitFor();
    await screenshot(page, 'admin-instructor-application-detail-1280');

    // Another admin suspends it meanwhile: this page's suspension loses with the server's words, and the page catches up.
    const other = await asAdmin(baseUrl, `/instructors/${applicationId}/suspend`, {
      method: 'POST',
      body: { suspendReason: 'By the other admin' },
    });
    expect(other.status).toBe(200);
    await page.getByRole('button', { name: /^Suspend/ }).click();
    await page.keyboard.type('Too late');
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend', exact: true }).click();
    await expect.poll(() => alertLine(page).textContent(), POLL).toBe(ENROLLMENT_MESSAGES.cannotSuspend);
    await page.locator('.enrollment-detail[data-instructor-status="suspended"]').waitFor();
    expect(await page.locator('[data-suspend-reason]').textContent()).toBe('By the other admin');

    await page.getByRole('button', { name: /^Mark completed/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark completed', exact: true }).click();
    await page.locator('.enrollment-detail[data-status="completed"]').waitFor();
    expect(await page.getByRole('button', { name: /^(Approve|Suspend|Reactivate|Mark completed)/ }).count()).toBe(0);
    expect((await asAdmin(baseUrl, `/instructors/${applicationId}`)).body.data.enrollment.enrollmentStatus).toBe('completed');
    await page.setViewportSize({ width: 360, height: 800 });
    await fitsWidth(page);
    await screenshot(page, 'admin-instructor-application-detail-360');
  });
});
