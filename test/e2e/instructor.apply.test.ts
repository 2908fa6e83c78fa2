import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiCall, createTestUser, freshIp, islandReady, openPage, POLL } from './auth-helpers.ts';
import { screenshot } from './admin-content-helpers.ts';

const baseUrl = inject('baseUrl');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20 * 1024)]);

describe('applying to teach in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('takes a student from the login link back to the form, sends the application with a certificate, then shows it pending', async () => {
    const student = await createTestUser(baseUrl, 'student', 'teach');
    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/about`);
    await page.locator('#main').getByRole('link', { name: 'Teach at the dojo' }).click();
    await page.waitForURL(/\/teach$/);
    await page.getByRole('link', { name: 'Log in to apply' }).click();
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Email', { exact: true }).fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/teach$/, { timeout: 15_000 });
    await islandReady(page, 'form.enrol-form[data-ready]');

    // Required fields are caught before sending, next to the field, which gets the focus.
    await page.getByRole('button', { name: 'Send my application' }).click();
    expect(await page.locator('#apply-grade-error').textContent()).toBe('Grade (belt rank) is required');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('apply-grade');

    await page.getByLabel('I am applying as').selectOption('assistant');
    await page.getByLabel('Grade').fill('1st Dan');
    await page.getByLabel(/Years of experience/).fill('6');
    await page.getByLabel(/Specialties/).fill('kata, kids classes');
    await page.getByLabel('About you').fill('I have trained for twelve years and helped with the kids classes for three.');
    await page.getByLabel(/Availability/).fill('Tuesday and Thursday evenings');
    await page.getByLabel(/Phone/).fill('+1 604 555 0142');
    // The typed answers are kept (spec 3 instructor data) until the application is sent.
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('instructor_data'))) ?? '{}').grade, POLL)
      .toBe('1st Dan');
    await page.getByLabel(/Certificates/).setInputFiles([{ name: 'dan.png', mimeType: 'image/png', buffer: PNG }]);
    await screenshot(page, 'teach-form-1280');
    await page.getByRole('button', { name: 'Send my application' }).click();

    await islandReady(page, '.enrol-status[data-ready]');
    await expect
      .poll(() => page.locator('.enrol-status [role=status]').textContent(), POLL)
      .toBe('Your application as assistant instructor: Pending approval.');
    expect(await page.getByRole('link', { name: 'See my application' }).getAttribute('href')).toBe('/student/instructor-application');
    // The draft gave way to the application the school received.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('instructor_data')))!)).toMatchObject({
      enrollmentStatus: 'pending_approval',
    });

    // A second visit shows the same application instead of the form.
    await page.reload();
    await islandReady(page, '.enrol-status[data-ready]');
    expect(await page.locator('form.enrol-form').count()).toBe(0);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'teach-status-360');

    const login = await apiCall(baseUrl, '/auth/login', { body: { email: student.email, password: student.password }, ip: freshIp() });
    const mine = await apiCall(baseUrl, '/instructors/my-enrollments', { token: login.body.token });
    expect(mine.body.data.enrollments[0]).toMatchObject({
      enrollmentStatus: 'pending_approval',
      instructorType: 'assistant',
      grade: '1st Dan',
      experienceYears: 6,
      specialties: ['kata', 'kids classes'],
      phone: '+1 604 555 0142',
    });
    expect(mine.body.data.enrollments[0].documents).toHaveLength(1);
  });
});
