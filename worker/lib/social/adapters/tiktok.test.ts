import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { SocialPlatformError, type AccountCredentials, type PublishMedia, type PublishRequest } from '#worker/lib/social/platform.ts';
import { tiktokAdapter } from './tiktok.ts';

const config = () => ({ ...loadConfig(env as unknown as Bindings), TIKTOK_CLIENT_KEY: 'tt-key', TIKTOK_CLIENT_SECRET: 'tt-secret' });
const ACCESS = 'act.tiktok-access-SECRET';
const REFRESH = 'rft.tiktok-refresh-SECRET';
const account: AccountCredentials = {
  accountId: 'acc1',
  externalId: 'open-123',
  accessToken: ACCESS,
  refreshToken: REFRESH,
  extra: { username: 'dojo.karate' },
};
const OK = { code: 'ok', message: '', log_id: '202411250000' };

type Seen = { url: string; method: string; auth: string | null; type: string | null; body: unknown };
type Route = (seen: Seen) => Response;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const raw = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });

/** TikTok stubbed at fetch with the documented answers; every request kept (form bodies as objects). */
function stub(routes: Record<string, Route | Route[]>) {
  const calls: Seen[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const b = init?.body;
    const body = b instanceof URLSearchParams ? Object.fromEntries(b) : typeof b === 'string' ? JSON.parse(b) : undefined;
    const seen = {
      url: url.toString(),
      method: init?.method ?? 'GET',
      auth: headers.get('authorization'),
      type: headers.get('content-type'),
      body,
    };
    calls.push(seen);
    const route = routes[`${seen.method} ${url.pathname}`];
    const next = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    return next ? next(seen) : json(404, { error: { code: 'not_found', message: `no stub for ${seen.method} ${url.pathname}` } });
  }) as typeof fetch;
  return { fetcher, calls };
}
const paths = (calls: Seen[]) => calls.map((c) => `${c.method} ${new URL(c.url).pathname}`);

const media = (kind: 'video' | 'image', n = 1): PublishMedia => ({
  assetId: `a${n}`,
  kind,
  mimeType: kind === 'video' ? 'video/mp4' : 'image/jpeg',
  url: `https://dojo.test/files/a${n}.${kind === 'video' ? 'mp4' : 'jpg'}`,
  title: 'Grading',
  altText: '',
  sizeBytes: 10,
  bytes: async () => new Uint8Array(10).buffer,
});
const videoPost: PublishRequest = { postId: 'p1', text: 'Grading day!\nWell done everyone #karate', media: [media('video')] };
const creator =
  (options = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']) =>
  () =>
    json(200, {
      data: {
        creator_username: 'dojo.karate',
        creator_nickname: 'Dojo Karate',
        privacy_level_options: options,
        comment_disabled: false,
        duet_disabled: true,
        stitch_disabled: false,
      },
      error: OK,
    });

/** Runs a publish through the adapter's status waits (fake timers) and answers its outcome. */
async function settle<T>(p: Promise<T>): Promise<T | SocialPlatformError> {
  const out = p.then(
    (v) => v,
    (e: unknown) => e as SocialPlatformError,
  );
  await vi.runAllTimersAsync();
  return out;
}

describe('the TikTok adapter', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('sends the admin to TikTok with the client key, the scopes, the callback and the state (web flow: no PKCE)', () => {
    const adapter = tiktokAdapter(config());
    expect(adapter.pkce).toBe(false);
    const url = new URL(adapter.authorizeUrl({ state: 'st', redirectUri: 'https://dojo.test/cb' }));
    expect(url.origin + url.pathname).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'tt-key',
      scope: 'user.info.basic,video.publish',
      response_type: 'code',
      redirect_uri: 'https://dojo.test/cb',
      state: 'st',
    });
  });

  it('trades the code with the app key and secret, then reads the account and its username', async () => {
    const { fetcher, calls } = stub({
      'POST /v2/oauth/token/': () =>
        json(200, {
          access_token: ACCESS,
          expires_in: 86400,
          open_id: 'open-123',
          refresh_token: REFRESH,
          refresh_expires_in: 31536000,
          scope: 'user.info.basic,video.publish',
          token_type: 'Bearer',
        }),
      'GET /v2/user/info/': () => json(200, { data: { user: { open_id: 'open-123', display_name: 'Dojo Karate' } }, error: OK }),
      'POST /v2/post/publish/creator_info/query/': creator(),
    });
    const before = Date.now();
    const got = await tiktokAdapter(config(), fetcher).exchangeCode({ code: 'the-code', redirectUri: 'https://dojo.test/cb' });
    expect(calls[0]).toMatchObject({
      url: 'https://open.tiktokapis.com/v2/oauth/token/',
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: {
        client_key: 'tt-key',
        client_secret: 'tt-secret',
        code: 'the-code',
        grant_type: 'authorization_code',
        redirect_uri: 'https://dojo.test/cb',
      },
    });
    expect(calls[1]).toMatchObject({
      url: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name',
      method: 'GET',
      auth: `Bearer ${ACCESS}`,
    });
    expect(calls[2]).toMatchObject({ method: 'POST', auth: `Bearer ${ACCESS}` });
    expect(got).toMatchObject({
      externalId: 'open-123',
      name: 'Dojo Karate',
      username: 'dojo.karate',
      accessToken: ACCESS,
      refreshToken: REFRESH,
      scope: 'user.info.basic,video.publish',
      extra: { username: 'dojo.karate' },
    });
    expect(got).not.toHaveProperty('openId');
    expect(got.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 86_400_000);
    expect(got.refreshExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 31_536_000_000);
  });

  it('refuses a connection whose posting scope was unticked, and an OAuth error answered with HTTP 200', async () => {
    const noPublish = stub({
      'POST /v2/oauth/token/': () => json(200, { access_token: ACCESS, expires_in: 86400, open_id: 'o', scope: 'user.info.basic' }),
    });
    const err = (await settle(
      tiktokAdapter(config(), noPublish.fetcher).exchangeCode({ code: 'c', redirectUri: 'https://dojo.test/cb' }),
    )) as SocialPlatformError;
    expect(err).toBeInstanceOf(SocialPlatformError);
    expect(err.message).toContain('video.publish');
    const bad = stub({
      'POST /v2/oauth/token/': () =>
        json(200, { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'x' }),
    });
    const err2 = (await settle(
      tiktokAdapter(config(), bad.fetcher).exchangeCode({ code: 'c', redirectUri: 'https://dojo.test/cb' }),
    )) as SocialPlatformError;
    expect(err2).toBeInstanceOf(SocialPlatformError);
    expect(err2.message).toBe('TikTok: Authorization code is expired.');
  });

  it('refreshes with the refresh token and keeps the new (rotated) one, or the old one when none comes', async () => {
    const { fetcher, calls } = stub({
      'POST /v2/oauth/token/': [
        () =>
          json(200, {
            access_token: 'act.new',
            expires_in: 86400,
            refresh_token: 'rft.new',
            refresh_expires_in: 31536000,
            open_id: 'open-123',
          }),
        () => json(200, { access_token: 'act.newer', expires_in: 86400, open_id: 'open-123' }),
      ],
    });
    const adapter = tiktokAdapter(config(), fetcher);
    expect(await adapter.refresh(account)).toMatchObject({ accessToken: 'act.new', refreshToken: 'rft.new' });
    expect(calls[0]!.body).toEqual({
      client_key: 'tt-key',
      client_secret: 'tt-secret',
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
    });
    const second = await adapter.refresh(account);
    expect(second).toMatchObject({ accessToken: 'act.newer', refreshToken: REFRESH });
    expect(second).not.toHaveProperty('openId');
    const dead = stub({
      'POST /v2/oauth/token/': () => json(400, { error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.' }),
    });
    const err = (await settle(tiktokAdapter(config(), dead.fetcher).refresh(account))) as SocialPlatformError;
    expect(err.kind).toBe('expired_token');
    // A wrong client secret is the server's setup: it must not mark the account's token as expired.
    const misconfigured = stub({
      'POST /v2/oauth/token/': () => json(401, { error: 'invalid_client', error_description: 'Client key or secret is incorrect.' }),
    });
    const err2 = (await settle(tiktokAdapter(config(), misconfigured.fetcher).refresh(account))) as SocialPlatformError;
    expect(err2).toMatchObject({ kind: 'rejected', message: 'TikTok: Client key or secret is incorrect.' });
    expect(err2.message).not.toContain(REFRESH);
  });

  it('revokes the access token with the app key and secret', async () => {
    const { fetcher, calls } = stub({ 'POST /v2/oauth/revoke/': () => json(200, {}) });
    await tiktokAdapter(config(), fetcher).revoke(account);
    expect(calls[0]).toMatchObject({
      url: 'https://open.tiktokapis.com/v2/oauth/revoke/',
      type: 'application/x-www-form-urlencoded',
      body: { client_key: 'tt-key', client_secret: 'tt-secret', token: ACCESS },
    });
  });

  it('posts a video by URL at the widest privacy the creator allows, then reads its public id (kept exact past 2^53)', async () => {
    const { fetcher, calls } = stub({
      'POST /v2/post/publish/creator_info/query/': creator(),
      'POST /v2/post/publish/video/init/': () => json(200, { data: { publish_id: 'v_pub_url~v2.123456789' }, error: OK }),
      'POST /v2/post/publish/status/fetch/': [
        () => json(200, { data: { status: 'PROCESSING_DOWNLOAD', uploaded_bytes: 0 }, error: OK }),
        () =>
          raw(
            `{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7303434134432148738],"uploaded_bytes":10},"error":{"code":"ok","message":"","log_id":"x"}}`,
          ),
      ],
    });
    const got = await settle(tiktokAdapter(config(), fetcher).publish(account, videoPost));
    expect(paths(calls)).toEqual([
      'POST /v2/post/publish/creator_info/query/',
      'POST /v2/post/publish/video/init/',
      'POST /v2/post/publish/status/fetch/',
      'POST /v2/post/publish/status/fetch/',
    ]);
    expect(calls.every((c) => c.auth === `Bearer ${ACCESS}` && c.type === 'application/json; charset=UTF-8')).toBe(true);
    expect(calls[1]!.body).toEqual({
      post_info: {
        title: videoPost.text,
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: false,
      },
      source_info: { source: 'PULL_FROM_URL', video_url: 'https://dojo.test/files/a1.mp4' },
    });
    expect(calls[2]!.body).toEqual({ publish_id: 'v_pub_url~v2.123456789' });
    expect(got).toEqual({ externalId: 'v_pub_url~v2.123456789', url: 'https://www.tiktok.com/@dojo.karate/video/7303434134432148738' });
  });

  it('posts photos as a Direct Post photo carousel, privately when that is all an unaudited app may do', async () => {
    const { fetcher, calls } = stub({
      'POST /v2/post/publish/creator_info/query/': creator(['SELF_ONLY']),
      'POST /v2/post/publish/content/init/': () => json(200, { data: { publish_id: 'p_pub_url~v2.42' }, error: OK }),
      'POST /v2/post/publish/status/fetch/': () => json(200, { data: { status: 'PROCESSING_DOWNLOAD' }, error: OK }),
    });
    const text = '\n  Summer camp photos  \nSee you next year';
    const got = await settle(
      tiktokAdapter(config(), fetcher).publish(account, { postId: 'p2', text, media: [media('image', 1), media('image', 2)] }),
    );
    expect(calls[1]!.body).toEqual({
      post_info: {
        title: 'Summer camp photos',
        description: text,
        privacy_level: 'SELF_ONLY',
        disable_comment: false,
        auto_add_music: true,
      },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: 0,
        photo_images: ['https://dojo.test/files/a1.jpg', 'https://dojo.test/files/a2.jpg'],
      },
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
    });
    expect(got).toEqual({ externalId: 'p_pub_url~v2.42', url: null });
  });

  it('keeps a started post as published when its status check itself fails (a retry would post twice)', async () => {
    const { fetcher } = stub({
      'POST /v2/post/publish/creator_info/query/': creator(),
      'POST /v2/post/publish/video/init/': () => json(200, { data: { publish_id: 'v_1' }, error: OK }),
      'POST /v2/post/publish/status/fetch/': () => json(429, { error: { code: 'rate_limit_exceeded', message: 'Too many requests' } }),
    });
    expect(await settle(tiktokAdapter(config(), fetcher).publish(account, videoPost))).toEqual({ externalId: 'v_1', url: null });
  });

  it('reports a post TikTok failed to pull as a media problem with its reason', async () => {
    const { fetcher } = stub({
      'POST /v2/post/publish/creator_info/query/': creator(),
      'POST /v2/post/publish/video/init/': () => json(200, { data: { publish_id: 'v_2' }, error: OK }),
      'POST /v2/post/publish/status/fetch/': () => json(200, { data: { status: 'FAILED', fail_reason: 'video_pull_failed' }, error: OK }),
    });
    const err = (await settle(tiktokAdapter(config(), fetcher).publish(account, videoPost))) as SocialPlatformError;
    expect(err).toBeInstanceOf(SocialPlatformError);
    expect(err.kind).toBe('rejected_media');
    expect(err.message).toBe('TikTok: video_pull_failed');
  });

  it('sorts an expired token, a rate limit with Retry-After, refused media, an outage, and a refusal sent as HTTP 200, never echoing the token', async () => {
    const cases: [Route, SocialPlatformError['kind'], string][] = [
      [
        () =>
          json(401, {
            error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'x' },
          }),
        'expired_token',
        'TikTok: The access token is invalid',
      ],
      [
        () => json(429, { error: { code: 'rate_limit_exceeded', message: 'API rate limit was exceeded.' } }, { 'retry-after': '60' }),
        'rate_limited',
        'API rate limit was exceeded.',
      ],
      [
        () => json(403, { error: { code: 'url_ownership_unverified', message: 'Please review our URL ownership verification rules.' } }),
        'rejected_media',
        'URL ownership',
      ],
      [() => json(400, { error: { code: 'invalid_params', message: 'The video_url is not a valid URL.' } }), 'rejected_media', 'video_url'],
      [() => json(400, { error: { code: 'invalid_params', message: 'The title is too long.' } }), 'rejected', 'title is too long'],
      [
        () => json(200, { data: {}, error: { code: 'spam_risk_too_many_posts', message: 'The daily post cap is reached.' } }),
        'rate_limited',
        'daily post cap',
      ],
      [() => json(503, { error: { code: 'internal_error', message: 'Something went wrong.' } }), 'unavailable', 'Something went wrong.'],
      [() => new Response('<html>Bad gateway</html>', { status: 502 }), 'unavailable', 'HTTP 502'],
    ];
    for (const [route, kind, words] of cases) {
      const { fetcher } = stub({ 'POST /v2/post/publish/creator_info/query/': creator(), 'POST /v2/post/publish/video/init/': route });
      const err = (await settle(tiktokAdapter(config(), fetcher).publish(account, videoPost))) as SocialPlatformError;
      expect(err).toBeInstanceOf(SocialPlatformError);
      expect(err.kind, words).toBe(kind);
      expect(err.message).toContain(words);
      expect(err.message).not.toContain(ACCESS);
      if (kind === 'rate_limited' && words.startsWith('API')) expect(err.retryAfterSeconds).toBe(60);
    }
    const offline = (async () => {
      throw new TypeError(`network down ${ACCESS}`);
    }) as typeof fetch;
    const err = (await settle(tiktokAdapter(config(), offline).publish(account, videoPost))) as SocialPlatformError;
    expect(err.kind).toBe('unavailable');
    expect(err.message).toBe('TikTok could not be reached');
  });
});
