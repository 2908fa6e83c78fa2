import { mkdirSync } from 'node:fs';
import { createClient } from '@libsql/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, islandReady, loginThroughForm, openPage, POLL, type CreatedUser } from './auth-helpers.ts';

const baseUrl = inject('baseUrl');
const HOUR = 3_600_000;
const SHOTS = '/tmp/shots26/family';

async function sql(statement: string, args: (string | number | null)[]) {
  const db = createClient({ url: inject('dbUrl') });
  await db.execute({ sql: statement, args });
  db.close();
}

async function addSession(title: string, inHours: number) {
  const start = Date.now() + inHours * HOUR;
  const { status, body } = await apiCall(baseUrl, '/sessions', {
    token: await adminToken(baseUrl),
    body: {
      title,
      location: 'Main dojo',
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
      capacity: 5,
    },
  });
  if (status !== 201) throw new Error(`adding a session failed: ${status} ${JSON.stringify(body)}`);
  return body.session._id as string;
}

/** Booking needs an active membership (class eligibility). */
const giveMembership = (userId: string) =>
  sql(
    `insert into membership_enrollments (id, user_id, membership_name, plan_name, duration_months, status, payment_status, plan_price_cents, payment_method, discount_cents, gst_cents, total_cents, starts_at, ends_at)
     values (?, ?, 'Kids membership', 'Monthly', 1, 'active', 'paid', 0, 'free', 0, 0, 0, ?, ?)`,
    [newId(), userId, Date.now() - 86_400_000, Date.now() + 30 * 86_400_000],
  );

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function login(page: Page, user: CreatedUser) {
  await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: user.email }, user.password);
  await page.waitForURL(/\/student/, { timeout: 15_000 });
}

/** Draws a stroke with pointer events (the mouse's) across the pad. */
async function draw(page: Page) {
  const pad = page.locator('.signature-surface svg');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (0.6 - Math.sin(i) * 0.25));
  await page.mouse.up();
}

describe('A guardian’s family and the waiver', () => {
  let browser: Browser;
  let waiverId = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken(baseUrl);
    const doc = await apiCall(baseUrl, '/waivers', {
      token,
      body: {
        title: `Liability waiver ${Date.now()}`,
        body: '# Risks\n\nKarate is a contact sport.\n\n- Follow the instructor\n- Tell us about injuries',
      },
    });
    expect(doc.status).toBe(201);
    waiverId = doc.body.data._id;
    await sql('update site_settings set required_waiver_id = ?', [waiverId]);
  });
  afterAll(async () => {
    await sql('update site_settings set required_waiver_id = null', []);
    await browser?.close();
  });

  it('adds a child, is sent to sign the waiver for them by drawing, downloads the PDF, comes back and books the class', async () => {
    const title = `E2E Kids kata ${Math.random().toString(36).slice(2, 7)}`;
    const sessionId = await addSession(title, 30);
    const guardian = await createTestUser(baseUrl, 'member', 'guardian');
    const page = await openPage(browser, { allowHttpErrors: true, viewport: { width: 1366, height: 900 } });
    await login(page, guardian);

    await page.goto(`${baseUrl}/student/family`);
    await page.getByRole('link', { name: 'Add a child' }).click();
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Guardian');
    await page.getByLabel('Date of birth').fill('2016-04-02');
    await page.getByLabel('Grade or belt').fill('Yellow belt');
    await page.getByLabel('Medical notes').fill('Asthma: inhaler in her bag');
    await page.getByRole('button', { name: 'Add child' }).click();
    const card = page.locator('.child-card', { hasText: 'Mia Guardian' });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Yellow belt');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const child = (await apiCall(baseUrl, '/family', { token })).body.data.children[0];
    await giveMembership(child._id);
    await shoot(page, 'family-1366');

    await card.getByRole('link', { name: /^Book a class for Mia/ }).click();
    const row = page.locator('.class-card', { hasText: title }).filter({ has: page.getByRole('button', { name: /^Book/ }) });
    await row.getByRole('button', { name: /^Book/ }).click();
    await page.waitForURL(/\/student\/waiver\?document=/, { timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('document')).toBe(waiverId);
    expect(url.searchParams.get('for')).toBe(child._id);
    expect(url.searchParams.get('return')).toBe(`/student/family/${child._id}`);
    await page.getByRole('heading', { name: 'Sign for Mia Guardian' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.waiver-text h2').textContent()).toBe('Risks');
    await draw(page);
    await expect.poll(() => page.locator('.signature-pad [role=status]').textContent(), POLL).toBe('Signature drawn.');
    await shoot(page, 'waiver-drawn-1366');
    await page.getByLabel(/I have read version 1/).check();
    await page.getByLabel('Your full name').fill('Test Guardian');
    await page.getByRole('button', { name: 'Sign the waiver' }).click();
    const pdf = page.getByRole('link', { name: 'Download signed PDF' });
    await pdf.waitFor({ timeout: 15_000 });
    expect(await pdf.getAttribute('href')).toMatch(/^\/api\/waivers\/signatures\/.+\/pdf$/);
    const download = page.waitForEvent('download');
    await pdf.click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await shoot(page, 'waiver-signed-1366');
    const signed = (await apiCall(baseUrl, `/waivers/status?for=${child._id}`, { token })).body.data;
    expect(signed.signed).toBe(true);
    expect(signed.signature.signatureKind).toBe('svg');

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(new RegExp(`/student/family/${child._id}$`));
    await row.getByRole('button', { name: /^Book/ }).click();
    await expect.poll(() => page.locator('.form-status').first().textContent(), POLL).toContain(title);
    const mine = await apiCall(baseUrl, `/bookings/my?for=${child._id}`, { token });
    expect(mine.body.data.map((b: { sessionId: string }) => b.sessionId)).toEqual([sessionId]);

    // An emergency contact added on the edit form, then emptied there, is cleared (an empty form once kept the old one).
    const contactOf = async () => (await apiCall(baseUrl, '/family', { token })).body.data.children[0].emergencyContact;
    const editContact = async (name: string, phone: string) => {
      await page.goto(`${baseUrl}/student/family/${child._id}/edit`);
      await islandReady(page, 'form[data-ready]');
      const contact = page.getByRole('group', { name: /Emergency contact/ });
      await contact.getByLabel('Name').fill(name);
      await contact.getByLabel('Phone').fill(phone);
      await page.getByRole('button', { name: /^Save/ }).click();
      await expect.poll(() => page.locator('.form-status').first().textContent(), POLL).toMatch(/updated/i);
    };
    await editContact('Ken Guardian', '604 555 0101');
    expect(await contactOf()).toMatchObject({ name: 'Ken Guardian', phone: '604 555 0101' });
    await editContact('', '');
    expect(await contactOf()).toEqual({});
  });

  it('a keyboard user signs for themself with the typed name alone, on a phone-sized screen', async () => {
    const member = await createTestUser(baseUrl, 'member', 'keyboard');
    const page = await openPage(browser, { viewport: { width: 360, height: 780 } });
    await login(page, member);
    await page.goto(`${baseUrl}/student/waiver?document=${waiverId}&return=${encodeURIComponent('/student/classes')}`);
    await page.getByRole('heading', { name: 'Sign' }).waitFor({ timeout: 15_000 });
    await shoot(page, 'waiver-360');
    const agree = page.getByLabel(/I have read version 1/);
    await agree.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('typedName');
    await page.keyboard.type('Test Keyboard');
    await page.keyboard.press('Tab');
    // The pad takes the focus with its name and its advice for keyboard users, then is skipped.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('group');
    const hint = await page.evaluate(() => document.getElementById(document.activeElement!.getAttribute('aria-describedby')!)?.textContent);
    expect(hint).toContain('Skip the pad');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign the waiver' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Download signed PDF' }).waitFor({ timeout: 15_000 });
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const status = (await apiCall(baseUrl, '/waivers/status', { token })).body.data;
    expect(status.signature.signatureKind).toBe('typed');
    await shoot(page, 'waiver-signed-360');
    await page.goto(`${baseUrl}/student/family`);
    await page.getByRole('heading', { name: 'Children' }).waitFor({ timeout: 15_000 });
    await shoot(page, 'family-empty-360');
  });
});
