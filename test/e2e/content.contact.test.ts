import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');
const THANKS = 'Thank you for your enquiry. We will get back to you soon.';
/** Each test comes from its own address, so the per-IP enquiry limit of other tests never applies. */
const someIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

describe('contact form (ContactForm island)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the spec messages before sending, then submits and shows the thank-you message', async () => {
    const page = await newPage(browser);
    await page.context().setExtraHTTPHeaders({ 'cf-connecting-ip': someIp() });
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    await page.goto(`${baseUrl}/contact?subject=Free%20trial%20class`);
    const form = page.locator('form.contact-form[data-ready]');
    await form.waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe('Free trial class');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.locator('.field-error').allTextContents())
      .toEqual(['Name is required', 'Valid email address is required', 'Phone number is required', 'Message is required']);
    expect(posts).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name').fill('Hana Sato');
    await page.getByLabel('Email').fill('Hana.Sato@example.test');
    await page.getByLabel('Phone number').fill('+1 604 555 0188');
    await page.getByLabel('Message', { exact: true }).fill('Can my daughter (9) try a kids class next week?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.locator('main').getByRole('status').filter({ hasText: THANKS }).count()).toBe(1);
    expect(posts).toEqual(['/api/enquiries']);
    expect(await page.locator('.field-error').count()).toBe(0);
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(page.url()).toBe(`${baseUrl}/contact?subject=Free%20trial%20class`);
  });

  it('works without JavaScript: the form posts to /contact and the page shows errors, then success', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'cf-connecting-ip': someIp() } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`);
    await page.getByLabel('Name').fill('Ken');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${baseUrl}/contact`);
    expect(await page.locator('.field-error').allTextContents()).toEqual([
      'Email is required',
      'Phone number is required',
      'Subject is required',
      'Message is required',
    ]);
    expect(await page.getByLabel('Name').inputValue()).toBe('Ken');
    await page.getByLabel('Email').fill('ken@example.test');
    await page.getByLabel('Phone number').fill('555 0100');
    await page.getByLabel('Subject').fill('Adult classes');
    await page.getByLabel('Message', { exact: true }).fill('Do you have evening classes for beginners?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL(`${baseUrl}/contact`);
    expect(await page.locator('main').getByRole('status').textContent()).toBe(THANKS);
    await context.close();
  });
});
