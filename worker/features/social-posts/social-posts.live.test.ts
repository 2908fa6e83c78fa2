import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { socialAccounts } from '#db/schema/index.ts';
import { asAdmin, send } from '#test/catalog-helpers.ts';
import { testDb, testServiceCtx } from '#test/helpers.ts';
import { sealedTokens } from '#worker/lib/social/account-tokens.ts';
import { ownAccounts, targetsOf } from './social-posts.test-helpers.ts';

const POSTS = '/api/social-media/posts';
const ACCESS = 'li-access-token-NEVER-SHOWN';
const ROW = 'test-social-linkedin';
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * LinkedIn is set up "for real" in tests (its app's secrets are set): the publishing path runs the real
 * adapter, with LinkedIn stubbed at `fetch` as its Posts API documents it. Other hosts go to the real fetch.
 */
function stubLinkedIn(answers: Answer[]) {
  const real = globalThis.fetch;
  const calls: { url: string; auth: string | null; version: string | null; body: any }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== 'api.linkedin.com') return real(input, init);
    const headers = new Headers(init?.headers);
    calls.push({
      url: url.toString(),
      auth: headers.get('authorization'),
      version: headers.get('linkedin-version'),
      body: JSON.parse(String(init?.body)),
    });
    const a = answers.shift() ?? { status: 500, body: { message: 'no more stubbed answers', status: 500 } };
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as typeof fetch;
  return { calls, restore: () => void (globalThis.fetch = real) };
}

/** The LinkedIn row as a connected live account, its token sealed as the connect flow stores it. */
async function liveLinkedIn() {
  await ownAccounts();
  const sealed = await sealedTokens(testServiceCtx(), ROW, {
    accessToken: ACCESS,
    refreshToken: null,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  await testDb()
    .update(socialAccounts)
    .set({ mode: 'live', isActive: true, externalId: 'urn:li:person:dojo42', lastError: null, ...sealed })
    .where(eq(socialAccounts.platform, 'linkedin'));
}

describe('publishing through a live platform adapter (LinkedIn, stubbed at fetch)', () => {
  let stub: ReturnType<typeof stubLinkedIn> | undefined;
  beforeEach(liveLinkedIn);
  afterEach(async () => {
    stub?.restore();
    stub = undefined;
    await ownAccounts();
  });

  it('posts as the connected person and keeps the post URN and its link', async () => {
    const admin = await asAdmin();
    stub = stubLinkedIn([{ status: 201, headers: { 'x-restli-id': 'urn:li:share:7100000000000000001' } }]);
    const res = await send('POST', POSTS, admin.token, { content: 'Grading day: 14 new yellow belts. Osu!', platforms: ['linkedin'] });
    expect(res.status).toBe(201);
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]).toMatchObject({ url: 'https://api.linkedin.com/rest/posts', auth: `Bearer ${ACCESS}` });
    expect(stub.calls[0]!.version).toMatch(/^\d{6}$/);
    expect(stub.calls[0]!.body).toMatchObject({ author: 'urn:li:person:dojo42', lifecycleState: 'PUBLISHED' });
    expect(res.body.post.platforms[0]).toMatchObject({
      platform: 'linkedin',
      status: 'success',
      externalId: 'urn:li:share:7100000000000000001',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:7100000000000000001',
    });
    expect(JSON.stringify(res.body)).not.toContain(ACCESS);
  });

  it('keeps an expired token as the platform said it, marks the account, and publishes once on retry after reconnecting', async () => {
    const admin = await asAdmin();
    stub = stubLinkedIn([{ status: 401, body: { message: 'Invalid access token', status: 401, serviceErrorCode: 65601 } }]);
    const res = await send('POST', POSTS, admin.token, { content: 'Summer camp sign-up is open', platforms: ['linkedin'] });
    expect(res.body.post.platforms[0]).toMatchObject({
      status: 'failed',
      errorKind: 'expired_token',
      error: 'LinkedIn: Invalid access token',
    });
    const [account] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.platform, 'linkedin'));
    expect(account!.lastError).toBe('LinkedIn: Invalid access token');

    stub.restore();
    stub = stubLinkedIn([{ status: 201, headers: { 'x-restli-id': 'urn:li:share:7100000000000000002' } }]);
    const retries = await Promise.all([1, 2, 3].map(() => send('POST', `${POSTS}/${res.body.post._id}/retry`, admin.token, {})));
    expect(retries.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(stub.calls).toHaveLength(1);
    expect((await targetsOf(res.body.post._id))[0]).toMatchObject({
      status: 'success',
      attempts: 2,
      externalId: 'urn:li:share:7100000000000000002',
    });
  });

  it('says a rate limit is one, in the platform words, and never shows the token', async () => {
    const admin = await asAdmin();
    stub = stubLinkedIn([
      { status: 429, body: { message: 'Resource level throttle limit reached', status: 429 }, headers: { 'retry-after': '60' } },
    ]);
    const res = await send('POST', POSTS, admin.token, { content: 'Tournament results: 3 golds', platforms: ['linkedin', 'facebook'] });
    const byPlatform = Object.fromEntries(res.body.post.platforms.map((p: { platform: string }) => [p.platform, p]));
    expect(byPlatform.linkedin).toMatchObject({
      status: 'failed',
      errorKind: 'rate_limited',
      error: 'LinkedIn: Resource level throttle limit reached',
    });
    expect(byPlatform.facebook).toMatchObject({ status: 'success' });
    expect(res.body.post.status).toBe('partial');
    expect(JSON.stringify(res.body)).not.toContain(ACCESS);
  });

  it('refuses to renew a LinkedIn token, saying the account must be reconnected', async () => {
    const admin = await asAdmin();
    const res = await send('POST', `/api/social-media/accounts/${ROW}/refresh`, admin.token, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^LinkedIn does not let us renew its token/);
  });
});
