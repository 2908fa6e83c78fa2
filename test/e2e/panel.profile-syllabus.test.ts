import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asAdmin, noisePng, screenReady, screenshot, uniq } from './admin-content-helpers.ts';
import { adminToken, apiCall, type CreatedUser, createTestUser, freshIp, openPage, POLL, storeSession } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

/** Signed in as `user` (token and user in localStorage, as the login page leaves them). */
async function signedIn(browser: Browser, user: CreatedUser, width = 1280): Promise<Page> {
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const page = await openPage(browser, { allowHttpErrors: true, viewport: { width, height: 900 } });
  await storeSession(page, baseUrl, login);
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await screenReady(page);
}

const setGrade = (user: CreatedUser, grade: string) =>
  asAdmin(baseUrl, `/users/${user.id}`, { method: 'PATCH', body: { profile: { grade } } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** An item with a PDF (multipart, as the admin's editor sends it) and an external link. */
async function syllabusItem(grade: string, title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, grade, category: 'kata', description: `Learn ${title} slowly, then at speed.` }))
    form.append(k, v);
  form.append('externalLinks[0][title]', `${title} on video`);
  form.append('externalLinks[0][url]', 'https://video.dojo.test/kata');
  form.append('externalLinks[0][type]', 'video');
  form.append('materials', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `${grade}-notes.pdf`);
  const res = await fetch(`${baseUrl}/api/syllabus`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(baseUrl)}`, 'cf-connecting-ip': freshIp() },
    body: form,
  });
  const body = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`syllabus item: ${res.status} ${JSON.stringify(body)}`);
  return body.data as { _id: string; title: string };
}

const card = (page: Page, title: string) => page.locator('form.profile-card', { has: page.getByRole('heading', { name: title }) });

let browser: Browser;
let yellowKata: { title: string };
let greenKata: { title: string };

beforeAll(async () => {
  browser = await launchBrowser();
  yellowKata = await syllabusItem('yellow', uniq('Pinan Nidan'));
  greenKata = await syllabusItem('green', uniq('Pinan Sandan'));
});
afterAll(() => browser?.close());

describe('a student’s profile and syllabus', () => {
  it('edits the name (the header follows), crops and uploads a picture, changes the password, and reads their grade’s syllabus', async () => {
    const student = await createTestUser(baseUrl, 'student', 'profile');
    expect((await setGrade(student, 'yellow')).status).toBe(200);
    const page = await signedIn(browser, student);
    await open(page, '/student/profile');

    // Name: saved by its own card, and the panel header shows it without a reload.
    const details = card(page, 'Your details');
    await details.getByLabel('First name').fill('Hana');
    await details.getByLabel('Phone').fill('+1 604 555 0100');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => details.getByRole('status').textContent(), POLL).toBe('Your details were saved');
    await expect.poll(() => page.locator('.panel-user-name').textContent(), POLL).toBe(`Hana ${student.lastName}`);

    // A Canadian school: the province comes from the list; a wrong postal code is named at the field before sending.
    const address = card(page, 'Address');
    await expect.poll(() => address.getByLabel('Country').inputValue(), POLL).toBe('Canada');
    await address.getByLabel('Street address').fill('12 Dojo Way');
    await address.getByLabel('City').fill('Vancouver');
    await address.getByLabel('Province or territory').selectOption('BC');
    await address.getByLabel('Postal code').fill('90210');
    await address.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => address.locator('#pf-postal-error').textContent(), POLL).toBe('Postal code must look like A1A 1A1');
    await address.getByLabel('Postal code').fill('v5k0a1');
    await address.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => address.getByRole('status').textContent(), POLL).toBe('Your address was saved');
    expect(await address.getByLabel('Postal code').inputValue()).toBe('V5K 0A1');

    const emergency = card(page, 'Emergency contact');
    await emergency.getByLabel('Name').fill('Mika Sato');
    await emergency.getByLabel('Relation').fill('Mother');
    await emergency.getByLabel('Phone').fill('604.555.0199');
    await emergency.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => emergency.getByRole('status').textContent(), POLL).toBe('Your emergency contact was saved');

    const zone = card(page, 'Time zone and location');
    await zone.getByLabel('Time zone').selectOption('America/Vancouver');
    await zone.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => zone.getByRole('status').textContent(), POLL).toBe('Time zone saved: America/Vancouver');

    // Picture: a large landscape photo, cropped to a square in the browser with the keyboard, then uploaded.
    await page.locator('#pf-picture-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: noisePng(1200, 800) });
    const frame = page.getByRole('group', { name: /Crop frame/ });
    await frame.waitFor();
    await frame.focus();
    await page.keyboard.press('Shift+ArrowRight');
    expect(Number(await page.getByRole('slider', { name: 'Left to right' }).inputValue())).toBeGreaterThan(200);
    const size = page.getByRole('slider', { name: 'Size' });
    await size.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    expect(Number(await size.inputValue())).toBeLessThan(800);
    await page.getByRole('button', { name: 'Save picture' }).click();
    await expect.poll(() => page.locator('.profile-picture-card [role="status"]').textContent(), POLL).toBe('Your picture was saved');
    const avatar = page.locator('.panel-avatar');
    await avatar.waitFor();
    const side = await avatar.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(side[0]).toBe(side[1]);
    expect(side[0]).toBeLessThanOrEqual(512);
    await screenshot(page, 'profile-student-1280');

    // Password: the mismatch is said at the field; then the change goes through and the new one logs in.
    const password = card(page, 'Password');
    await password.getByLabel('Current password').fill(student.password);
    await password.getByLabel('New password', { exact: true }).fill('Seiza-Mokuso-2026');
    await password.getByLabel('Confirm new password').fill('Seiza-Mokuso-2027');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => password.locator('#pf-confirm-password-error').textContent(), POLL).toBe('Passwords do not match');
    await password.getByLabel('Confirm new password').fill('Seiza-Mokuso-2026');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => password.getByRole('status').textContent(), POLL).toBe('Password updated successfully');
    const relogin = await apiCall(baseUrl, '/auth/login', { body: { email: student.email, password: 'Seiza-Mokuso-2026' }, ip: freshIp() });
    expect(relogin.status).toBe(200);
    expect(relogin.body.user.profile).toMatchObject({
      firstName: 'Hana',
      state: 'BC',
      postalCode: 'V5K 0A1',
      country: 'Canada',
      timezone: 'America/Vancouver',
    });
    expect(relogin.body.user.emergencyContact).toEqual({ name: 'Mika Sato', relationship: 'Mother', phone: '604.555.0199' });

    // The session goes on with the new token: the syllabus opens, with the yellow belt's items only.
    await page.getByRole('link', { name: 'Syllabus' }).click();
    await screenReady(page);
    await page.getByRole('heading', { name: yellowKata.title }).waitFor();
    expect(await page.locator('.syllabus-grade').textContent()).toContain('Yellow belt');
    expect(await page.getByRole('heading', { name: greenKata.title }).count()).toBe(0);
    expect(await page.getByRole('link', { name: new RegExp(`${yellowKata.title} on video`) }).getAttribute('href')).toBe(
      'https://video.dojo.test/kata',
    );
    // The file comes through the authorised download: a link signed for this student.
    const file = page.getByRole('link', { name: /yellow-notes\.pdf/ });
    const download = await page.evaluate(
      async (href) => {
        const res = await fetch(href);
        return { status: res.status, type: res.headers.get('content-type'), head: (await res.text()).slice(0, 8) };
      },
      (await file.getAttribute('href'))!,
    );
    expect(download).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-1.4' });
  });

  it('tells a member without a grade why the syllabus is empty, fits a phone, and deactivates the account with the password', async () => {
    const member = await createTestUser(baseUrl, 'member', 'nograde');
    const page = await signedIn(browser, member, 360);
    await open(page, '/student/syllabus');
    expect(await page.locator('.syllabus-empty').textContent()).toBe(
      'No grade is set on your profile yet. Your instructor will set it, then your syllabus appears here.',
    );
    await open(page, '/student/profile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'profile-member-360');

    const close = card(page, 'Deactivate your account');
    await close.getByLabel('Your password, to confirm').fill('not-my-password');
    await close.getByRole('button', { name: 'Deactivate my account' }).click();
    await expect.poll(() => close.locator('.form-alert').textContent(), POLL).toBe('Password is incorrect');
    await close.getByLabel('Your password, to confirm').fill(member.password);
    await close.getByRole('button', { name: 'Deactivate my account' }).click();
    await page.getByRole('heading', { name: 'Account deactivated' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await apiCall(baseUrl, '/auth/login', { body: { email: member.email, password: member.password }, ip: freshIp() });
    expect(login.status).toBe(403);
  });
});

describe('an instructor’s syllabus', () => {
  it('picks another grade and sees its items', async () => {
    const instructor = await createTestUser(baseUrl, 'instructor', 'syllabus');
    const page = await signedIn(browser, instructor);
    await open(page, '/instructor/syllabus/yellow');
    await page.getByRole('heading', { name: yellowKata.title }).waitFor();
    await page.getByLabel('Grade').selectOption('green');
    await page.waitForURL(/\/instructor\/syllabus\/green$/);
    await page.getByRole('heading', { name: greenKata.title }).waitFor();
    expect(await page.getByRole('heading', { name: yellowKata.title }).count()).toBe(0);
    await screenshot(page, 'syllabus-instructor-1280');
  });
});
