import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack } from '#scripts/stack.ts';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');

describe('the local stack', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the home page as HTML', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<html/i);
  });

  it('reports a reachable database on /api/health', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { database: true } });
  });

  it('renders the home page in Chromium without page errors', async () => {
    const page = await newPage(browser);
    const res = await page.goto(`${baseUrl}/`);
    expect(res?.status()).toBe(200);
    expect(await page.title()).not.toBe('');
  });

  it('refuses to start with half a gateway configured, naming the missing setting (issue 21)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dojo-half-gateway-'));
    try {
      const started = startStack({ port: 0, dataDir, log: () => {}, scheduled: false, settings: { STRIPE_SECRET_KEY: 'sk_test_half' } });
      await expect(started).rejects.toThrow(/STRIPE_WEBHOOK_SECRET is required once stripe is configured/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
