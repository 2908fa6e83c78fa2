import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';
import { SocialPlatformError, type AccountCredentials, type PublishMedia } from '#worker/lib/social/platform.ts';
import { facebookAdapter } from './facebook.ts';

const SECRETS = { FACEBOOK_APP_ID: 'fb-app-1234', FACEBOOK_APP_SECRET: 'fb-app-secret-of-the-test' };
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });
const PAGE_TOKEN = 'EAAPageTokenOfTheTest';

type Call = { method: string; url: URL; headers: Headers; form: URLSearchParams };
type Answer = [number, unknown, Record<string, string>?];

/** The Graph API stubbed at fetch with its documented shapes; every request is kept for the assertions. */
function stub(routes: Record<string, (c: Call) => Answer>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const call = { method, url, headers: new Headers(init?.headers), form: new URLSearchParams(init?.body ? String(init.body) : '') };
    calls.push(call);
    const key = `${method} ${url.host}${url.pathname}`;
    const [status, body, headers] = routes[key]?.(call) ?? [
      400,
      { error: { message: `Unknown path components: ${key}`, type: 'OAuthException', code: 2500 } },
    ];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
  return { fetcher, calls };
}

const G = 'POST graph.facebook.com/v25.0';
const account: AccountCredentials = {
  accountId: 'acc1',
  externalId: '1001',
  accessToken: PAGE_TOKEN,
  refreshToken: null,
  extra: { userId: '77' },
};
const media = (kind: 'image' | 'video', n: number, over: Partial<PublishMedia> = {}): PublishMedia => ({
  assetId: `a${n}`,
  kind,
  mimeType: kind === 'image' ? 'image/jpeg' : 'video/mp4',
  url: `https://dojo.example/media/a${n}.${kind === 'image' ? 'jpg' : 'mp4'}`,
  title: '',
  altText: '',
  sizeBytes: 10,
  bytes: async () => new ArrayBuffer(10),
  ...over,
});
const post = (text: string, m: PublishMedia[] = []) => ({ postId: 'p1', text, media: m });
const graphError = (code: number, message: string, subcode?: number) => ({
  error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'Axyz' },
});

const granted = (...names: string[]) => ({ data: names.map((permission) => ({ permission, status: 'granted' })) });

async function failure(p: Promise<unknown>): Promise<SocialPlatformError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SocialPlatformError);
  const e = err as SocialPlatformError;
  for (const secret of [PAGE_TOKEN, SECRETS.FACEBOOK_APP_SECRET]) expect(e.message).not.toContain(secret);
  return e;
}

describe('Facebook adapter: connecting', () => {
  it('sends the admin to the Facebook Login dialog with our app, the callback, the state and the Page scopes', () => {
    const url = new URL(facebookAdapter(config()).authorizeUrl({ state: 'st4te', redirectUri: 'https://dojo.example/cb/facebook' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v25.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'fb-app-1234',
      redirect_uri: 'https://dojo.example/cb/facebook',
      state: 'st4te',
      response_type: 'code',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
      auth_type: 'rerequest',
    });
  });

  it('trades the code for a long-lived user token, then connects the first Page it may post on, with its own token (no expiry)', async () => {
    const { fetcher, calls } = stub({
      'GET graph.facebook.com/v25.0/oauth/access_token': (c) =>
        c.url.searchParams.get('grant_type') === 'fb_exchange_token'
          ? [200, { access_token: 'long-user-token', token_type: 'bearer', expires_in: 5183944 }]
          : [200, { access_token: 'short-user-token', token_type: 'bearer', expires_in: 3600 }],
      'GET graph.facebook.com/v25.0/me': () => [200, { id: '77', name: 'Sensei Admin', permissions: granted('pages_manage_posts') }],
      'GET graph.facebook.com/v25.0/me/accounts': () => [
        200,
        {
          data: [
            { id: '1000', name: 'Moderated Page', access_token: 'moderator-token', tasks: ['MODERATE', 'ANALYZE'] },
            { id: '1001', name: 'Dojo Kan', access_token: PAGE_TOKEN, category: 'Martial Arts School', tasks: ['CREATE_CONTENT'] },
            { id: '1002', name: 'Other Page', access_token: 'other' },
          ],
          paging: { cursors: { before: 'a', after: 'b' } },
        },
      ],
    });
    const connected = await facebookAdapter(config(), fetcher).exchangeCode({
      code: 'the-code',
      redirectUri: 'https://dojo.example/cb/facebook',
    });
    expect(connected).toEqual({
      externalId: '1001',
      name: 'Dojo Kan',
      username: null,
      accessToken: PAGE_TOKEN,
      refreshToken: null,
      expiresAt: null,
      extra: { userId: '77' },
    });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /v25.0/oauth/access_token',
      'GET /v25.0/oauth/access_token',
      'GET /v25.0/me',
      'GET /v25.0/me/accounts',
    ]);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      client_id: 'fb-app-1234',
      client_secret: SECRETS.FACEBOOK_APP_SECRET,
      redirect_uri: 'https://dojo.example/cb/facebook',
      code: 'the-code',
    });
    expect(calls[1]!.url.searchParams.get('fb_exchange_token')).toBe('short-user-token');
    expect(calls[1]!.url.searchParams.get('client_secret')).toBe(SECRETS.FACEBOOK_APP_SECRET);
    for (const c of calls.slice(2)) {
      expect(c.headers.get('authorization')).toBe('Bearer long-user-token');
      expect(c.url.searchParams.get('appsecret_proof')).toBe(await hmacSha256Hex(SECRETS.FACEBOOK_APP_SECRET, 'long-user-token'));
      expect(c.url.searchParams.has('access_token')).toBe(false);
    }
    expect(calls[2]!.url.searchParams.get('fields')).toBe('id,name,permissions');
    expect(calls[3]!.url.searchParams.get('fields')).toContain('access_token');
    expect(JSON.stringify(connected.extra)).not.toContain(SECRETS.FACEBOOK_APP_SECRET);
  });

  it("refuses to connect when no Page was shared, and a refused code keeps Facebook's words", async () => {
    const none = stub({
      'GET graph.facebook.com/v25.0/oauth/access_token': () => [200, { access_token: 'user-token' }],
      'GET graph.facebook.com/v25.0/me': () => [200, { id: '77', permissions: granted('pages_manage_posts') }],
      'GET graph.facebook.com/v25.0/me/accounts': () => [200, { data: [] }],
    });
    const e = await failure(facebookAdapter(config(), none.fetcher).exchangeCode({ code: 'c', redirectUri: 'https://d/cb' }));
    expect([e.kind, e.message]).toEqual([
      'rejected',
      'Facebook: no Page you can post on was shared; reconnect and choose the Page the school posts as',
    ]);

    const bad = stub({
      'GET graph.facebook.com/v25.0/oauth/access_token': () => [400, graphError(100, 'This authorization code has been used.', 36009)],
    });
    const e2 = await failure(facebookAdapter(config(), bad.fetcher).exchangeCode({ code: 'c', redirectUri: 'https://d/cb' }));
    expect([e2.kind, e2.message, e2.status]).toEqual(['rejected', 'Facebook: This authorization code has been used.', 400]);
  });

  it('refuses to connect when the admin unticked the publishing permission, before reading any Page', async () => {
    const { fetcher, calls } = stub({
      'GET graph.facebook.com/v25.0/oauth/access_token': () => [200, { access_token: 'user-token' }],
      'GET graph.facebook.com/v25.0/me': () => [
        200,
        { id: '77', permissions: { data: [...granted('pages_show_list').data, { permission: 'pages_manage_posts', status: 'declined' }] } },
      ],
    });
    const e = await failure(facebookAdapter(config(), fetcher).exchangeCode({ code: 'c', redirectUri: 'https://d/cb' }));
    expect([e.kind, e.message]).toEqual([
      'rejected',
      'Facebook: the permission to publish (pages_manage_posts) was not granted; reconnect and allow it',
    ]);
    expect(calls.some((c) => c.url.pathname.endsWith('/me/accounts'))).toBe(false);
  });

  it('cannot refresh (the admin reconnects) and revokes only its own publishing permission with the app token', async () => {
    const { fetcher, calls } = stub({
      'DELETE graph.facebook.com/v25.0/77/permissions/pages_manage_posts': () => [200, { success: true }],
    });
    const fb = facebookAdapter(config(), fetcher);
    expect([fb.canRefresh, fb.canRevoke, fb.pkce]).toEqual([false, true, false]);
    expect((await failure(fb.refresh(account))).kind).toBe('expired_token');
    await fb.revoke(account);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer fb-app-1234|${SECRETS.FACEBOOK_APP_SECRET}`);
  });
});

describe('Facebook adapter: publishing', () => {
  it('posts text to the Page feed with the Page token', async () => {
    const { fetcher, calls } = stub({ [`${G}/1001/feed`]: () => [200, { id: '1001_555' }] });
    const out = await facebookAdapter(config(), fetcher).publish(account, post('Grading on Saturday!'));
    expect(out).toEqual({ externalId: '1001_555', url: 'https://www.facebook.com/1001_555' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${PAGE_TOKEN}`);
    expect(calls[0]!.url.searchParams.get('appsecret_proof')).toBe(await hmacSha256Hex(SECRETS.FACEBOOK_APP_SECRET, PAGE_TOKEN));
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ message: 'Grading on Saturday!' });
  });

  it('posts one image straight to /photos with the text as its message and the alt text', async () => {
    const { fetcher, calls } = stub({ [`${G}/1001/photos`]: () => [200, { id: '888', post_id: '1001_889' }] });
    const out = await facebookAdapter(config(), fetcher).publish(account, post('New mats', [media('image', 1, { altText: 'Blue mats' })]));
    expect(out).toEqual({ externalId: '1001_889', url: 'https://www.facebook.com/1001_889' });
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      url: 'https://dojo.example/media/a1.jpg',
      alt_text_custom: 'Blue mats',
      message: 'New mats',
    });
  });

  it('uploads several images unpublished, then one feed post attaches them all in order', async () => {
    let n = 0;
    const { fetcher, calls } = stub({
      [`${G}/1001/photos`]: () => [200, { id: `90${++n}` }],
      [`${G}/1001/feed`]: () => [200, { id: '1001_777' }],
    });
    const out = await facebookAdapter(config(), fetcher).publish(account, post('Summer camp', [media('image', 1), media('image', 2)]));
    expect(out.externalId).toBe('1001_777');
    expect(calls.map((c) => c.url.pathname)).toEqual(['/v25.0/1001/photos', '/v25.0/1001/photos', '/v25.0/1001/feed']);
    expect(calls[0]!.form.get('published')).toBe('false');
    expect(calls[1]!.form.get('url')).toBe('https://dojo.example/media/a2.jpg');
    expect(Object.fromEntries(calls[2]!.form)).toEqual({
      message: 'Summer camp',
      'attached_media[0]': '{"media_fbid":"901"}',
      'attached_media[1]': '{"media_fbid":"902"}',
    });
  });

  it('posts a video by its URL to the video host', async () => {
    const { fetcher, calls } = stub({ 'POST graph-video.facebook.com/v25.0/1001/videos': () => [200, { id: '3141' }] });
    const out = await facebookAdapter(config(), fetcher).publish(account, post('Kata', [media('video', 1, { title: 'Heian Shodan' })]));
    expect(out).toEqual({ externalId: '3141', url: 'https://www.facebook.com/1001/videos/3141' });
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${PAGE_TOKEN}`);
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      file_url: 'https://dojo.example/media/a1.mp4',
      description: 'Kata',
      title: 'Heian Shodan',
    });
  });
});

describe('Facebook adapter: refusals', () => {
  const refused = (path: string, status: number, body: unknown, headers?: Record<string, string>) =>
    stub({ [`${G}/1001/${path}`]: () => [status, body, headers] }).fetcher;
  const text = post('Hello');

  it("sorts an invalid or expired token (190) as expired_token, keeping Facebook's words", async () => {
    const e = await failure(
      facebookAdapter(config(), refused('feed', 400, graphError(190, 'Error validating access token: Session has expired.', 463))).publish(
        account,
        text,
      ),
    );
    expect([e.kind, e.message, e.status]).toEqual(['expired_token', 'Facebook: Error validating access token: Session has expired.', 400]);
  });

  it('sorts Graph throttling (code 4 or 32) and a 429 with Retry-After as rate_limited', async () => {
    for (const code of [4, 32]) {
      const e = await failure(
        facebookAdapter(config(), refused('feed', 400, graphError(code, 'Request limit reached'))).publish(account, text),
      );
      expect([e.kind, e.message]).toEqual(['rate_limited', 'Facebook: Request limit reached']);
    }
    const e = await failure(
      facebookAdapter(config(), refused('feed', 429, graphError(613, 'Calls exceeded'), { 'retry-after': '120' })).publish(account, text),
    );
    expect([e.kind, e.retryAfterSeconds]).toEqual(['rate_limited', 120]);
  });

  it('sorts a refused photo or video as rejected_media, other refusals as rejected', async () => {
    const photo = [media('image', 1)];
    const e1 = await failure(
      facebookAdapter(config(), refused('photos', 400, graphError(324, 'Missing or invalid image file'))).publish(
        account,
        post('x', photo),
      ),
    );
    expect([e1.kind, e1.message]).toEqual(['rejected_media', 'Facebook: Missing or invalid image file']);
    const e2 = await failure(
      facebookAdapter(config(), refused('photos', 400, graphError(100, 'Invalid parameter'))).publish(account, post('x', photo)),
    );
    expect(e2.kind).toBe('rejected_media');
    const e3 = await failure(
      facebookAdapter(config(), refused('feed', 400, graphError(506, 'Duplicate status message'))).publish(account, text),
    );
    expect([e3.kind, e3.message]).toEqual(['rejected', 'Facebook: Duplicate status message']);
  });

  it('sorts a 5xx and a network failure as unavailable', async () => {
    const e1 = await failure(
      facebookAdapter(config(), refused('feed', 503, { error: { message: 'Service temporarily unavailable', code: 2 } })).publish(
        account,
        text,
      ),
    );
    expect([e1.kind, e1.message]).toEqual(['unavailable', 'Facebook: Service temporarily unavailable']);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const e2 = await failure(facebookAdapter(config(), down).publish(account, text));
    expect([e2.kind, e2.message]).toEqual(['unavailable', 'Facebook could not be reached']);
  });
});
