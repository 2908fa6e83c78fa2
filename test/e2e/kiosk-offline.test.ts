import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { adminToken, apiCall, createTestUser, freshIp, POLL } from './auth-helpers.ts';
import { launchBrowser } from './browser.ts';
import { writeQrVideo } from './kiosk-helpers.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function registerKiosk(admin: string) {
  const device = await apiCall(baseUrl, '/kiosk/devices', { token: admin, body: { name: `E2E kiosk ${tag()}`, location: 'Front desk' } });
  expect(device.status).toBe(201);
  return {
    id: device.body.data.device._id as string,
    path: new URL(device.body.data.url as string).pathname + new URL(device.body.data.url).hash,
  };
}

/** A kiosk registered by the demo admin, a session starting now, and a member with a QR token. */
async function kioskFixture() {
  const admin = await adminToken(baseUrl);
  const t = tag();
  const device = await registerKiosk(admin);
  const now = Date.now();
  const session = await apiCall(baseUrl, '/sessions', {
    token: admin,
    body: {
      title: `E2E Kiosk Class ${t}`,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    },
  });
  expect(session.status).toBe(201);
  const member = await createTestUser(baseUrl, 'member', 'kiosk');
  const login = await apiCall(baseUrl, '/auth/login', { body: { email: member.email, password: member.password }, ip: freshIp() });
  const qr = await apiCall(baseUrl, '/attendance/my-qr', { token: login.body.token });
  expect(qr.status).toBe(200);
  return {
    admin,
    url: `${baseUrl}${device.path}`,
    sessionId: session.body.data._id as string,
    member,
    memberToken: login.body.token as string,
    qrToken: qr.body.data.token as string,
  };
}

const result = (page: Page) => page.locator('.kiosk-result');
const pending = (page: Page) => page.locator('.kiosk-pending');

describe('the /kiosk check-in screen (issue 24 §5)', () => {
  let browser: Browser;
  let dir: string;
  let fixture: Awaited<ReturnType<typeof kioskFixture>>;

  beforeAll(async () => {
    fixture = await kioskFixture();
    dir = mkdtempSync(join(tmpdir(), 'kiosk-camera-'));
    const video = join(dir, 'qr.y4m');
    writeQrVideo(video, fixture.qrToken);
    // The fake camera shows the member's QR code; the camera is allowed only where a test grants it.
    browser = await launchBrowser({ args: ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`] });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes its snapshot, reopens offline, greets a member by QR code, says "Already checked in" on a second scan, and sends the check-in when back', async () => {
    const { url, sessionId, member, admin } = fixture;
    const context = await browser.newContext({
      viewport: { width: 1366, height: 800 },
      extraHTTPHeaders: { 'cf-connecting-ip': freshIp() },
    });
    const errors: string[] = [];
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    onTestFinished(async () => {
      await context.close();
      if (errors.length) throw new Error(`The page threw:\n${errors.join('\n')}`);
    });

    await page.goto(url);
    await page.locator('.kiosk[data-phase="ready"]').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).hash).toBe('');
    await expect.poll(() => page.locator('.kiosk-session[aria-pressed="true"]').innerText(), POLL).toContain('E2E Kiosk Class');
    await expect.poll(() => pending(page).innerText(), POLL).toBe('0 pending');
    // Installing precaches the kiosk's files (the QR reader's WebAssembly among them): give a loaded machine time.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    await page.waitForFunction(
      async () => {
        for (const name of await caches.keys())
          if (name.startsWith('dojo-precache-') && (await (await caches.open(name)).keys()).some((r) => r.url.endsWith('.wasm')))
            return true;
        return false;
      },
      null,
      { timeout: 60_000, polling: 500 },
    );

    await context.setOffline(true);
    await context.grantPermissions(['camera'], { origin: baseUrl });
    await page.reload();
    await page.locator('.kiosk[data-phase="ready"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.kiosk-pill.is-offline').count(), POLL).toBe(1);

    const welcome = `Welcome, ${member.firstName} ${member.lastName[0]}.`;
    await page.locator('.kiosk-result.is-welcome').waitFor({ timeout: 30_000 });
    expect(await page.locator('.kiosk-result-title').innerText()).toBe(welcome);
    // No membership or course: checked in all the same, and sent to the desk.
    expect(await result(page).innerText()).toContain('Please see the desk about your membership.');
    await expect.poll(() => pending(page).innerText(), POLL).toBe('1 pending');
    await page.locator('.kiosk-result.is-already').waitFor({ timeout: 30_000 });
    expect(await result(page).innerText()).toContain('Already checked in');
    expect(await pending(page).innerText()).toBe('1 pending');

    await context.setOffline(false);
    await expect.poll(() => pending(page).innerText(), { ...POLL, timeout: 30_000 }).toBe('0 pending');
    const history = await apiCall(baseUrl, `/attendance/history?sessionId=${sessionId}`, { token: admin });
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual([expect.objectContaining({ userId: member.id, kind: 'present', method: 'kiosk_qr' })]);
  }, 240_000);

  it('answers 200 without errors at 360 and 1366 px', async () => {
    for (const width of [360, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 780 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
      const res = await page.goto(fixture.url);
      expect(res?.status()).toBe(200);
      await page.locator('.kiosk[data-phase="ready"]').waitFor({ timeout: 20_000 });
      await page.locator('.kiosk-camera[data-camera="off"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: join(tmpdir(), `kiosk-${width}.png`), fullPage: true });
      await context.close();
      expect(errors).toEqual([]);
    }
  }, 120_000);

  it('checks in by PIN on the keypad and by a handheld scanner typing the code, and a revoked kiosk says so and forgets its token', async () => {
    const { admin, member, memberToken, qrToken } = fixture;
    let pin = '';
    for (let attempt = 0; attempt < 5 && !pin; attempt++) {
      const candidate = String(100_000 + Math.floor(Math.random() * 900_000));
      if ((await apiCall(baseUrl, '/attendance/my-pin', { method: 'PUT', token: memberToken, body: { pin: candidate } })).status === 200)
        pin = candidate;
    }
    expect(pin).not.toBe('');
    const device = await registerKiosk(admin);
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    onTestFinished(async () => {
      await context.close();
      expect(errors).toEqual([]);
    });
    await page.goto(`${baseUrl}${device.path}`);
    await page.locator('.kiosk[data-phase="ready"]').waitFor({ timeout: 20_000 });

    for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect
      .poll(() => page.locator('.kiosk-result-title').innerText(), POLL)
      .toBe(`Welcome, ${member.firstName} ${member.lastName[0]}.`);
    await page.locator('.kiosk-result').click();
    await page.keyboard.type(qrToken);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.kiosk-result-title').innerText(), POLL).toBe('Already checked in');
    await page.locator('.kiosk-result').click();
    await page.keyboard.type('qr-of-nobody-at-this-school');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.kiosk-result-title').innerText(), POLL).toBe('Code not recognised — ask at the desk');

    expect((await apiCall(baseUrl, `/kiosk/devices/${device.id}/revoke`, { method: 'POST', token: admin })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.locator('.kiosk').getAttribute('data-phase'), POLL).toBe('revoked');
    expect(await page.locator('.kiosk-message').innerText()).toContain('This kiosk has been revoked');
    await page.reload();
    await expect.poll(() => page.locator('.kiosk').getAttribute('data-phase'), POLL).toBe('no-token');
  }, 120_000);
});
