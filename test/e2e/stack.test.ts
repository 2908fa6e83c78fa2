import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
});
