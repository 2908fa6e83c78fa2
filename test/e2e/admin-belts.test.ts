import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPage, asAdmin, openScreen, screenshot, statusLine } from './admin-content-helpers.ts';
import { apiCall, createTestUser, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const RUN = `belt${randomBytes(3).toString('hex')}`;
const NOT_ELIGIBLE = 'This member is not eligible: give an overrideReason to invite anyway';

/** An API call that must succeed; without a method or body it is a POST of `{}` (the moves). */
async function ok<T = any>(path: string, given: { method?: string; body?: unknown; token?: string } = {}, status = [200, 201]) {
  const init = given.method || given.body !== undefined ? given : { ...given, body: {} };
  const res = init.token ? await apiCall<T>(baseUrl, path, init) : await asAdmin<T>(baseUrl, path, init);
  expect(status, `${init.method ?? 'POST'} ${path}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body as any;
}

/** A program of this test: White, then Yellow asking 24 classes (a gate), then Orange with one technique and no requirement. */
async function program() {
  const slug = `e2e-${RUN}-${randomBytes(2).toString('hex')}`;
  await ok('/programs', { body: { slug, name: `Belts ${slug}` } });
  const rank = async (position: number, name: string, colorHex: string, extra: object = {}) =>
    (await ok(`/programs/${slug}/ranks`, { body: { position, name, kind: 'kyu', colorHex, stripeMax: 4, testFee: '0.00', ...extra } }))
      .data;
  const white = await rank(1, 'White belt', '#ffffff');
  const yellow = await rank(2, 'Yellow belt', '#facc15', { requirements: [{ type: 'min_classes', mode: 'gate', value: 24 }] });
  const orange = await rank(3, 'Orange belt', '#f97316', {
    techniques: [{ title: 'Heian Nidan', category: 'kata', maxScore: 10, passScore: 6, weight: 1, mandatory: true }],
  });
  const { data } = await ok(`/programs/${slug}`, { method: 'GET' });
  return { slug, id: data._id as string, white, yellow, orange: data.ranks.find((r: any) => r._id === orange._id) ?? orange };
}

async function student(tag: string) {
  const user = await createTestUser(baseUrl, 'student', `${RUN}${tag}`);
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: user.email, password: user.password } });
  return { ...user, token: login.body.token as string, name: `${user.firstName} ${user.lastName}` };
}

describe('the admin belt screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('invites a member who is not eligible only with a reason: the API’s words first, then the candidate with the reason kept', async () => {
    const p = await program();
    const leo = await student('leo');
    await ok(`/students/${leo.id}/ranks`, {
      body: { program: p.slug, rankId: p.white._id, awardedOn: '2026-01-10', note: 'Started here' },
    });
    const grading = (
      await ok('/gradings', { body: { programId: p.id, title: `Winter ${RUN}`, heldOn: '2026-12-18', targetRankIds: [p.yellow._id] } })
    ).data;

    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, `/admin/gradings/${grading._id}/candidates`);
    const row = page.locator('[data-prospects="ineligible"] tr', { hasText: leo.name });
    expect(await row.textContent()).toContain('0 of 24 classes');
    await row.getByRole('button', { name: `Invite ${leo.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Invite anyway' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), POLL).toContain(NOT_ELIGIBLE);
    await dialog.getByLabel('Override reason').fill('Trained 3 years at our sister dojo');
    await dialog.getByRole('button', { name: 'Invite anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    const candidate = page.locator('#candidates-caption ~ tbody tr, table tr[data-status]', { hasText: leo.name }).first();
    await candidate.waitFor();
    expect(await candidate.getAttribute('data-status')).toBe('invited');
    expect(await candidate.textContent()).toContain('Invited anyway: Trained 3 years at our sister dojo');
    const frozen = (await ok(`/gradings/${grading._id}/candidates`, { method: 'GET' })).data.candidates[0];
    expect(frozen).toMatchObject({ userId: leo.id, overrideReason: 'Trained 3 years at our sister dojo' });
    await screenshot(page, 'admin-grading-candidates');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'admin-grading-candidates-phone');
  });

  it('approves (the API’s 409 words first) and finalizes from the page, then revokes the certificate with a reason: its verify page says Revoked', async () => {
    const p = await program();
    const mia = await student('mia');
    await ok(`/students/${mia.id}/ranks`, { body: { program: p.slug, rankId: p.yellow._id, awardedOn: '2026-01-10', note: 'Imported' } });
    const admin = await asAdmin(baseUrl, '/auth/me', { method: 'GET' });
    const adminId = admin.body.user?._id ?? admin.body.data?._id;
    const g = (
      await ok('/gradings', { body: { programId: p.id, title: `Spring ${RUN}`, heldOn: '2026-11-20', targetRankIds: [p.orange._id] } })
    ).data;
    const at = (tail: string) => `/gradings/${g._id}${tail}`;
    await ok(at('/examiners'), { method: 'PUT', body: { examiners: [{ userId: adminId, role: 'head' }] } });
    await ok(at('/examiners/me/confirm'));
    await ok(at('/open'));
    const cand = (await ok(at('/candidates'), { body: { userId: mia.id, targetRankId: p.orange._id } })).data;
    await ok(at('/register'), { token: mia.token, body: {} });
    await ok(at('/lock'));
    await ok(at('/start-scoring'));
    await ok(at(`/candidates/${cand._id}/attendance`), { body: { present: true } });
    const technique = p.orange.techniques[0]._id;
    await ok(at('/scores'), { method: 'PUT', body: { candidateId: cand._id, scores: [{ techniqueId: technique, score: 8 }] } });

    // Approve before the sheet is locked: the page shows the API's 409 in its words; then approve and finalize from the page.
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 409/] });
    await openScreen(page, baseUrl, `/admin/gradings/${g._id}/results`);
    await page.getByRole('button', { name: 'Approve results' }).click();
    await expect
      .poll(() => page.locator('.grading-detail > [role="alert"]').textContent(), POLL)
      .toContain('Every examiner must lock every sheet first');
    await ok(at(`/sheets/${cand._id}/lock`));
    await page.getByRole('button', { name: 'Approve results' }).click();
    await expect.poll(() => page.locator('.grading-detail').getAttribute('data-status'), POLL).toBe('approved');
    expect(await page.locator(`.result-card[data-id="${cand._id}"]`).getAttribute('data-outcome')).toBe('passed');
    await page.getByRole('button', { name: 'Finalize: award ranks and certificates' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Finalize' }).click();
    await expect.poll(() => page.locator('.grading-detail').getAttribute('data-status'), POLL).toBe('finalized');
    expect(await statusLine(page).textContent()).toContain('1 rank awarded, 1 certificate issued');
    await screenshot(page, 'admin-grading-results');
    const certificateId = (await ok(`/certificates?userId=${mia.id}`, { method: 'GET' })).data[0]._id as string;

    await openScreen(page, baseUrl, '/admin/certificates');
    const row = page.locator(`tr[data-id="${certificateId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('valid');
    const number = (await row.locator('th').textContent())!.trim();
    await row.getByRole('button', { name: `Revoke ${number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), POLL).toContain('Reason is required');
    await dialog.getByLabel('Reason').fill('Awarded in error');
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect.poll(() => row.getAttribute('data-status'), POLL).toBe('revoked');
    expect(await row.textContent()).toContain('Awarded in error');
    expect(await statusLine(page).textContent()).not.toBe('');
    await screenshot(page, 'admin-certificates');

    const verify = await page.context().newPage();
    await verify.goto(`${baseUrl}/verify/${certificateId}`);
    expect(await verify.locator('body').textContent()).toContain('Revoked');
    await verify.close();
  });

  it('promotes, voids an award with its replacement (struck through), and refuses an import naming the bad row', async () => {
    const p = await program();
    const sam = await student('sam');
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, `/admin/ranks/${sam.id}`);
    await page.getByLabel('Program').selectOption(p.slug);
    await page.getByRole('button', { name: 'Promote' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Rank').selectOption(p.yellow._id);
    await dialog.getByLabel('Awarded on').fill('2026-03-01');
    await dialog.getByLabel('Note').fill('Typed the wrong belt');
    await dialog.getByRole('button', { name: 'Promote' }).click();
    await dialog.waitFor({ state: 'detached' });
    const wrong = page.locator('#rank-ledger-caption ~ tbody tr, table tr[data-id]', { hasText: 'Yellow belt' }).first();
    await wrong.waitFor();

    await wrong.getByRole('button', { name: /^Void Yellow belt/ }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Should have been White');
    await dialog.getByLabel('Replace it with the right award').check();
    await dialog.getByLabel('Rank').selectOption(p.white._id);
    await dialog.getByLabel('Awarded on').fill('2026-03-01');
    await dialog.getByLabel('Note').fill('Corrected');
    await dialog.getByRole('button', { name: 'Void and replace' }).click();
    await dialog.waitFor({ state: 'detached' });
    const voided = page.locator('tr[data-voided]', { hasText: 'Yellow belt' });
    await voided.waitFor();
    expect(await voided.textContent()).toContain('Should have been White');
    expect(await voided.locator('del').evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('line-through');
    expect(await page.locator('.screen-head').textContent()).toContain('White belt');
    await screenshot(page, 'admin-promotions-ledger');

    await openScreen(page, baseUrl, '/admin/ranks/import');
    await page
      .getByLabel('CSV')
      .fill(
        `email,program,rank,awardedOn,credits\n${sam.email},${p.slug},Orange belt,2026-04-01,12\n${sam.email},${p.slug},Purple belt,2026-05-01,\n`,
      );
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    const bad = page.locator('tr[data-row="1"][data-invalid]');
    await bad.waitFor();
    expect(await page.locator('tr[data-row="0"]').getAttribute('data-invalid')).toBeNull();
    const ledger = (await ok(`/students/${sam.id}/ranks?program=${p.slug}`, { method: 'GET' })).data;
    expect(ledger.some((a: any) => a.rankName === 'Orange belt')).toBe(false);
    await screenshot(page, 'admin-rank-import');
  });
});
