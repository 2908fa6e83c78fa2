import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { SocialPlatformError, type AccountCredentials, type PublishMedia, type PublishRequest } from '#worker/lib/social/platform.ts';
import { youtubeAdapter } from './youtube.ts';

const config = () => ({ ...loadConfig(env as unknown as Bindings), GOOGLE_CLIENT_ID: 'g-client', GOOGLE_CLIENT_SECRET: 'g-secret' });
const ACCESS = 'ya29.google-access-SECRET';
const REFRESH = '1//google-refresh-SECRET';
const account: AccountCredentials = { accountId: 'acc1', externalId: 'UC_dojo', accessToken: ACCESS, refreshToken: REFRESH, extra: {} };
const SESSION = 'https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status&upload_id=xa298sd_f';
const SCOPES = 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';

type Seen = { url: string; method: string; headers: Headers; body: unknown };
type Route = (seen: Seen) => Response;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const apiError = (code: number, reason: string, message: string) =>
  json(code, { error: { code, message, errors: [{ message, domain: 'youtube.video', reason }] } });

/** Google stubbed at fetch with the documented answers; JSON and form bodies parsed, uploaded bytes kept as bytes. */
function stub(routes: Record<string, Route>) {
  const calls: Seen[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const b = init?.body;
    const body =
      b instanceof URLSearchParams
        ? Object.fromEntries(b)
        : typeof b === 'string'
          ? JSON.parse(b)
          : b instanceof ArrayBuffer
            ? new Uint8Array(b)
            : undefined;
    const seen = { url: url.toString(), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body };
    calls.push(seen);
    const route = routes[`${seen.method} ${url.host}${url.pathname}`];
    return route ? route(seen) : json(404, { error: { code: 404, message: `no stub for ${seen.method} ${url}` } });
  }) as typeof fetch;
  return { fetcher, calls };
}

const video = (bytes = [1, 2, 3, 4, 5], title = 'Black belt grading'): PublishMedia => ({
  assetId: 'v1',
  kind: 'video',
  mimeType: 'video/mp4',
  url: 'https://dojo.test/files/v1.mp4',
  title,
  altText: '',
  sizeBytes: bytes.length,
  bytes: async () => new Uint8Array(bytes).buffer,
});
const post = (text: string, media = [video()]): PublishRequest => ({ postId: 'p1', text, media });
const uploadRoutes = (
  answer: Route = () => json(200, { kind: 'youtube#video', id: 'dQw4w9WgXcQ', status: { uploadStatus: 'uploaded' } }),
) => ({
  'POST www.googleapis.com/upload/youtube/v3/videos': () => new Response(null, { status: 200, headers: { location: SESSION } }),
  'PUT www.googleapis.com/upload/youtube/v3/videos': answer,
});
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SocialPlatformError);
  return err as SocialPlatformError;
};

describe('the YouTube adapter', () => {
  it('sends the admin to Google with the state, the callback, the scopes, offline access, consent and an S256 challenge', () => {
    const adapter = youtubeAdapter(config());
    expect(adapter.pkce).toBe(true);
    const url = new URL(adapter.authorizeUrl({ state: 'st', redirectUri: 'https://dojo.test/cb', codeChallenge: 'ch' }));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'g-client',
      redirect_uri: 'https://dojo.test/cb',
      response_type: 'code',
      scope: SCOPES,
      access_type: 'offline',
      prompt: 'consent',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('trades the code with the client secret and the verifier, then reads the channel', async () => {
    const { fetcher, calls } = stub({
      'POST oauth2.googleapis.com/token': () =>
        json(200, { access_token: ACCESS, expires_in: 3599, refresh_token: REFRESH, scope: SCOPES, token_type: 'Bearer' }),
      'GET www.googleapis.com/youtube/v3/channels': () =>
        json(200, {
          kind: 'youtube#channelListResponse',
          items: [{ kind: 'youtube#channel', id: 'UC_dojo', snippet: { title: 'Dojo Karate', customUrl: '@dojokarate' } }],
        }),
    });
    const before = Date.now();
    const got = await youtubeAdapter(config(), fetcher).exchangeCode({
      code: '4/0Ab',
      redirectUri: 'https://dojo.test/cb',
      codeVerifier: 'ver',
    });
    expect(calls[0]!.url).toBe('https://oauth2.googleapis.com/token');
    expect(calls[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(calls[0]!.body).toEqual({
      client_id: 'g-client',
      client_secret: 'g-secret',
      code: '4/0Ab',
      grant_type: 'authorization_code',
      redirect_uri: 'https://dojo.test/cb',
      code_verifier: 'ver',
    });
    expect(calls[1]!.url).toBe('https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true');
    expect(calls[1]!.headers.get('authorization')).toBe(`Bearer ${ACCESS}`);
    expect(got).toMatchObject({
      externalId: 'UC_dojo',
      name: 'Dojo Karate',
      username: '@dojokarate',
      accessToken: ACCESS,
      refreshToken: REFRESH,
    });
    expect(got.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 3_599_000);
  });

  it('refuses an account without a channel, or a consent without the upload scope', async () => {
    const token = (scope: string) => () => json(200, { access_token: ACCESS, expires_in: 3599, scope });
    const empty = stub({
      'POST oauth2.googleapis.com/token': token(SCOPES),
      'GET www.googleapis.com/youtube/v3/channels': () => json(200, { items: [] }),
    });
    const exchange = (f: typeof fetch) =>
      youtubeAdapter(config(), f).exchangeCode({ code: 'c', redirectUri: 'https://dojo.test/cb', codeVerifier: 'v' });
    expect((await failure(exchange(empty.fetcher))).message).toContain('no YouTube channel');
    const readonly = stub({ 'POST oauth2.googleapis.com/token': token('https://www.googleapis.com/auth/youtube.readonly') });
    expect((await failure(exchange(readonly.fetcher))).message).toContain('uploads');
    expect(readonly.calls).toHaveLength(1);
  });

  it('refreshes with the refresh token, keeping it when Google sends none; a revoked one is an expired token', async () => {
    const { fetcher, calls } = stub({
      'POST oauth2.googleapis.com/token': () => json(200, { access_token: 'ya29.new', expires_in: 3599, scope: SCOPES }),
    });
    const got = await youtubeAdapter(config(), fetcher).refresh(account);
    expect(calls[0]!.body).toEqual({
      client_id: 'g-client',
      client_secret: 'g-secret',
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
    });
    expect(got).toMatchObject({ accessToken: 'ya29.new', refreshToken: REFRESH });
    const sent = stub({
      'POST oauth2.googleapis.com/token': () => json(200, { access_token: 'ya29.n', expires_in: 3599, refresh_token: '1//rotated' }),
    });
    expect(await youtubeAdapter(config(), sent.fetcher).refresh(account)).toMatchObject({ refreshToken: '1//rotated' });
    const revoked = stub({
      'POST oauth2.googleapis.com/token': () =>
        json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }),
    });
    const err = await failure(youtubeAdapter(config(), revoked.fetcher).refresh(account));
    expect(err.kind).toBe('expired_token');
    expect(err.message).toBe('YouTube: Token has been expired or revoked.');
    expect(err.message).not.toContain(REFRESH);
    // A wrong client secret is the server's setup: it must not mark the account's token as expired.
    const misconfigured = stub({
      'POST oauth2.googleapis.com/token': () => json(401, { error: 'invalid_client', error_description: 'Unauthorized' }),
    });
    expect(await failure(youtubeAdapter(config(), misconfigured.fetcher).refresh(account))).toMatchObject({
      kind: 'rejected',
      message: 'YouTube: Unauthorized',
    });
  });

  it('revokes the refresh token, and takes an already revoked one as done', async () => {
    const { fetcher, calls } = stub({ 'POST oauth2.googleapis.com/revoke': () => new Response(null, { status: 200 }) });
    await youtubeAdapter(config(), fetcher).revoke(account);
    expect(calls[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(calls[0]!.body).toEqual({ token: REFRESH });
    const gone = stub({
      'POST oauth2.googleapis.com/revoke': () => json(400, { error: 'invalid_token', error_description: 'Token expired or revoked' }),
    });
    await expect(youtubeAdapter(config(), gone.fetcher).revoke(account)).resolves.toBeUndefined();
    const down = stub({ 'POST oauth2.googleapis.com/revoke': () => json(503, { error: 'backend_error' }) });
    expect((await failure(youtubeAdapter(config(), down.fetcher).revoke(account))).kind).toBe('unavailable');
  });

  it('uploads the video in two steps (metadata, then the bytes to the session) and answers its id and link', async () => {
    const { fetcher, calls } = stub(uploadRoutes());
    const text = 'Black belt grading <2025>\n\nCongratulations to all our new black belts!';
    const got = await youtubeAdapter(config(), fetcher).publish(account, post(text));
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PUT']);
    const [start, put] = calls as [Seen, Seen];
    expect(start.url).toBe('https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status');
    expect(start.headers.get('authorization')).toBe(`Bearer ${ACCESS}`);
    expect(start.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(start.headers.get('x-upload-content-type')).toBe('video/mp4');
    expect(start.headers.get('x-upload-content-length')).toBe('5');
    expect(start.body).toEqual({
      snippet: {
        title: 'Black belt grading ‹2025›',
        description: 'Black belt grading ‹2025›\n\nCongratulations to all our new black belts!',
      },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });
    expect(put.url).toBe(SESSION);
    expect(put.headers.get('authorization')).toBe(`Bearer ${ACCESS}`);
    expect(put.headers.get('content-type')).toBe('video/mp4');
    expect(put.body).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
    expect(got).toEqual({ externalId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('titles the video with the first line cut to 100 characters, or the video title when the text has none', async () => {
    const long = stub(uploadRoutes());
    await youtubeAdapter(config(), long.fetcher).publish(account, post(`${'🥋'.repeat(120)}\nmore`));
    expect((long.calls[0]!.body as { snippet: { title: string } }).snippet.title).toBe('🥋'.repeat(100));
    const blank = stub(uploadRoutes());
    await youtubeAdapter(config(), blank.fetcher).publish(account, post('  \n ', [video([1], '  Kata practice ')]));
    expect((blank.calls[0]!.body as { snippet: { title: string } }).snippet.title).toBe('Kata practice');
  });

  it('refuses, before uploading, a post that is not one video or whose description is over 5,000 bytes', async () => {
    const { fetcher, calls } = stub(uploadRoutes());
    const adapter = youtubeAdapter(config(), fetcher);
    expect((await failure(adapter.publish(account, post('Osu', [])))).kind).toBe('rejected_media');
    expect((await failure(adapter.publish(account, post('Osu', [video(), video()])))).kind).toBe('rejected_media');
    const err = await failure(adapter.publish(account, post('道'.repeat(2_000))));
    expect(err.kind).toBe('rejected');
    expect(err.message).toContain('6,000 bytes');
    const unreadable = { ...video(), bytes: () => Promise.reject(new Error('R2 object missing')) };
    expect(await failure(adapter.publish(account, post('Osu', [unreadable])))).toMatchObject({
      kind: 'rejected_media',
      message: 'The video "Black belt grading" could not be read from the library',
    });
    expect(calls).toHaveLength(0);
  });

  it('never sends the token to an upload session that is not Google', async () => {
    const { fetcher, calls } = stub({
      'POST www.googleapis.com/upload/youtube/v3/videos': () =>
        new Response(null, { status: 200, headers: { location: 'https://evil.test/upload' } }),
    });
    expect((await failure(youtubeAdapter(config(), fetcher).publish(account, post('Osu')))).kind).toBe('unavailable');
    expect(calls).toHaveLength(1);
  });

  it('sorts an expired token, quota and rate limits (Retry-After kept), refused media and outages, with YouTube words and never the token', async () => {
    const cases: [Route, Route | undefined, SocialPlatformError['kind'], string][] = [
      [() => apiError(401, 'authError', 'Invalid Credentials'), undefined, 'expired_token', 'YouTube: Invalid Credentials'],
      [
        () => apiError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.'),
        undefined,
        'rate_limited',
        'exceeded your quota',
      ],
      [
        () =>
          json(
            429,
            { error: { code: 429, message: 'Rate limit exceeded', errors: [{ reason: 'rateLimitExceeded' }] } },
            { 'retry-after': '30' },
          ),
        undefined,
        'rate_limited',
        'Rate limit exceeded',
      ],
      [() => apiError(403, 'userRateLimitExceeded', 'User rate limit exceeded'), undefined, 'rate_limited', 'User rate limit'],
      [
        () => apiError(400, 'invalidTitle', 'The request metadata specifies an invalid video title.'),
        undefined,
        'rejected',
        'invalid video title',
      ],
      [() => apiError(503, 'backendError', 'Backend Error'), undefined, 'unavailable', 'Backend Error'],
      [
        uploadRoutes()['POST www.googleapis.com/upload/youtube/v3/videos'],
        () => apiError(400, 'mediaBodyRequired', 'The request does not include the video content.'),
        'rejected_media',
        'video content',
      ],
      [
        uploadRoutes()['POST www.googleapis.com/upload/youtube/v3/videos'],
        () => json(400, { error: { code: 400, message: "Media type 'text/plain' is not supported." } }),
        'rejected_media',
        'not supported',
      ],
      [
        uploadRoutes()['POST www.googleapis.com/upload/youtube/v3/videos'],
        () => apiError(401, 'authError', 'Invalid Credentials'),
        'expired_token',
        'Invalid Credentials',
      ],
      [
        uploadRoutes()['POST www.googleapis.com/upload/youtube/v3/videos'],
        () => new Response('Service Unavailable', { status: 503 }),
        'unavailable',
        'HTTP 503',
      ],
    ];
    for (const [start, put, kind, words] of cases) {
      const { fetcher } = stub({
        'POST www.googleapis.com/upload/youtube/v3/videos': start,
        ...(put ? { 'PUT www.googleapis.com/upload/youtube/v3/videos': put } : {}),
      });
      const err = await failure(youtubeAdapter(config(), fetcher).publish(account, post('Osu!')));
      expect(err.kind, words).toBe(kind);
      expect(err.message).toContain(words);
      expect(err.message).not.toContain(ACCESS);
      if (words === 'Rate limit exceeded') expect(err.retryAfterSeconds).toBe(30);
    }
    const offline = (async () => {
      throw new TypeError(`connect ECONNREFUSED ${ACCESS}`);
    }) as typeof fetch;
    const err = await failure(youtubeAdapter(config(), offline).publish(account, post('Osu!')));
    expect(err).toMatchObject({ kind: 'unavailable', message: 'YouTube could not be reached' });
  });
});
