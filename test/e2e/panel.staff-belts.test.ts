import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, apiCall, createTestUser, POLL, uniqueEmail } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';
import { signedInPage } from './offline-helpers.ts';

const baseUrl = inject('baseUrl');
const TECHNIQUES = ['Kihon stances', 'Kata Heian Shodan', 'Kumite ippon'];

type Token = string;
async function ok(token: Token, path: string, body?: unknown, method?: string) {
  const res = await apiCall(baseUrl, path, { token, body, method });
  if (res.status >= 300) throw new Error(`${method ?? 'POST'} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * Through the API as the school runs it: a program whose belt has three techniques, a grading with the instructor as
 * head examiner, one candidate; `confirm` is the examiner confirming (in the page), then the roster locks and scoring starts.
 */
async function gradingBeingScored(admin: Token, examinerId: string, candidateUserId: string, confirm: (title: string) => Promise<void>) {
  const tag = Math.random().toString(36).slice(2, 8);
  const program = await ok(admin, '/programs', { name: `Sheet karate ${tag}` });
  const rank = await ok(admin, `/programs/${program.slug}/ranks`, {
    position: 1,
    name: 'Green belt',
    colorHex: '#16a34a',
    techniques: TECHNIQUES.map((title, i) => ({ title, category: 'kata', maxScore: 10, passScore: 6, weight: 1, mandatory: i === 0 })),
  });
  const grading = await ok(admin, '/gradings', {
    programId: program._id,
    title: `Winter grading ${tag}`,
    heldOn: '2026-12-12',
    targetRankIds: [rank._id],
  });
  const g = `/gradings/${grading._id}`;
  await ok(admin, `${g}/examiners`, { examiners: [{ userId: examinerId, role: 'head' }] }, 'PUT');
  await ok(admin, `${g}/open`, {});
  const candidate = await ok(admin, `${g}/candidates`, {
    userId: candidateUserId,
    targetRankId: rank._id,
    overrideReason: 'Ready in the dojo',
  });
  await ok(admin, `${g}/candidates/${candidate._id}/waive`, { reason: 'Scholarship' });
  await confirm(grading.title);
  await ok(admin, `${g}/lock`, {});
  await ok(admin, `${g}/start-scoring`, {});
  await ok(admin, `${g}/candidates/${candidate._id}/attendance`, { present: true });
  const techniqueIds = (rank.techniques as { _id: string }[]).map((t) => t._id);
  return { gradingId: grading._id as string, title: grading.title as string, candidateId: candidate._id as string, techniqueIds };
}

describe("the instructor's belt screens at phone width (issue 25 §7)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('confirms from My gradings, then scores every technique of a candidate by keyboard at 390 px, is refused in the API words, saves, locks, and the inputs become read-only', async () => {
    const admin = await adminToken(baseUrl);
    const examiner = await createTestUser(baseUrl, 'instructor', 'examiner');
    const student = await createTestUser(baseUrl, 'student', 'candidate');
    const { page, token } = await signedInPage(browser, baseUrl, examiner, { width: 390, path: '/instructor', serviceWorker: false });
    const myGradings = async () => {
      await page.goto(`${baseUrl}/instructor/examining`);
      await page.locator('.examining-screen[data-ready]').waitFor({ timeout: 15_000 });
    };
    // The examiner confirms from My gradings; only then can the roster lock.
    const { gradingId, title, candidateId, techniqueIds } = await gradingBeingScored(admin, examiner.id, student.id, async (title) => {
      await myGradings();
      await page.getByRole('button', { name: `Confirm ${title}` }).click();
      await expect.poll(() => page.locator('.form-status').first().textContent(), POLL).toBe(`You confirmed you will examine ${title}.`);
    });

    // From My gradings to the sheet, as an examiner finds it once scoring starts.
    await myGradings();
    await page.getByRole('link', { name: `Score sheet ${title}` }).click();
    await page.locator('.score-sheet[data-ready]').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${baseUrl}/instructor/score-sheet/${gradingId}`);
    await expect.poll(() => page.locator('.sheet-position').textContent(), POLL).toBe('Candidate 1 of 1');
    const inputs = TECHNIQUES.map((t) => page.getByLabel(t, { exact: true }));
    expect(await inputs[0]!.getAttribute('max')).toBe('10');
    expect(await page.locator('.sheet-score .field-hint').first().textContent()).toBe('0 to 10 · pass mark 6 · must pass');

    // Keyboard only: the first score, Tab to the next; a score over the maximum is named in the API's words.
    await inputs[0]!.focus();
    await page.keyboard.type('8');
    await page.keyboard.press('Tab');
    await page.keyboard.type('11');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.sheet-score .field-error').textContent(), POLL).toBe('score must be between 0 and 10');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('7');

    // Locking with a technique left blank is refused before anything is sent.
    await page.getByRole('button', { name: 'Lock sheet' }).click();
    await expect
      .poll(() => page.locator('.sheet-form .form-alert').first().textContent(), POLL)
      .toBe('Score every technique before locking');

    await inputs[2]!.focus();
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sharp kime, watch the guard.');
    await page.getByRole('button', { name: 'Save' }).press('Enter');
    await expect.poll(() => page.locator('.sheet-form .form-status').textContent(), POLL).toMatch(/^Saved .*: 3 of 3 techniques\.$/);
    const sheet = async () => (await apiCall(baseUrl, `/gradings/${gradingId}/sheet`, { token })).body.data.candidates[0];
    expect((await sheet()).scores).toEqual({ [techniqueIds[0]!]: 8, [techniqueIds[1]!]: 7, [techniqueIds[2]!]: 6 });
    expect((await sheet()).comment).toBe('Sharp kime, watch the guard.');

    // Lock sheet asks first (Cancel has the focus), then the inputs are read-only and the server holds the lock.
    await page.getByRole('button', { name: 'Lock sheet' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Lock .*'s sheet\?$/ });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Lock sheet' }).click();
    await expect.poll(() => page.locator('.sheet-form').getAttribute('data-locked'), POLL).toBe('');
    for (const input of inputs) expect(await input.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel(/^Comment/).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect((await sheet()).lockedAt).not.toBeNull();
    const write = await apiCall(baseUrl, `/gradings/${gradingId}/scores`, {
      method: 'PUT',
      token,
      body: { candidateId, scores: [] },
    });
    expect(write.status).toBe(409);

    // Nothing runs off a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('Ready to grade at 360 px: an instructor ticks the last technique and approves, and the student becomes eligible', async () => {
    const admin = await adminToken(baseUrl);
    const instructor = await createTestUser(baseUrl, 'instructor', 'ready');
    const tag = Math.random().toString(36).slice(2, 8);
    const name = `Kenta Ready${tag}`;
    const student = await ok(admin, '/users', {
      email: uniqueEmail('ready'),
      password: `Kata-${tag}${tag}`,
      role: 'student',
      profile: { firstName: 'Kenta', lastName: `Ready${tag}` },
    });
    student.id = student._id;
    const program = await ok(admin, '/programs', { name: `Ready karate ${tag}` });
    const white = await ok(admin, `/programs/${program.slug}/ranks`, { position: 1, name: 'White belt', colorHex: '#ffffff' });
    await ok(admin, `/programs/${program.slug}/ranks`, {
      position: 2,
      name: 'Yellow belt',
      colorHex: '#facc15',
      requirements: [
        { type: 'techniques_passed', mode: 'gate', value: 1 },
        { type: 'instructor_approval', mode: 'gate' },
      ],
      techniques: [{ title: 'Kata Taikyoku Shodan', category: 'kata', maxScore: 10, passScore: 6 }],
    });
    await ok(admin, `/students/${student.id}/ranks`, { program: program.slug, rankId: white._id, note: 'Started here' });
    const eligible = async () =>
      (await apiCall(baseUrl, `/students/${student.id}/eligibility?program=${program.slug}`, { token: admin })).body.data.eligible;
    expect(await eligible()).toBe(false);

    const { page } = await signedInPage(browser, baseUrl, instructor, { width: 360, path: '/instructor', serviceWorker: false });
    await page.goto(`${baseUrl}/instructor/ready/${program.slug}/all`);
    await page.locator('.ready-screen[data-ready]').waitFor({ timeout: 15_000 });
    // Everyone with attendance is listed, the ready first: find the student by name.
    await page.getByLabel('Name or student ID').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.locator(`tr[data-user="${student.id}"]`);
    await expect
      .poll(() => row.locator('.checklist-line').textContent(), POLL)
      .toBe('0 of 1 technique passed (not met) · instructor’s approval not given yet (not met)');

    await page.getByRole('button', { name: `Techniques of ${name}` }).click();
    const box = page.getByLabel('Kata Taikyoku Shodan (kata)');
    await box.check();
    await expect.poll(() => page.locator('.form-status').first().textContent(), POLL).toBe(`Kata Taikyoku Shodan: passed by ${name}.`);
    await page.getByRole('button', { name: `Approve for grading ${name}` }).click();
    await expect.poll(() => page.locator('.form-status').first().textContent(), POLL).toBe(`${name} is approved for Yellow belt.`);
    await expect.poll(eligible, POLL).toBe(true);
    await expect.poll(() => row.getAttribute('data-eligible'), POLL).toBe('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
