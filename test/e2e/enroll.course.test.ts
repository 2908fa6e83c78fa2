import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, freshIp, islandReady, openPage, POLL } from './auth-helpers.ts';
import { adminPage, screenshot } from './admin-content-helpers.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

describe('enrolling in a course in a browser: visitor → login → form → coupon → sandbox → complete', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('brings the visitor back to the open form after logging in, takes the coupon and the payment, then says already enrolled', async () => {
    const admin = await adminToken(baseUrl);
    const t = tag();
    const course = await apiCall(baseUrl, '/courses', {
      token: admin,
      body: { title: `E2E Kata ${t}`, price: 120, gstRate: 0, durationWeeks: 8, shortDescription: 'Kata for the browser test.' },
    });
    expect(course.status).toBe(201);
    const { _id: courseId, slug } = course.body.data as { _id: string; slug: string };
    const coupon = await apiCall(baseUrl, '/coupons', {
      token: admin,
      body: { code: `KATA${t}`, discountType: 'fixed', discountValue: 20, category: 'course' },
    });
    expect(coupon.status).toBe(201);
    const student = await createTestUser(baseUrl, 'student', 'enrol');

    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/courses/${slug}`);
    await page.getByRole('link', { name: 'Log in to enrol' }).click();
    await page.waitForURL(/\/auth\/login\?next=/);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Email', { exact: true }).fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    // Back on the same course with the enrolment started: the form is open and has the focus.
    await page.waitForURL(new RegExp(`/courses/${slug}\\?enroll=1$`), { timeout: 15_000 });
    await islandReady(page, '.enrol-form[data-ready]');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), POLL).toBe('enrol-heading');
    const totals = page.locator('.enrol-totals');
    await expect.poll(() => totals.textContent(), POLL).toContain('Course price$120.00');
    expect(await page.locator('.enrol-totals .cart-total dd').textContent()).toBe('$120.00');

    // A refused coupon says why; the right one takes $20 off.
    await page.getByLabel('Coupon code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('#coupon-message').textContent(), POLL).not.toBe('');
    expect(await page.locator('#coupon-message').getAttribute('class')).toBe('form-error');
    await page.getByLabel('Coupon code').fill(`kata${t.toLowerCase()}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => totals.textContent(), POLL).toContain(`Coupon (KATA${t})−$20.00`);
    expect(await page.locator('.enrol-totals .cart-total dd').textContent()).toBe('$100.00');
    await screenshot(page, 'enrol-course-form-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'enrol-course-form-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(JSON.parse((await stored(page, 'enrollment_coupon')) ?? 'null')).toEqual({ courseId, code: `KATA${t}` });

    await page.getByRole('radio', { name: /Test payment/ }).check();
    await page.getByLabel(/Notes for the school/).fill('Left-handed, first class on Monday.');
    await expect
      .poll(async () => JSON.parse((await stored(page, 'enrollment_form')) ?? 'null'), POLL)
      .toEqual({ courseId, method: 'sandbox', notes: 'Left-handed, first class on Monday.' });
    await page.getByRole('button', { name: 'Enrol and pay' }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    expect(await page.locator('.sandbox-amount').textContent()).toContain('$100.00');
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await page.waitForURL(/\/enroll\/complete\?/, { timeout: 15_000 });
    await expect.poll(() => page.locator('.order-done [role=status]').textContent(), POLL).toContain('Your payment is received');
    expect(await page.locator('.enrol-facts').textContent()).toContain('PaymentPaid');
    expect(await page.getByRole('link', { name: 'See my courses' }).getAttribute('href')).toBe('/student/courses');
    await screenshot(page, 'enrol-course-complete');
    // Spec 4: the saved form and coupon go, the stored list is refreshed with the paid enrolment.
    await expect.poll(() => stored(page, 'enrollment_form'), POLL).toBeNull();
    expect(await stored(page, 'enrollment_coupon')).toBeNull();
    await expect
      .poll(async () => {
        const copy = JSON.parse((await stored(page, 'user_enrollments')) ?? 'null') as {
          data: { course: { _id: string }; paymentStatus: string }[];
        } | null;
        return copy?.data.find((e) => e.course._id === courseId)?.paymentStatus;
      }, POLL)
      .toBe('paid');

    // A second visit says so, with the status, instead of the form.
    await page.goto(`${baseUrl}/courses/${slug}?enroll=1`);
    await islandReady(page, '.enrol-status[data-ready]');
    expect(await page.locator('.enrol-status [role=status]').textContent()).toMatch(
      /You are enrolled in this course: (Pending approval|Active), paid\./,
    );
    expect(await page.locator('.enrol-form').count()).toBe(0);

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const mine = await apiCall(baseUrl, '/enroll/my-enrollments', { token: token! });
    expect(mine.body.data.find((e: { course: { _id: string } }) => e.course._id === courseId)).toMatchObject({
      paymentStatus: 'paid',
      couponCode: `KATA${t}`,
      coursePrice: 120,
      discountAmount: 20,
      totalAmount: 100,
      notes: 'Left-handed, first class on Monday.',
    });
  });

  it('after a declined payment offers Try again, which opens a new payment for the same enrolment', async () => {
    const admin = await adminToken(baseUrl);
    const course = await apiCall(baseUrl, '/courses', { token: admin, body: { title: `E2E Retry ${tag()}`, price: 45, gstRate: 0 } });
    const { _id: courseId, slug } = course.body.data as { _id: string; slug: string };
    const student = await createTestUser(baseUrl, 'student', 'retry');
    const login = await apiCall(baseUrl, '/auth/login', { body: { email: student.email, password: student.password }, ip: freshIp() });
    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/courses/${slug}`);
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      [login.body.token as string, login.body.user] as const,
    );
    await page.goto(`${baseUrl}/courses/${slug}?enroll=1`);
    await islandReady(page, '.enrol-form[data-ready]');
    await page.getByRole('radio', { name: /Test payment/ }).check();
    await page.getByRole('button', { name: 'Enrol and pay' }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Decline payment' }).click();

    await page.waitForURL(/\/enroll\/complete\?.*declined=1/, { timeout: 15_000 });
    await islandReady(page, '.order-problem[data-ready]');
    expect(await page.locator('.order-problem [role=alert]').textContent()).toContain('The payment was not completed');
    // Nothing verified: the saved form stays for the next try.
    expect(JSON.parse((await stored(page, 'enrollment_form')) ?? 'null')).toMatchObject({ courseId, method: 'sandbox' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    expect(await page.locator('.sandbox-amount').textContent()).toContain('$45.00');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/enroll\/complete\?/, { timeout: 15_000 });
    await expect.poll(() => page.locator('.order-done [role=status]').textContent(), POLL).toContain('Your payment is received');
    expect(await stored(page, 'enrollment_form')).toBeNull();

    const mine = await apiCall(baseUrl, '/enroll/my-enrollments', { token: login.body.token });
    const rows = mine.body.data.filter((e: { course: { _id: string } }) => e.course._id === courseId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentStatus: 'paid', totalAmount: 45 });
  });

  it('shows staff a note instead of the form; visitors get the login links, and the layout holds at 360 px and 1280 px', async () => {
    const admin = await adminToken(baseUrl);
    const course = await apiCall(baseUrl, '/courses', { token: admin, body: { title: `E2E Staff ${tag()}`, price: 50, gstRate: 0 } });
    const visitor = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await visitor.goto(`${baseUrl}/courses/${course.body.data.slug}`);
    expect(await visitor.getByRole('link', { name: 'Log in to enrol' }).isVisible()).toBe(true);
    expect(await visitor.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/auth/register?next=${encodeURIComponent(`/courses/${course.body.data.slug}?enroll=1`)}`,
    );
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(visitor, 'enrol-course-visitor-360');

    const { page } = await adminPage(browser, baseUrl);
    await page.goto(`${baseUrl}/courses/${course.body.data.slug}?enroll=1`);
    await islandReady(page, '.enrol-note[data-ready]');
    expect(await page.locator('.enrol-note').textContent()).toContain('staff account');
    expect(await page.locator('.enrol-form').count()).toBe(0);
  });
});
