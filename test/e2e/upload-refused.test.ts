import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminPage, noisePng, openScreen } from './admin-content-helpers.ts';
import { adminToken } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const TOO_LARGE = 'Image size must not exceed 5MB';
const bigPng = () => noisePng(1400, 1400); // about 5.6 MB, over the 5 MB image limit

describe('a refused oversized chart image', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(join(tmpdir(), 'dojo-too-large-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers Node's fetch with 413 and the spec's message, not a broken pipe", async () => {
    const form = new FormData();
    form.set('title', 'Too large');
    form.set('alt', 'Too large');
    form.set('src', new Blob([new Uint8Array(bigPng())], { type: 'image/png' }), 'chart.png');
    const res = await fetch(`${baseUrl}/api/organizational-chart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken(baseUrl)}` },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
  });

  it("shows the spec's message in the admin form, and Chromium reads the server's 413", async () => {
    const file = join(dir, 'chart.png');
    const png = bigPng();
    writeFileSync(file, png);
    const { page, token } = await adminPage(browser, baseUrl, { allow: [/413/] });
    await openScreen(page, baseUrl, '/admin/organizational-chart/new');
    await page.getByLabel('Image', { exact: true }).setInputFiles(file);
    await page.getByRole('button', { name: /^Create/ }).click();
    await expect.poll(() => page.getByText(TOO_LARGE).count()).toBeGreaterThan(0);

    const answer = await page.evaluate(
      async ([token, size]) => {
        const form = new FormData();
        form.set('title', 'Too large');
        form.set('alt', 'Too large');
        const bytes = new Uint8Array(size);
        bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        form.set('src', new Blob([bytes], { type: 'image/png' }), 'chart.png');
        const res = await fetch('/api/organizational-chart', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        return { status: res.status, body: await res.json() };
      },
      [token, png.length] as const,
    );
    expect(answer).toMatchObject({ status: 413, body: { message: TOO_LARGE } });
  });
});
