import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { SocialPlatformError, type AccountCredentials, type PublishMedia } from '#worker/lib/social/platform.ts';
import { twitterAdapter } from './twitter.ts';

const config = () => ({ ...loadConfig(env as unknown as Bindings), TWITTER_CLIENT_ID: 'x-client', TWITTER_CLIENT_SECRET: 'x-secret' });
const ACCESS = 'x-access-token-SECRET';
const REFRESH = 'x-refresh-token-SECRET';
const account: AccountCredentials = {
  accountId: 'acc1',
  externalId: '2244994945',
  accessToken: ACCESS,
  refreshToken: REFRESH,
  extra: { username: 'dojo' },
};

type Seen = { url: string; method: string; auth: string | null; type: string | null; body: unknown };
type Route = (seen: Seen) => Response;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** X stubbed at fetch with the documented answers; every request is kept (form bodies as objects, FormData as its keys). */
function stub(routes: Record<string, Route>) {
  const calls: Seen[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const raw = init?.body;
    const body =
      raw instanceof URLSearchParams
        ? Object.fromEntries(raw)
        : raw instanceof FormData
          ? Object.fromEntries([...raw.keys()].map((k) => [k, typeof raw.get(k) === 'string' ? raw.get(k) : 'blob']))
          : typeof raw === 'string'
            ? JSON.parse(raw)
            : undefined;
    const seen = {
      url: url.toString(),
      method: init?.method ?? 'GET',
      auth: headers.get('authorization'),
      type: headers.get('content-type'),
      body,
    };
    calls.push(seen);
    const route = routes[`${seen.method} ${url.pathname}`];
    return route ? route(seen) : json(404, { title: 'Not Found Error', detail: `no stub for ${seen.method} ${url.pathname}` });
  }) as typeof fetch;
  return { fetcher, calls };
}

const image = (bytes = 10): PublishMedia => ({
  assetId: 'a1',
  kind: 'image',
  mimeType: 'image/png',
  url: 'https://dojo.test/files/a1.png',
  title: 'Grading',
  altText: '',
  sizeBytes: bytes,
  bytes: async () => new Uint8Array(bytes).buffer,
});

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SocialPlatformError);
  return err as SocialPlatformError;
};

describe('the X adapter', () => {
  it('sends the admin to X with the state, the callback, the scopes and an S256 PKCE challenge', () => {
    const url = new URL(twitterAdapter(config()).authorizeUrl({ state: 'st', redirectUri: 'https://dojo.test/cb', codeChallenge: 'ch' }));
    expect(url.origin + url.pathname).toBe('https://x.com/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'x-client',
      redirect_uri: 'https://dojo.test/cb',
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('trades the code with Basic client credentials and the verifier, then reads who the account is', async () => {
    const { fetcher, calls } = stub({
      'POST /2/oauth2/token': () =>
        json(200, { token_type: 'bearer', expires_in: 7200, access_token: ACCESS, refresh_token: REFRESH, scope: 'tweet.write' }),
      'GET /2/users/me': () => json(200, { data: { id: '2244994945', name: 'Dojo Karate', username: 'dojo' } }),
    });
    const before = Date.now();
    const got = await twitterAdapter(config(), fetcher).exchangeCode({
      code: 'the-code',
      redirectUri: 'https://dojo.test/cb',
      codeVerifier: 'ver',
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      auth: `Basic ${btoa('x-client:x-secret')}`,
      type: 'application/x-www-form-urlencoded',
      body: { grant_type: 'authorization_code', code: 'the-code', redirect_uri: 'https://dojo.test/cb', code_verifier: 'ver' },
    });
    expect(calls[1]).toMatchObject({ url: 'https://api.x.com/2/users/me', auth: `Bearer ${ACCESS}` });
    expect(got).toMatchObject({
      externalId: '2244994945',
      name: 'Dojo Karate',
      username: 'dojo',
      accessToken: ACCESS,
      refreshToken: REFRESH,
    });
    expect(got.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 7_200_000);
  });

  it('refreshes with the refresh token and keeps the old one when X sends none', async () => {
    const { fetcher, calls } = stub({
      'POST /2/oauth2/token': () => json(200, { token_type: 'bearer', expires_in: 7200, access_token: 'new-access' }),
    });
    const got = await twitterAdapter(config(), fetcher).refresh(account);
    expect(calls[0]!.body).toEqual({ grant_type: 'refresh_token', refresh_token: REFRESH });
    expect(got).toMatchObject({ accessToken: 'new-access', refreshToken: REFRESH });
  });

  it('revokes the refresh token', async () => {
    const { fetcher, calls } = stub({ 'POST /2/oauth2/revoke': () => json(200, { revoked: true }) });
    await twitterAdapter(config(), fetcher).revoke(account);
    expect(calls[0]).toMatchObject({
      auth: `Basic ${btoa('x-client:x-secret')}`,
      body: { token: REFRESH, token_type_hint: 'refresh_token' },
    });
  });

  it('posts text and answers the post id and its link', async () => {
    const { fetcher, calls } = stub({ 'POST /2/tweets': () => json(201, { data: { id: '1445880548472328192', text: 'Osu!' } }) });
    const got = await twitterAdapter(config(), fetcher).publish(account, { postId: 'p1', text: 'Osu!', media: [] });
    expect(calls[0]).toMatchObject({ auth: `Bearer ${ACCESS}`, type: 'application/json', body: { text: 'Osu!' } });
    expect(got).toEqual({ externalId: '1445880548472328192', url: 'https://x.com/dojo/status/1445880548472328192' });
  });

  it('uploads an image in chunks (initialize, append, finalize) and names it in the post', async () => {
    const { fetcher, calls } = stub({
      'POST /2/media/upload/initialize': () =>
        json(200, { data: { id: '1880028106020515840', media_key: '3_1880028106020515840', expires_after_secs: 86400 } }),
      'POST /2/media/upload/1880028106020515840/append': () => new Response(null, { status: 204 }),
      'POST /2/media/upload/1880028106020515840/finalize': () => json(200, { data: { id: '1880028106020515840', size: 10 } }),
      'POST /2/tweets': () => json(201, { data: { id: '99', text: 'Grading day' } }),
    });
    await twitterAdapter(config(), fetcher).publish(account, { postId: 'p1', text: 'Grading day', media: [image(10)] });
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /2/media/upload/initialize',
      'POST /2/media/upload/1880028106020515840/append',
      'POST /2/media/upload/1880028106020515840/finalize',
      'POST /2/tweets',
    ]);
    expect(calls[0]!.body).toEqual({ media_type: 'image/png', total_bytes: 10, media_category: 'tweet_image' });
    expect(calls[1]!.body).toEqual({ segment_index: '0', media: 'blob' });
    expect(calls[3]!.body).toEqual({ text: 'Grading day', media: { media_ids: ['1880028106020515840'] } });
  });

  it('sorts an expired token, a rate limit with its reset, a refused file and an outage, keeping X words and never the token', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    const cases: [Route, SocialPlatformError['kind'], string][] = [
      [
        () => json(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
        'expired_token',
        'X (Twitter): Unauthorized',
      ],
      [
        () => json(429, { title: 'Too Many Requests', detail: 'Too Many Requests' }, { 'x-rate-limit-reset': String(reset) }),
        'rate_limited',
        'X (Twitter): Too Many Requests',
      ],
      [() => json(403, { detail: 'You are not allowed to create a Tweet with duplicate content.' }), 'rejected', 'duplicate content'],
      [() => json(503, { title: 'Service Unavailable' }), 'unavailable', 'Service Unavailable'],
    ];
    for (const [route, kind, words] of cases) {
      const { fetcher } = stub({ 'POST /2/tweets': route });
      const err = await failure(twitterAdapter(config(), fetcher).publish(account, { postId: 'p1', text: 'Osu!', media: [] }));
      expect(err.kind).toBe(kind);
      expect(err.message).toContain(words);
      expect(err.message).not.toContain(ACCESS);
      if (kind === 'rate_limited') expect(err.retryAfterSeconds).toBeGreaterThan(100);
    }
    const offline = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    expect((await failure(twitterAdapter(config(), offline).publish(account, { postId: 'p1', text: 'Osu!', media: [] }))).kind).toBe(
      'unavailable',
    );
  });

  it('calls a refused upload a media problem, with X reason', async () => {
    const { fetcher } = stub({ 'POST /2/media/upload/initialize': () => json(400, { errors: [{ message: 'media type unrecognized.' }] }) });
    const err = await failure(twitterAdapter(config(), fetcher).publish(account, { postId: 'p1', text: 'Osu!', media: [image()] }));
    expect(err.kind).toBe('rejected_media');
    expect(err.message).toBe('X (Twitter): media type unrecognized.');
  });
});
