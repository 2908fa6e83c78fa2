import { wallTime } from '#core/time-zone.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS } from '#core/social/platforms.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import { POLL } from './auth-helpers.ts';
import { adminPage, asAdmin, openScreen, screenReady, statusLine, uniq } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';
import { accountCard, connectThroughConsent, disconnect, uploadJpeg } from './admin-social-helpers.ts';

const baseUrl = inject('baseUrl');
const DRAFT_KEY = 'social_post_draft';

describe('Social media screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('connects TikTok, posts to Facebook, TikTok and an unconnected Instagram with a library image, then retries Instagram once connected', async () => {
    await disconnect(baseUrl, ['tiktok', 'instagram']);
    const image = uniq('Kata photo');
    const imageId = await uploadJpeg(baseUrl, image);
    const { page } = await adminPage(browser, baseUrl);

    // Accounts: TikTok through the local consent page; Facebook too unless the seed connected it.
    await openScreen(page, baseUrl, '/admin/social/accounts');
    expect(await accountCard(page, 'tiktok').getAttribute('data-connected')).toBe('false');
    await connectThroughConsent(page, 'tiktok', 'TikTok');
    expect(await accountCard(page, 'tiktok').textContent()).toContain('Local demo');
    expect(await accountCard(page, 'tiktok').textContent()).toContain('Dojo on TikTok (local demo)');
    if ((await accountCard(page, 'facebook').getAttribute('data-connected')) !== 'true')
      await connectThroughConsent(page, 'facebook', 'Facebook');

    // Compose: X over its limit first — the counter says so and the submit is held with the reason.
    await openScreen(page, baseUrl, '/admin/social/new');
    await page.evaluate((k) => sessionStorage.removeItem(k), DRAFT_KEY);
    await page.reload();
    await screenReady(page);
    const content = page.getByLabel('Text', { exact: true });
    await page.getByLabel('X (Twitter)', { exact: true }).check();
    await content.fill('k'.repeat(300));
    const xCounter = page.locator('.social-counter[data-platform="twitter"]');
    expect(await xCounter.textContent()).toBe('X (Twitter) 300 / 280');
    expect(await xCounter.getAttribute('class')).toContain('social-counter-over');
    expect(await page.locator('.social-counters').getAttribute('aria-live')).toBe('polite');
    const submit = page.getByRole('button', { name: 'Publish now' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('#compose-blocked').textContent()).toContain(
      'X (Twitter): the text is 300 characters; at most 280 are allowed',
    );

    const words = `${uniq('Grading day')} <b>not bold</b>\nEveryone passed their next belt.`;
    await content.fill(words);
    await page.getByLabel('X (Twitter)', { exact: true }).uncheck();
    for (const p of ['facebook', 'tiktok', 'instagram']) await page.getByLabel(PLATFORM_LABELS[p as 'facebook'], { exact: true }).check();
    expect(await page.locator('#compose-instagram-warning').textContent()).toContain('not connected — it will fail until you connect it');
    // TikTok and Instagram need media: held until an image is chosen.
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('#compose-blocked').textContent()).toContain('TikTok: a post needs an image or a video');

    await page.getByRole('button', { name: 'Choose from the media library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose media' });
    await picker.getByLabel('Show').selectOption('image');
    await picker.getByLabel(new RegExp(image)).check();
    await picker.getByRole('button', { name: 'Use 1 item' }).click();
    await picker.waitFor({ state: 'detached' });
    expect(await page.locator('.social-chosen-media li').getAttribute('data-id')).toBe(imageId);
    expect(await submit.isDisabled()).toBe(false);
    expect(await page.locator('.social-counter[data-platform="facebook"]').textContent()).toMatch(/^Facebook \d+ \/ 63206$/);
    const tiktokPreview = page.getByRole('article', { name: 'TikTok preview' });
    expect(await tiktokPreview.textContent()).toContain('Dojo on TikTok (local demo)');
    expect(await tiktokPreview.locator('img').count()).toBe(1);
    // Typed markup is text, never markup.
    expect(await tiktokPreview.locator('b').count()).toBe(0);

    // A reload keeps the draft (this tab's sessionStorage).
    await page.reload();
    await screenReady(page);
    expect(await page.getByLabel('Text', { exact: true }).inputValue()).toBe(words);
    expect(await page.getByLabel('Instagram', { exact: true }).isChecked()).toBe(true);
    expect(await page.locator('.social-chosen-media li').count()).toBe(1);

    await page.getByRole('button', { name: 'Publish now' }).click();
    const result = page.locator('.social-compose-result');
    await result.waitFor();
    expect(await statusLine(page).textContent()).toBe('Post published to 2 of 3 platforms');
    const outcome = (p: string) => result.locator(`.social-outcome[data-platform="${p}"]`);
    expect(await outcome('facebook').getAttribute('data-status')).toBe('success');
    expect(await outcome('tiktok').getAttribute('data-status')).toBe('success');
    expect(await outcome('instagram').getAttribute('data-status')).toBe('failed');
    expect(await outcome('instagram').locator('.social-outcome-error').textContent()).toBe(SOCIAL_MESSAGES.notConnected('Instagram'));
    expect(await outcome('instagram').getByRole('link', { name: 'Connect Instagram' }).getAttribute('href')).toBe('/admin/social/accounts');
    expect(await page.evaluate((k) => sessionStorage.getItem(k), DRAFT_KEY)).toBeNull();
    const postId = await result.getAttribute('data-id');

    // The posts list finds it by its words, with each platform's chip.
    await openScreen(page, baseUrl, '/admin/social/posts');
    await page.getByLabel('Search the text').fill(words.split(' <')[0]!);
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.locator(`.social-post-card[data-id="${postId}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('partial');
    expect(await card.locator('[data-platform="instagram"]').getAttribute('data-status')).toBe('failed');
    expect(await card.locator('[data-platform="facebook"]').textContent()).toBe('Facebook: Posted');

    // Connect Instagram, then retry it from the post.
    await openScreen(page, baseUrl, '/admin/social/accounts');
    await connectThroughConsent(page, 'instagram', 'Instagram');
    await openScreen(page, baseUrl, `/admin/social/posts/${postId}`);
    expect(await page.locator('.social-post-content').textContent()).toBe(words);
    await page.locator('.social-outcome[data-platform="instagram"]').getByRole('button', { name: 'Retry Instagram' }).click();
    await expect.poll(() => page.locator('.social-outcome[data-platform="instagram"]').getAttribute('data-status'), POLL).toBe('success');
    expect(await page.locator('.social-outcomes [role="status"]').textContent()).toBe(SOCIAL_MESSAGES.retried(1, 1));
    expect(await page.locator('.social-post-detail .badge').first().textContent()).toBe('Published');
    expect(await page.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
  });

  it('turns an account off and on, refreshes and disconnects it; schedules a post (a past time is refused first), filters and deletes it', async () => {
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/social/accounts');
    const tiktok = accountCard(page, 'tiktok');
    if ((await tiktok.getAttribute('data-connected')) !== 'true') await connectThroughConsent(page, 'tiktok', 'TikTok');
    const active = tiktok.getByLabel('Post to TikTok (active)');
    await active.uncheck();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe(SOCIAL_MESSAGES.accountDeactivated);
    await expect.poll(() => tiktok.locator('.badge-blocked').textContent(), POLL).toBe('Inactive');
    await active.check();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe(SOCIAL_MESSAGES.accountActivated);
    await tiktok.getByRole('button', { name: 'Refresh token TikTok' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe(SOCIAL_MESSAGES.accountRefreshed);
    await tiktok.getByRole('button', { name: 'Disconnect TikTok' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect TikTok?' });
    // Cancel has the focus: a stray Enter does not disconnect.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe(SOCIAL_MESSAGES.accountDisconnected);
    await expect.poll(() => tiktok.getAttribute('data-connected'), POLL).toBe('false');

    // Schedule a LinkedIn post: an hour ago is refused before sending, in two hours it is scheduled.
    await openScreen(page, baseUrl, '/admin/social/new');
    const words = uniq('Summer camp sign-ups open');
    await page.getByLabel('Text', { exact: true }).fill(words);
    await page.getByLabel('LinkedIn', { exact: true }).check();
    // The form reads its date-time on the school's clock (the seeded settings), not the browser's.
    const wall = async (hours: number) => wallTime(Date.now() + hours * 3_600_000, 'America/Vancouver');
    await page.getByLabel(/Publish at/).fill(await wall(-1));
    const submit = page.getByRole('button', { name: 'Schedule post' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('#compose-blocked').textContent()).toContain(SOCIAL_MESSAGES.scheduleInPast);
    await page.getByLabel(/Publish at/).fill(await wall(2));
    await submit.click();
    const result = page.locator('.social-compose-result');
    await result.waitFor();
    expect(await result.getByRole('heading', { level: 1 }).textContent()).toBe('Post scheduled');
    expect(await statusLine(page).textContent()).toMatch(/^Post scheduled for \d{4}-\d\d-\d\dT/);
    expect(await result.locator('.social-outcome[data-platform="linkedin"]').getAttribute('data-status')).toBe('scheduled');
    const postId = await result.getAttribute('data-id');

    await openScreen(page, baseUrl, '/admin/social/posts');
    await page.getByLabel('Status').selectOption('scheduled');
    const card = page.locator(`.social-post-card[data-id="${postId}"]`);
    await card.waitFor();
    expect(await card.locator('[data-platform="linkedin"]').textContent()).toMatch(/^LinkedIn: Scheduled for /);
    await page.getByLabel('Status').selectOption('failed');
    await expect.poll(() => card.count(), POLL).toBe(0);

    await openScreen(page, baseUrl, `/admin/social/posts/${postId}`);
    await page.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/social/posts');
    await screenReady(page);
    expect(await statusLine(page).textContent()).toBe(SOCIAL_MESSAGES.deleted);
    expect((await asAdmin(baseUrl, `/social-media/posts/${postId}`)).status).toBe(404);
  });

  it('draws the overview chart, with a table holding the same numbers as the API', async () => {
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/social');
    await page.locator('.social-chart[data-state="drawn"] svg').waitFor();
    expect(await page.locator('.social-chart-canvas').getAttribute('aria-hidden')).toBe('true');
    const stats = await asAdmin(baseUrl, '/social-media/dashboard/stats');
    for (const p of stats.body.data.platforms as { platform: string; success: number; failed: number; scheduled: number }[]) {
      const row = page.locator(`.social-platform-table tr[data-platform="${p.platform}"] td`);
      expect(await row.allTextContents()).toEqual([String(p.success), String(p.failed), String(p.scheduled), expect.any(String)]);
    }
    expect(await page.locator('.social-platform-table tbody tr').count()).toBe(SOCIAL_PLATFORMS.length);
    // The bars carry the same numbers: posted, failed and scheduled are chartist's series a, b and c.
    const platforms = stats.body.data.platforms as Record<'success' | 'failed' | 'scheduled', number>[];
    for (const [series, key] of [
      ['a', 'success'],
      ['b', 'failed'],
      ['c', 'scheduled'],
    ] as const) {
      const values = await page
        .locator(`.social-chart .ct-series-${series} .ct-bar`)
        .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('ct:value'))));
      expect(values).toEqual(platforms.map((p) => p[key]));
    }
    expect(await page.getByRole('link', { name: 'Write a post' }).first().getAttribute('href')).toBe('/admin/social/new');
  });

  it('shows the callback error as text and cleans the address; compose fits 360 px without sideways scrolling', async () => {
    const { page } = await adminPage(browser, baseUrl);
    const hostile = '<img src=x onerror="document.title=1">denied';
    await openScreen(page, baseUrl, `/admin/social/accounts?error=${encodeURIComponent(hostile)}`);
    const alert = page.locator('.panel-screen > [role="alert"]');
    expect(await alert.textContent()).toContain(hostile);
    expect(await alert.locator('img').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');

    await page.setViewportSize({ width: 360, height: 800 });
    await openScreen(page, baseUrl, '/admin/social/new');
    for (const p of SOCIAL_PLATFORMS) await page.getByLabel(PLATFORM_LABELS[p], { exact: true }).check();
    await page
      .getByLabel('Text', { exact: true })
      .fill(`${'A long line without breaks '.repeat(12)}https://example.test/${'x'.repeat(120)}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.locator('.social-preview').count()).toBe(SOCIAL_PLATFORMS.length);
  });
});
