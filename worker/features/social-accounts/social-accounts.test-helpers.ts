import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { newId } from '#core/ids.ts';
import type { SocialPlatform } from '#core/social/platforms.ts';
import { socialAccounts, type SocialAccountRow } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { sealedTokens } from '#worker/lib/social/account-tokens.ts';
import { page } from '#worker/pages/public/page-test-kit.ts';

/**
 * The accounts tests share one database with every other file and there is one account per platform:
 * these files own the twitter, tiktok and youtube rows, one platform per file so that files running at
 * the same time never touch each other's row (flow: tiktok; manage: youtube; live X: twitter).
 */
export const config = () => loadConfig(env as unknown as Bindings);
export const db = testDb;

export async function clearAccount(platform: SocialPlatform) {
  await db().delete(socialAccounts).where(eq(socialAccounts.platform, platform));
}

export const accountOf = (platform: SocialPlatform) =>
  db().select().from(socialAccounts).where(eq(socialAccounts.platform, platform)).get();

/** A stored account with sealed tokens (made-up values the tests then look for in every answer). */
export async function insertAccount(
  platform: SocialPlatform,
  over: Partial<SocialAccountRow> = {},
  tokens = { accessToken: `at-${newId()}`, refreshToken: `rt-${newId()}` as string | null },
) {
  const id = over.id ?? newId();
  const sealed = await sealedTokens({ config: config() }, id, { ...tokens, expiresAt: over.tokenExpiresAt ?? null });
  const row = await db()
    .insert(socialAccounts)
    .values({ platform, mode: 'local', externalId: `ext-${platform}`, name: `Dojo ${platform}`, ...sealed, ...over, id })
    .returning()
    .get();
  return { row, tokens };
}

/** The nonce the connect call sets in the `dojo_social_oauth` cookie, and the cookie as sent. */
export function oauthCookie(res: { headers: Headers }) {
  const raw = res.headers.get('set-cookie') ?? '';
  const nonce = /dojo_social_oauth=([^;]*)/.exec(raw)?.[1] ?? '';
  return { raw, nonce, header: `dojo_social_oauth=${nonce}` };
}

/** A path with its query, from an absolute URL of the test origin. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  expect(u.origin).toBe('http://dojo.test');
  return `${u.pathname}${u.search}`;
};

/** The hidden fields of the consent page's form. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replace(/&amp;/g, '&');
  return fields;
}

/** POST connect: the answer, the cookie, and the authorize URL's query. */
export async function startConnect(token: string, platform: string) {
  const res = await api(`/api/social-media/accounts/connect/${platform}`, { method: 'POST', token });
  const authorizeUrl: string = res.body?.data?.authorizeUrl ?? '';
  return { res, cookie: oauthCookie(res), authorizeUrl, params: authorizeUrl ? new URL(authorizeUrl).searchParams : new URLSearchParams() };
}

/** The consent page's answer to a choice: the Location it sends the browser to. */
export async function consent(authorizeUrl: string, decision: 'connect' | 'cancel') {
  const shown = await page(pathOf(authorizeUrl));
  expect(shown.res.status).toBe(200);
  const body = new URLSearchParams({ ...hiddenFields(shown.html), decision });
  const { res } = await page(LOCAL_PATH, {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location') ?? '';
}
const LOCAL_PATH = '/social/connect/local';

/** A request as the browser sends it, redirects not followed. */
export const visit = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(new Request(`http://dojo.test${path}`, { redirect: 'manual', ...init }));

/** GET the callback as the browser would (with or without the cookie): where it redirects. */
export async function callback(location: string, cookieHeader?: string) {
  const res = await visit(pathOf(location), cookieHeader ? { headers: { cookie: cookieHeader, accept: 'text/html' } } : {});
  expect(res.status).toBe(303);
  const to = new URL(res.headers.get('location') ?? '', 'http://dojo.test');
  expect(to.pathname).toBe('/admin/social/accounts');
  return { res, connected: to.searchParams.get('connected'), error: to.searchParams.get('error') };
}

/** Connects through the whole local flow (connect → consent page → callback) and answers where it ended. */
export async function connectLocally(token: string, platform: SocialPlatform) {
  const started = await startConnect(token, platform);
  expect(started.res.status).toBe(200);
  const back = await consent(started.authorizeUrl, 'connect');
  return { started, back, ...(await callback(back, started.cookie.header)) };
}
