import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localDay } from '#web/components/format.ts';
import { adminToken, apiCall, type CreatedUser, createTestUser, freshIp, loginThroughForm, openPage, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const ZONE = 'America/Vancouver';
const DAY = 86_400_000;
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function asAdmin(path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await apiCall(baseUrl, path, { ...init, token: await adminToken(baseUrl) });
  if (res.status >= 300) throw new Error(`${init.method ?? 'POST'} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function syllabusItem(title: string): Promise<{ _id: string; title: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, grade: 'yellow', category: 'kata', description: `${title}: slowly, then at speed.` }))
    form.append(k, v);
  const res = await fetch(`${baseUrl}/api/syllabus`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(baseUrl)}`, 'cf-connecting-ip': freshIp() },
    body: form,
  });
  const body = (await res.json()) as { data: { _id: string; title: string } };
  if (res.status !== 201) throw new Error(`syllabus item: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * A ladder of two belts whose second asks 3 classes, 30 days and 2 kata (and 60% attendance, advisory); a
 * student awarded the first 10 school days ago, with 1 class attended and 1 kata passed.
 */
async function studentOnTheLadder() {
  const id = tag();
  const [kataA, kataB] = [await syllabusItem(`Pinan Shodan ${id}`), await syllabusItem(`Pinan Nidan ${id}`)];
  const program = await asAdmin('/programs', { body: { slug: `e2e-belts-${id}`, name: `Belts ${id}` } });
  const white = await asAdmin(`/programs/${program.slug}/ranks`, {
    body: { position: 1, name: `Ice white ${id}`, colorHex: '#ffffff', stripeMax: 2, gradeKey: 'white' },
  });
  const yellow = await asAdmin(`/programs/${program.slug}/ranks`, {
    body: {
      position: 2,
      name: `Sun yellow ${id}`,
      colorHex: '#facc15',
      gradeKey: 'yellow',
      testFee: '25.00',
      requirements: [
        { type: 'min_classes', mode: 'gate', value: 3 },
        { type: 'min_days', mode: 'gate', value: 30 },
        { type: 'techniques_passed', mode: 'gate', value: 2 },
        { type: 'min_attendance_rate', mode: 'advisory', value: 60 },
      ],
      techniques: [kataA, kataB].map((k) => ({ syllabusItemId: k._id, maxScore: 10, passScore: 6, weight: 1, mandatory: true })),
    },
  });
  const student = await createTestUser(baseUrl, 'student', 'belt');
  const awardedOn = localDay(new Date(Date.now() - 10 * DAY), ZONE);
  await asAdmin(`/students/${student.id}/ranks`, {
    body: { program: program.slug, rankId: white._id, awardedOn, note: 'e2e: first belt' },
  });
  const startsAt = new Date(Date.now() - 2 * 3_600_000);
  const session = await asAdmin('/sessions', {
    body: { title: `Kata class ${id}`, startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() },
  });
  await asAdmin('/attendance/events', {
    body: {
      events: [
        {
          id: crypto.randomUUID(),
          sessionId: session._id,
          userId: student.id,
          kind: 'present',
          method: 'admin',
          recordedAt: startsAt.toISOString(),
        },
      ],
    },
  });
  const techniques = (yellow.techniques as { _id: string; syllabusItemId: string }[]).sort((a) =>
    a.syllabusItemId === kataA._id ? -1 : 1,
  );
  await asAdmin(`/students/${student.id}/techniques/${techniques[0]!._id}`, { method: 'PUT', body: { passed: true } });
  return { student, program, yellow, names: { white: white.name as string, yellow: yellow.name as string }, kataB };
}

/** An open grading for the ladder's second belt with the student invited (not yet eligible: invited with a reason). */
async function invitedToGrading(programId: string, rankId: string, userId: string) {
  const heldOn = localDay(new Date(Date.now() + 21 * DAY), ZONE);
  const grading = await asAdmin('/gradings', { body: { programId, title: `Spring grading ${tag()}`, heldOn, targetRankIds: [rankId] } });
  const staff = await createTestUser(baseUrl, 'instructor', 'examiner');
  await asAdmin(`/gradings/${grading._id}/examiners`, { method: 'PUT', body: { examiners: [{ userId: staff.id, role: 'head' }] } });
  await asAdmin(`/gradings/${grading._id}/open`, { body: {} });
  await asAdmin(`/gradings/${grading._id}/candidates`, { body: { userId, overrideReason: 'e2e: to register and pay' } });
  return grading as { _id: string; title: string };
}

async function signIn(page: Page, student: CreatedUser) {
  await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: student.email }, student.password);
  await page.waitForURL(/\/student/, { timeout: 15_000 });
}

describe('My belt in the student panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the belt, the next belt and the checklist counts at 360 px, on the home card too, and a technique opens its syllabus item', async () => {
    const { student, names, kataB } = await studentOnTheLadder();
    const page = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await signIn(page, student);

    const card = page.locator('section[aria-labelledby="home-belt"]');
    await expect.poll(() => card.textContent(), POLL).toContain('1 of 3 classes · 10 of 30 days · 1 of 2 kata passed');
    expect(await card.textContent()).toContain(`${names.yellow}0 of 3 requirements met.`);
    await card.getByRole('link', { name: 'Open My belt' }).click();

    const screen = page.locator('.progress-screen[data-ready]');
    await screen.waitFor({ timeout: 15_000 });
    expect(await screen.getByRole('img', { name: `${names.white}, 0 of 2 stripes` }).count()).toBe(1);
    expect(await screen.getByRole('img', { name: names.yellow }).count()).toBe(1);
    expect(await screen.textContent()).toContain(`0 of 3 requirements met for ${names.yellow}.`);
    const classes = screen.getByRole('progressbar', { name: '1 of 3 classes' });
    expect(await classes.getAttribute('aria-valuenow')).toBe('1');
    expect(await classes.getAttribute('aria-valuemax')).toBe('3');
    expect(await screen.getByRole('progressbar', { name: '10 of 30 days' }).getAttribute('aria-valuetext')).toBe('10 of 30 days');
    expect(await screen.textContent()).toContain('2 more classes to attend.');
    expect(await screen.locator('.belt-check-advisory').textContent()).toContain('Advisory');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The kata still to pass opens its syllabus item (of the next grade), by keyboard.
    const link = screen.getByRole('link', { name: kataB.title });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/student/syllabus/item/${kataB._id}$`));
    const item = page.locator('.syllabus-screen[data-ready]');
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByRole('heading', { name: kataB.title }).count()).toBe(1);
    expect(await item.textContent()).toContain('Yellow belt · Kata');
  });

  it('registers for the next grading and pays the fee at the gateway, coming back to a paid registration', async () => {
    const { student, program, yellow } = await studentOnTheLadder();
    const grading = await invitedToGrading(program._id, yellow._id, student.id);
    const page = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await signIn(page, student);
    await page.goto(`${baseUrl}/student/progress`);
    const part = page.locator('.belt-grading');
    await expect.poll(() => part.textContent(), POLL).toContain('You are invited: register to take part.');
    expect(await part.textContent()).toContain(grading.title);
    await part.getByRole('button', { name: `Register ($25.00) for ${grading.title}` }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(new RegExp(`/student/progress$`), { timeout: 15_000 });
    await page.locator('.progress-screen[data-ready]').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Thank you' }).textContent()).toBe('Thank you: your test fee is paid.');
    expect(await page.locator('.belt-grading').textContent()).toContain('You are registered and the test fee is paid.');
  });
});
