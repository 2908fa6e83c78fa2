import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POLL } from './auth-helpers.ts';
import { adminPage, asAdmin, noisePng, openScreen, screenReady, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('uploads in the admin panel', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(join(tmpdir(), 'dojo-upload-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the progress of an image upload, then the image in the gallery', async () => {
    const file = join(dir, 'tournament.png');
    writeFileSync(file, noisePng(700, 700)); // about 1.4 MB
    const title = uniq('E2E Tournament photo');
    const { page } = await adminPage(browser, baseUrl);
    await openScreen(page, baseUrl, '/admin/gallery/new');
    const form = page.getByRole('form', { name: 'New asset' });
    await form.getByLabel('Image or video file').setInputFiles(file);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel(/^Alt text/).fill('Two students bowing before a kumite bout');
    expect(await form.getByRole('list', { name: 'Chosen files' }).getByText('tournament.png').count()).toBe(1);

    // A slow uplink makes the progress visible: about 3 s for the file.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 500 * 1024,
    });
    await form.getByRole('button', { name: 'Create asset' }).click();

    const bar = page.getByRole('progressbar', { name: /Uploading|Upload complete/ });
    await bar.waitFor({ timeout: 10_000 });
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          const v = Number((await bar.getAttribute('value').catch(() => null)) ?? NaN);
          if (Number.isFinite(v)) seen.add(v);
          return [...seen].some((p) => p > 0 && p < 100);
        },
        { timeout: 15_000, interval: 50 },
      )
      .toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await page.waitForURL(`${baseUrl}/admin/gallery`, { timeout: 30_000 });
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Asset created successfully');
    await page.getByLabel('Search by title, description or tag').fill(title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await screenReady(page);
    const row = page.locator(`tbody tr[data-name="${title}"]`);
    await row.waitFor();
    const img = row.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), POLL).toBe(700);
    await screenshot(page, 'admin-gallery-after-upload');

    const id = (await row.getAttribute('data-id'))!;
    const stored = (await asAdmin(baseUrl, `/assets/${id}`)).body.data;
    expect(stored).toMatchObject({ title, mediaType: 'image', source: 'upload', width: 700, height: 700 });
    expect((await asAdmin(baseUrl, `/assets/${id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
