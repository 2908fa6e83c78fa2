import { createClient } from '@libsql/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { apiCall, createTestUser, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';
import { signedInPage } from './offline-helpers.ts';

const baseUrl = inject('baseUrl');
const TECHNIQUES = ['Kihon stances', 'Kata Heian Shodan', 'Kumite ippon'];

/** A grading being scored, with the instructor on its panel and one present candidate: no API makes gradings in this branch yet. */
async function gradingBeingScored(examinerId: string, candidateUserId: string) {
  const db = createClient({ url: inject('dbUrl') });
  const tag = newId().slice(-8).toLowerCase();
  const programId = newId();
  const rankId = newId();
  const gradingId = newId();
  const candidateId = newId();
  const techniqueIds = TECHNIQUES.map(() => newId());
  await db.batch([
    { sql: `insert into programs (id, slug, name) values (?, ?, ?)`, args: [programId, `sheet-${tag}`, `Karate ${tag}`] },
    {
      sql: `insert into ranks (id, program_id, position, name, color_hex) values (?, ?, 1, 'Green belt', '#16a34a')`,
      args: [rankId, programId],
    },
    ...TECHNIQUES.map((title, i) => ({
      sql: `insert into rank_techniques (id, rank_id, title, category, max_score, pass_score, weight, mandatory, position) values (?, ?, ?, 'kata', 10, 6, 1, ?, ?)`,
      args: [techniqueIds[i]!, rankId, title, i === 0 ? 1 : 0, i],
    })),
    {
      sql: `insert into gradings (id, program_id, title, held_on, status, target_rank_ids) values (?, ?, ?, '2026-12-12', 'scoring', ?)`,
      args: [gradingId, programId, `Winter grading ${tag}`, JSON.stringify([rankId])],
    },
    {
      sql: `insert into grading_examiners (grading_id, user_id, role, confirmed_at) values (?, ?, 'head', ?)`,
      args: [gradingId, examinerId, Date.now()],
    },
    {
      sql: `insert into grading_candidates (id, grading_id, user_id, target_rank_id, status, eligibility_snapshot) values (?, ?, ?, ?, 'present', ?)`,
      args: [candidateId, gradingId, candidateUserId, rankId, JSON.stringify({ eligible: true, checks: [] })],
    },
  ]);
  db.close();
  return { gradingId, candidateId, techniqueIds };
}

describe("the examiner's score sheet at phone width (issue 25 §7)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('scores every technique of a candidate by keyboard at 390 px, is refused in the API words, saves, locks, and the inputs become read-only', async () => {
    const examiner = await createTestUser(baseUrl, 'instructor', 'examiner');
    const student = await createTestUser(baseUrl, 'student', 'candidate');
    const { gradingId, candidateId, techniqueIds } = await gradingBeingScored(examiner.id, student.id);
    const { page, token } = await signedInPage(browser, baseUrl, examiner, { width: 390, path: '/instructor', serviceWorker: false });

    await page.goto(`${baseUrl}/instructor/score-sheet/${gradingId}`);
    await page.locator('.score-sheet[data-ready]').waitFor({ timeout: 15_000 });
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
});
