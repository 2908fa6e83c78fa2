import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');
const activeInDialog = () => !!document.activeElement?.closest('[role="dialog"]');

describe('gallery lightbox (GalleryLightbox island)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens on Enter, moves with the arrow keys, keeps focus inside, closes on Esc and gives focus back', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/gallery`);
    await page.locator('.gallery[data-ready]').waitFor();
    const tiles = page.locator('.gallery-grid a.gallery-link:not([rel])');
    expect(await tiles.count()).toBeGreaterThanOrEqual(3);
    const firstSrc = await tiles.nth(0).getAttribute('href');
    const secondSrc = await tiles.nth(1).getAttribute('href');

    await tiles.nth(0).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(page.url()).toBe(`${baseUrl}/gallery`);
    const media = dialog.locator('.lightbox-media');
    expect(await media.getAttribute('src')).toBe(firstSrc);
    expect(await dialog.locator('.lightbox-count').textContent()).toMatch(/^1 of \d+$/);
    expect(await page.evaluate(activeInDialog)).toBe(true);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => media.getAttribute('src')).toBe(secondSrc);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => media.getAttribute('src')).toBe(firstSrc);
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.locator('.lightbox-count').textContent()).toMatch(/^(\d+) of \1$/);

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(activeInDialog)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(firstSrc);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

  it('opens on click and closes with the close button', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/gallery`);
    await page.locator('.gallery[data-ready]').waitFor();
    await page.locator('.gallery-grid a.gallery-link:not([rel])').nth(2).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.lightbox-count').textContent()).toMatch(/^3 of \d+$/);
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await dialog.locator('.lightbox-count').textContent()).toMatch(/^4 of \d+$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('plays the seeded video in the lightbox, with its controls and poster, and gives focus back to its tile', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/gallery`);
    await page.locator('.gallery[data-ready]').waitFor();
    const tile = page.locator('a.gallery-video-poster');
    expect(await tile.locator('img').getAttribute('src')).toBe('/video/kata-sequence.webp');
    await tile.click();
    const video = page.getByRole('dialog').locator('video');
    await video.waitFor();
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('poster')).toBe('/video/kata-sequence.webp');
    expect(await video.getAttribute('aria-label')).toMatch(/^Animated drawing, 6 seconds, silent/);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.error && v.duration > 5 && v.currentTime > 0.3), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/video/kata-sequence.webm');
  });

  it('is a grid of plain links to the images without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/gallery`);
    const first = page.locator('.gallery-grid a.gallery-link').first();
    const href = await first.getAttribute('href');
    expect(await first.locator('img').getAttribute('loading')).toBe('eager');
    const later = page.locator('.gallery-grid a.gallery-link img').nth(4);
    expect(await later.getAttribute('loading')).toBe('lazy');
    expect(await later.getAttribute('width')).toMatch(/^\d+$/);
    expect(await later.getAttribute('height')).toMatch(/^\d+$/);
    await first.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await context.close();
  });
});
