import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, freshIp, islandReady, openPage, POLL, type CreatedUser } from './auth-helpers.ts';
import { screenshot } from './admin-content-helpers.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** A small but real PDF (the server checks the magic bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'.padEnd(48 * 1024, ' '));

/** Signs the user in the way the login form does: token and user in localStorage. */
async function signIn(page: Page, user: CreatedUser) {
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password }, ip: freshIp() });
  expect(login.status).toBe(200);
  await page.evaluate(
    ([token, u]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [login.body.token as string, login.body.user] as const,
  );
}

describe('buying a membership in a browser: plan → form with a document → sandbox → complete', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a wrong document before sending, uploads a PDF with the progress reaching 100%, pays in C$ and clears the form', async () => {
    const admin = await adminToken(baseUrl);
    const t = tag();
    const created = await apiCall(baseUrl, '/memberships', {
      token: admin,
      body: {
        name: `E2E Dojo ${t}`,
        description: 'Membership for the browser test.',
        benefits: ['All classes'],
        plans: [{ name: 'Monthly', durationMonths: 1, price: 80, discountPrice: 70, gstRate: 5 }],
      },
    });
    expect(created.status).toBe(201);
    const membership = created.body.data as { _id: string; name: string; plans: { _id: string }[] };
    const planId = membership.plans[0]!._id;
    const member = await createTestUser(baseUrl, 'member', 'member');

    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/memberships`);
    await page.getByRole('link', { name: `Choose ${membership.name}, Monthly` }).click();
    await page.waitForURL(new RegExp(`plan=${planId}&purchase=1#purchase$`));
    expect(await page.getByRole('link', { name: 'Log in to buy this membership' }).getAttribute('href')).toBe(
      `/auth/login?next=${encodeURIComponent(`/memberships?plan=${planId}&purchase=1`)}`,
    );
    await signIn(page, member);
    await page.reload();
    await islandReady(page, '.enrol-form[data-ready]');

    // $80 − $10 plan discount = $70; GST 5% = $3.50; total C$73.50.
    const totals = page.locator('.enrol-totals');
    expect(await totals.textContent()).toBe('Plan priceC$80.00Plan discount−C$10.00GST/HSTC$3.50TotalC$73.50');
    expect(await page.locator('.enrol-methods').textContent()).toContain('(C$)');

    await page.getByLabel(/Documents/).setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    expect(await page.locator('#membership-documents-error').textContent()).toBe('notes.txt is not a PDF, JPG, PNG or WebP file.');
    await page.getByRole('button', { name: 'Buy and pay' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('membership-documents');
    expect(page.url()).toContain('/memberships?');

    await page.getByLabel(/Documents/).setInputFiles([{ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: PDF }]);
    expect(await page.locator('#membership-documents-error').count()).toBe(0);
    await page.getByRole('radio', { name: /Test payment/ }).check();
    await page.getByLabel(/Notes for the school/).fill('Brown belt from another dojo.');
    await expect
      .poll(async () => JSON.parse((await stored(page, 'membership_form')) ?? 'null'), POLL)
      .toEqual({ membershipId: membership._id, planId, method: 'sandbox', notes: 'Brown belt from another dojo.' });
    await screenshot(page, 'membership-form-1280');

    // Watch the progress bar's value while the upload runs (the page leaves for the sandbox right after).
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('#upload-progress');
        if (bar) seen.push(bar.value);
        sessionStorage.setItem('progressSeen', JSON.stringify(seen));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Buy and pay' }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    const seen = JSON.parse((await page.evaluate(() => sessionStorage.getItem('progressSeen'))) ?? '[]') as number[];
    expect(seen).toContain(100);
    expect(await page.locator('.sandbox-amount').textContent()).toContain('73.50');
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await page.waitForURL(/\/memberships\/complete\?/, { timeout: 15_000 });
    await expect.poll(() => page.locator('.order-done [role=status]').textContent(), POLL).toContain('Your payment is received');
    expect(await page.getByRole('link', { name: 'See my memberships' }).getAttribute('href')).toBe('/student/memberships');
    await expect.poll(() => stored(page, 'membership_form'), POLL).toBeNull();
    await expect
      .poll(async () => {
        const copy = JSON.parse((await stored(page, 'membership_enrollments')) ?? 'null') as {
          data: { membership: { _id: string }; paymentStatus: string }[];
        } | null;
        return copy?.data.find((e) => e.membership._id === membership._id)?.paymentStatus;
      }, POLL)
      .toBe('paid');

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const mine = await apiCall(baseUrl, '/purchase-membership/my-enrollments', { token: token! });
    const bought = mine.body.data.find((e: { membership: { _id: string } }) => e.membership._id === membership._id);
    expect(bought).toMatchObject({
      paymentStatus: 'paid',
      totalAmount: 73.5,
      currencySymbol: 'C$',
      notes: 'Brown belt from another dojo.',
    });
    expect(bought.documents).toHaveLength(1);
    // Served under a name the server makes, not the uploader's 'id-card.pdf'.
    expect(bought.documents[0]).toMatchObject({ name: expect.stringMatching(/^membership-[0-9a-z]+-1\.pdf$/), type: 'application/pdf' });

    // Back on the plan: already a member, no second form.
    await page.goto(`${baseUrl}/memberships?plan=${planId}&purchase=1`);
    await islandReady(page, '.enrol-status[data-ready]');
    expect(await page.locator('.enrol-status [role=status]').textContent()).toContain(`You already have the ${membership.name} membership`);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'membership-status-360');
  });
});
