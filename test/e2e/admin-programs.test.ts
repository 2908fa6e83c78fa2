import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { adminPage, asAdmin, openScreen, screenReady, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('the admin Programs screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a program, builds its ladder with a requirement and a technique, moves a rank up, deletes one, then deactivates and deletes the program', async () => {
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, '/admin/programs');
    expect(await page.locator('table').getByRole('link', { name: 'Karate', exact: true }).count()).toBe(1);
    const name = `Iaido ${Date.now().toString(36)}`;
    const add = page.locator('form', { has: page.getByRole('heading', { name: 'Add a program' }) });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add program' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const slug = new URL(page.url()).pathname.split('/').pop()!;

    for (const rank of ['White', 'Yellow']) {
      await page.getByRole('link', { name: 'Add a rank' }).click();
      await screenReady(page);
      const form = page.locator('form.rank-form');
      await form.getByLabel('Name').fill(rank);
      if (rank === 'Yellow') {
        await form.getByRole('button', { name: 'Add a requirement' }).click();
        await form.getByLabel('Value').fill('30');
        await form.getByRole('button', { name: 'Add a technique' }).click();
        await form.getByLabel('Title').fill('Kata: Heian Shodan');
        await form.getByLabel('Pass mark').fill('11');
        await form.getByRole('button', { name: 'Add rank' }).click();
        await expect.poll(() => form.getByRole('alert').first().textContent(), POLL).toContain('passScore must not be more than maxScore');
        await form.getByLabel('Pass mark').fill('6');
      }
      await form.getByRole('button', { name: 'Add rank' }).click();
      await expect.poll(() => statusLine(page).textContent(), POLL).toContain(`Rank created: ${rank}`);
    }
    const made = await asAdmin(baseUrl, `/programs/${slug}/ranks`);
    expect(made.body.ranks.map((r: { name: string }) => r.name)).toEqual(['White', 'Yellow']);
    expect(made.body.ranks[1]).toMatchObject({
      requirements: [{ type: 'min_days', mode: 'gate', value: 30 }],
      techniques: [{ title: 'Kata: Heian Shodan', maxScore: 10, passScore: 6 }],
    });

    await page.getByRole('button', { name: 'Up Yellow' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('Yellow moved up');
    // The ladder is read again after the move: the order follows the status line by a moment.
    await expect.poll(() => page.locator('table tbody tr td[data-label="Rank"]').allTextContents(), POLL).toEqual(['Yellow', 'White']);

    await page.getByRole('button', { name: 'Delete White' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete rank' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('White deleted');
    expect((await asAdmin(baseUrl, `/programs/${slug}/ranks`)).body.ranks).toHaveLength(1);

    await page.getByText('Program settings', { exact: true }).first().click();
    await page.getByLabel('Active (students see it)').uncheck();
    await page.getByRole('button', { name: 'Save program' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('Program updated');
    expect((await asAdmin(baseUrl, `/programs/${slug}`)).body.program).toMatchObject({ isActive: false, rankCount: 1 });
    await page.getByRole('button', { name: 'Delete program' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete program' }).click();
    await page.getByRole('heading', { name: 'Programs', level: 1 }).waitFor();
    expect((await asAdmin(baseUrl, `/programs/${slug}`)).status).toBe(404);

    await page.setViewportSize({ width: 360, height: 780 });
    await openScreen(page, baseUrl, '/admin/programs/karate');
    expect(await page.locator('table tbody tr').count()).toBe(17);
    await screenshot(page, 'admin-programs-ladder-phone');
  });

  it('sets a rank’s examiner minimum and its move to Karate at an age, shows them on the ladder and in the form again, puts a half pair’s refusal on the age field and a vanished examiner rank’s on its select', async () => {
    const made = await asAdmin(baseUrl, '/programs', { method: 'POST', body: { name: uniq('Dragons') } });
    const slug = made.body.program.slug as string;
    onTestFinished(async () => void (await asAdmin(baseUrl, `/programs/${slug}`, { method: 'DELETE' })));
    const white = (await asAdmin(baseUrl, `/programs/${slug}/ranks`, { method: 'POST', body: { name: 'White' } })).body.rank;
    const green = (await asAdmin(baseUrl, `/programs/${slug}/ranks`, { method: 'POST', body: { name: 'Green' } })).body.rank;
    const karate = (await asAdmin(baseUrl, '/programs/karate/ranks')).body.ranks as { _id: string; name: string }[];
    const yellow = karate.find((r) => r.name === 'Yellow belt')!;

    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 400/] });
    await openScreen(page, baseUrl, `/admin/programs/${slug}/${green._id}`);
    const form = page.locator('form.rank-form');
    const examiner = form.getByLabel('Examiners must hold at least');
    const there = form.getByLabel('Rank there');
    const age = form.getByLabel('At age');
    expect(await examiner.locator('option').allTextContents()).toEqual(['No minimum', 'White', 'Green']);
    expect(await there.locator('option:checked').textContent()).toBe('None');
    await examiner.selectOption({ label: 'White' });
    await there.selectOption(yellow._id);
    expect(await there.locator('optgroup[label="Karate"] option:checked').textContent()).toBe('Yellow belt');
    await age.fill('13');
    await form.getByRole('button', { name: 'Save rank' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toContain('Rank updated: Green');
    await expect
      .poll(
        () => page.locator('table tbody tr', { hasText: 'Green' }).locator('td[data-label="Rank"] .rank-links li').allTextContents(),
        POLL,
      )
      .toEqual(['Examiners: White or above', 'Moves to Karate · Yellow belt at 13']);
    expect((await asAdmin(baseUrl, `/programs/${slug}`)).body.program.ranks[1]).toMatchObject({
      examinerMinRankId: white._id,
      ageUpgradeRankId: yellow._id,
      ageUpgradeAtYears: 13,
    });

    await page.getByRole('link', { name: 'Edit Green' }).click();
    await screenReady(page);
    expect(await examiner.inputValue()).toBe(white._id);
    expect(await there.inputValue()).toBe(yellow._id);
    expect(await age.inputValue()).toBe('13');
    await age.fill('');
    await form.getByRole('button', { name: 'Save rank' }).click();
    await expect.poll(() => age.getAttribute('aria-invalid'), POLL).toBe('true');
    const ageField = form.locator('.field', { has: page.getByLabel('At age') });
    expect(await ageField.locator('.field-error').textContent()).toBe('ageUpgradeRankId and ageUpgradeAtYears go together');
    expect(await form.locator('.field-error').count()).toBe(1);
    expect(await age.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await asAdmin(baseUrl, `/programs/${slug}`)).body.program.ranks[1]).toMatchObject({ ageUpgradeAtYears: 13 });

    // Another admin deletes the examiner minimum while this form is open: the refusal lands on that field.
    expect((await asAdmin(baseUrl, `/programs/${slug}/ranks/${white._id}`, { method: 'DELETE' })).status).toBe(200);
    await age.fill('13');
    await form.getByRole('button', { name: 'Save rank' }).click();
    await expect.poll(() => examiner.getAttribute('aria-invalid'), POLL).toBe('true');
    expect(await form.locator('.field-error').allTextContents()).toEqual(['examinerMinRankId must be a rank of this program']);
    expect(
      await form
        .locator('.field', { has: page.getByLabel('Examiners must hold at least') })
        .locator('.field-error')
        .count(),
    ).toBe(1);
  });
});
