/** The social media browser test's fixtures: accounts reset through the API, a JPEG in the media library, connecting through the local consent page. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureBytes } from '#worker/lib/image-size.fixtures.ts';
import { adminToken, freshIp, POLL } from './auth-helpers.ts';
import { asAdmin, screenReady, statusLine } from './admin-content-helpers.ts';

type Account = { _id: string; platform: string };

/** Disconnects these platforms' accounts (the seed may have connected some), so each test starts from "not connected". */
export async function disconnect(baseUrl: string, platforms: string[]) {
  const list = await asAdmin(baseUrl, '/social-media/accounts');
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  for (const a of list.body.data as Account[])
    if (platforms.includes(a.platform)) {
      const gone = await asAdmin(baseUrl, `/social-media/accounts/${a._id}`, { method: 'DELETE' });
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    }
}

/** A real 640×480 JPEG (the one type Instagram, TikTok and Facebook all take) uploaded to the media library. */
export async function uploadJpeg(baseUrl: string, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('altText', `${title} alt`);
  form.append('mediaType', 'image');
  form.append('file', new Blob([fixtureBytes('jpegBaseline640x480')], { type: 'image/jpeg' }), 'kata.jpg');
  const res = await fetch(`${baseUrl}/api/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken(baseUrl)}`, accept: 'application/json', 'cf-connecting-ip': freshIp() },
    body: form,
  });
  const body = (await res.json()) as { data: { _id: string; mimeType: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  expect(body.data.mimeType).toBe('image/jpeg');
  return body.data._id;
}

export const accountCard = (page: Page, platform: string) => page.locator(`.social-account[data-platform="${platform}"]`);

/**
 * On the Accounts screen: Connect → the local stand-in's consent page → its Connect → back on Accounts
 * with the success notice, the query string gone and the card connected.
 */
export async function connectThroughConsent(page: Page, platform: string, label: string) {
  await accountCard(page, platform)
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  await page.waitForURL(/\/social\/connect\/local\?/);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(`Connect ${label}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin/social/accounts' && url.search === '');
  await screenReady(page);
  await expect.poll(() => statusLine(page).textContent(), POLL).toBe(`${label} is connected`);
  expect(await accountCard(page, platform).getAttribute('data-connected')).toBe('true');
}
