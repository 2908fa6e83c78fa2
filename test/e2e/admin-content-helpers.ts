/** Shared by the admin content browser tests: a signed-in admin page, API shortcuts, generated images. */
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { adminToken, apiCall, freshIp, storeSession } from './auth-helpers.ts';

export const SCREENSHOTS = '.tmp/screenshots';

export const uniq = (tag: string) => `${tag} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

type AdminPage = { page: Page; token: string };

/**
 * A page signed in as the demo admin (POST /api/auth/admin-login, then token and user in localStorage),
 * in its own context. Uncaught exceptions and console errors fail the test, except those matching `allow`.
 */
export async function adminPage(browser: Browser, baseUrl: string, opts: { allow?: RegExp[] } = {}): Promise<AdminPage> {
  const ip = freshIp();
  const login = await apiCall(baseUrl, '/auth/admin-login', { body: { adminId: 'ADM-0001', password: 'Osu-Local-2026' }, ip });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  // page.route cannot see what a service worker fetches, and these tests stub the API there: no worker (test/e2e/offline.test.ts tests it).
  const context = await browser.newContext({
    extraHTTPHeaders: { 'cf-connecting-ip': ip },
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  onTestFinished(async () => {
    await context.close();
    const real = errors.filter((e) => !(opts.allow ?? []).some((re) => re.test(e)));
    if (real.length) throw new Error(`The page reported errors:\n${real.join('\n')}`);
  });
  await storeSession(page, baseUrl, login);
  return { page, token: login.body.token as string };
}

/** Opens a panel path and waits until its screen has loaded (`data-ready`, no load in flight). */
export async function openScreen(page: Page, baseUrl: string, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await screenReady(page);
}

export async function screenReady(page: Page) {
  await page.locator('.panel-screen[data-ready]:not([data-loading])').first().waitFor({ timeout: 20_000 });
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** The screen's status line (success messages). */
export const statusLine = (page: Page) => page.locator('.panel-screen > [role="status"].form-status');

export async function asAdmin<T = any>(baseUrl: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return apiCall<T>(baseUrl, path, { ...init, token: await adminToken(baseUrl) });
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG of noise (so it barely compresses): about width × height × 3 bytes. */
export function noisePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const noise = randomBytes(width * 3 * height);
  for (let y = 0; y < height; y++) noise.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', new Uint8Array()),
  ]);
}
