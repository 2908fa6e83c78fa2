import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';
import { SocialPlatformError, type AccountCredentials, type Fetcher, type PublishMedia } from '#worker/lib/social/platform.ts';
import { instagramAdapter } from './instagram.ts';

const SECRETS = { FACEBOOK_APP_ID: 'fb-app-1234', FACEBOOK_APP_SECRET: 'fb-app-secret-of-the-test' };
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });
const PAGE_TOKEN = 'EAAPageTokenForInstagram';
const FAST = { tries: 3, delayMs: 0 };
const ig = (fetcher: Fetcher) => instagramAdapter(config(), fetcher, FAST);

type Call = { method: string; url: URL; headers: Headers; form: URLSearchParams };
type Answer = [number, unknown, Record<string, string>?];

/** The Instagram Graph API stubbed at fetch with its documented shapes; every request is kept. */
function stub(routes: Record<string, (c: Call) => Answer>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const call = { method, url, headers: new Headers(init?.headers), form: new URLSearchParams(init?.body ? String(init.body) : '') };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const [status, body, headers] = routes[key]?.(call) ?? [400, { error: { message: `Unknown path components: ${key}`, code: 2500 } }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
  return { fetcher, calls };
}

const V = '/v25.0';
const account: AccountCredentials = {
  accountId: 'acc2',
  externalId: '1789',
  accessToken: PAGE_TOKEN,
  refreshToken: null,
  extra: { userId: '77', pageId: '1001' },
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
const post = (text: string, m: PublishMedia[]) => ({ postId: 'p1', text, media: m });
const graphError = (code: number, message: string, subcode?: number) => ({
  error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'Axyz' },
});

/** A container that reports the given states in turn, then publishes as media 555 with a permalink. */
function publishing(states: string[], permalink: Answer = [200, { permalink: 'https://www.instagram.com/p/AbC123/', id: '555' }]) {
  let n = 0;
  return stub({
    [`POST ${V}/1789/media`]: (c) => [200, { id: c.form.get('media_type') === 'CAROUSEL' ? 'carousel-1' : `c${++n}` }],
    [`GET ${V}/c1`]: () => [200, { status_code: states.shift() ?? 'FINISHED', id: 'c1' }],
    [`GET ${V}/carousel-1`]: () => [200, { status_code: 'FINISHED', id: 'carousel-1' }],
    [`POST ${V}/1789/media_publish`]: () => [200, { id: '555' }],
    [`GET ${V}/555`]: () => permalink,
  });
}

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

describe('Instagram adapter: connecting', () => {
  it('asks Facebook Login for the Instagram publishing scopes, with the state and callback', () => {
    const url = new URL(instagramAdapter(config()).authorizeUrl({ state: 'st4te', redirectUri: 'https://dojo.example/cb/instagram' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v25.0/dialog/oauth');
    expect(url.searchParams.get('state')).toBe('st4te');
    expect(url.searchParams.get('redirect_uri')).toBe('https://dojo.example/cb/instagram');
    expect(url.searchParams.get('client_id')).toBe('fb-app-1234');
    expect(url.searchParams.get('auth_type')).toBe('rerequest');
    expect(url.searchParams.get('scope')!.split(',')).toEqual(
      expect.arrayContaining(['instagram_basic', 'instagram_content_publish', 'pages_show_list']),
    );
  });

  it("connects the Instagram account behind the first Page that has one, with that Page's token", async () => {
    const { fetcher, calls } = stub({
      [`GET ${V}/oauth/access_token`]: (c) => [
        200,
        { access_token: c.url.searchParams.has('fb_exchange_token') ? 'long-user' : 'short-user' },
      ],
      [`GET ${V}/me`]: () => [200, { id: '77', name: 'Sensei', permissions: granted('instagram_basic', 'instagram_content_publish') }],
      [`GET ${V}/me/accounts`]: () => [
        200,
        {
          data: [
            { id: '1000', name: 'No IG Page', access_token: 'token-without-ig' },
            { id: '999', name: 'Read-only', access_token: 'ro', tasks: ['ANALYZE'], instagram_business_account: { id: '1555' } },
            {
              id: '1001',
              name: 'Dojo Kan',
              access_token: PAGE_TOKEN,
              instagram_business_account: { id: '1789', username: 'dojokan', name: 'Dojo Kan IG' },
            },
          ],
        },
      ],
    });
    const connected = await ig(fetcher).exchangeCode({ code: 'the-code', redirectUri: 'https://dojo.example/cb/instagram' });
    expect(connected).toEqual({
      externalId: '1789',
      name: 'Dojo Kan IG',
      username: 'dojokan',
      accessToken: PAGE_TOKEN,
      refreshToken: null,
      expiresAt: null,
      extra: { userId: '77', pageId: '1001' },
    });
    expect(calls.map((c) => c.url.pathname)).toEqual([`${V}/oauth/access_token`, `${V}/oauth/access_token`, `${V}/me`, `${V}/me/accounts`]);
    expect(calls[0]!.url.searchParams.get('code')).toBe('the-code');
    expect(calls[1]!.url.searchParams.get('fb_exchange_token')).toBe('short-user');
    expect(calls[3]!.url.searchParams.get('fields')).toContain('instagram_business_account{id,username,name}');
    expect(calls[3]!.headers.get('authorization')).toBe('Bearer long-user');
  });

  it('says what to do when no Page has an Instagram professional account', async () => {
    const { fetcher } = stub({
      [`GET ${V}/oauth/access_token`]: () => [200, { access_token: 'user' }],
      [`GET ${V}/me`]: () => [200, { id: '77', permissions: granted('instagram_content_publish') }],
      [`GET ${V}/me/accounts`]: () => [200, { data: [{ id: '1000', name: 'Page', access_token: 't' }] }],
    });
    const e = await failure(ig(fetcher).exchangeCode({ code: 'c', redirectUri: 'https://d/cb' }));
    expect(e.kind).toBe('rejected');
    expect(e.message).toMatch(/Instagram professional account linked/);
  });

  it('refuses to connect without the Instagram publishing permission', async () => {
    const { fetcher } = stub({
      [`GET ${V}/oauth/access_token`]: () => [200, { access_token: 'user' }],
      [`GET ${V}/me`]: () => [200, { id: '77', permissions: granted('instagram_basic', 'pages_show_list') }],
    });
    const e = await failure(ig(fetcher).exchangeCode({ code: 'c', redirectUri: 'https://d/cb' }));
    expect([e.kind, e.message]).toEqual([
      'rejected',
      'Instagram: the permission to publish (instagram_content_publish) was not granted; reconnect and allow it',
    ]);
  });

  it('cannot refresh and revokes only the Instagram publishing permission', async () => {
    const { fetcher, calls } = stub({ [`DELETE ${V}/77/permissions/instagram_content_publish`]: () => [200, { success: true }] });
    const adapter = ig(fetcher);
    expect([adapter.canRefresh, adapter.canRevoke]).toEqual([false, true]);
    expect((await failure(adapter.refresh(account))).kind).toBe('expired_token');
    await adapter.revoke(account);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`DELETE ${V}/77/permissions/instagram_content_publish`]);
  });
});

describe('Instagram adapter: publishing', () => {
  it('publishes one image: container with caption and alt text, status check, media_publish, permalink', async () => {
    const { fetcher, calls } = publishing(['FINISHED']);
    const out = await ig(fetcher).publish(account, post('Belt day', [media('image', 1, { altText: 'Students in a row' })]));
    expect(out).toEqual({ externalId: '555', url: 'https://www.instagram.com/p/AbC123/' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      `POST ${V}/1789/media`,
      `GET ${V}/c1`,
      `POST ${V}/1789/media_publish`,
      `GET ${V}/555`,
    ]);
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      image_url: 'https://dojo.example/media/a1.jpg',
      alt_text: 'Students in a row',
      caption: 'Belt day',
    });
    expect(calls[1]!.url.searchParams.get('fields')).toBe('status_code,status');
    expect(Object.fromEntries(calls[2]!.form)).toEqual({ creation_id: 'c1' });
    for (const c of calls) {
      expect(c.headers.get('authorization')).toBe(`Bearer ${PAGE_TOKEN}`);
      expect(c.url.searchParams.get('appsecret_proof')).toBe(await hmacSha256Hex(SECRETS.FACEBOOK_APP_SECRET, PAGE_TOKEN));
    }
  });

  it('publishes a video as a reel once Instagram has finished processing it', async () => {
    const { fetcher, calls } = publishing(['IN_PROGRESS', 'IN_PROGRESS', 'FINISHED']);
    const out = await ig(fetcher).publish(account, post('Kata', [media('video', 1)]));
    expect(out.externalId).toBe('555');
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      media_type: 'REELS',
      video_url: 'https://dojo.example/media/a1.mp4',
      caption: 'Kata',
    });
    expect(calls.filter((c) => c.url.pathname === `${V}/c1`)).toHaveLength(3);
  });

  it('builds a carousel from item containers, then publishes the carousel', async () => {
    const { fetcher, calls } = publishing([]);
    await ig(fetcher).publish(account, post('Camp', [media('image', 1, { altText: 'Kids' }), media('image', 2)]));
    const made = calls.filter((c) => c.url.pathname === `${V}/1789/media`).map((c) => Object.fromEntries(c.form));
    expect(made).toEqual([
      { image_url: 'https://dojo.example/media/a1.jpg', is_carousel_item: 'true' },
      { image_url: 'https://dojo.example/media/a2.jpg', is_carousel_item: 'true' },
      { media_type: 'CAROUSEL', children: 'c1,c2', caption: 'Camp' },
    ]);
    expect(calls.find((c) => c.url.pathname === `${V}/1789/media_publish`)!.form.get('creation_id')).toBe('carousel-1');
  });

  it('keeps a published post a success when the permalink cannot be read', async () => {
    const { fetcher } = publishing([], [500, { error: { message: 'oops', code: 1 } }]);
    expect(await ig(fetcher).publish(account, post('x', [media('image', 1)]))).toEqual({ externalId: '555', url: null });
  });
});

describe('Instagram adapter: refusals', () => {
  it('refuses a post without media before calling Instagram', async () => {
    const { fetcher, calls } = stub({});
    const e = await failure(ig(fetcher).publish(account, post('Only words', [])));
    expect([e.kind, calls.length]).toEqual(['rejected_media', 0]);
  });

  it('stops with a clear failure when the video is still processing after the last check, publishing nothing', async () => {
    const { fetcher, calls } = publishing(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS', 'FINISHED']);
    const e = await failure(ig(fetcher).publish(account, post('Kata', [media('video', 1)])));
    expect([e.kind, e.message]).toEqual(['unavailable', 'Instagram is still processing the media; retry this platform in a few minutes']);
    expect(calls.some((c) => c.url.pathname.endsWith('media_publish'))).toBe(false);
  });

  it('sorts a container in ERROR, and a media fetch refusal, as rejected_media', async () => {
    const { fetcher } = stub({
      [`POST ${V}/1789/media`]: () => [200, { id: 'c1' }],
      [`GET ${V}/c1`]: () => [200, { status_code: 'ERROR', status: 'Error: 2207026' }],
    });
    const e1 = await failure(ig(fetcher).publish(account, post('x', [media('video', 1)])));
    expect([e1.kind, e1.message]).toEqual(['rejected_media', 'Instagram: the media could not be processed (Error: 2207026)']);
    const refused = stub({ [`POST ${V}/1789/media`]: () => [400, graphError(9004, 'Media download has failed.', 2207052)] });
    const e2 = await failure(ig(refused.fetcher).publish(account, post('x', [media('image', 1)])));
    expect([e2.kind, e2.message]).toEqual(['rejected_media', 'Instagram: Media download has failed.']);
  });

  it('sorts an expired token, the daily publishing limit and throttling (with Retry-After)', async () => {
    const answer = (a: Answer) => stub({ [`POST ${V}/1789/media`]: () => a }).fetcher;
    const expired = await failure(
      ig(answer([400, graphError(190, 'Error validating access token')])).publish(account, post('x', [media('image', 1)])),
    );
    expect([expired.kind, expired.message]).toEqual(['expired_token', 'Instagram: Error validating access token']);
    const daily = await failure(
      ig(answer([400, graphError(9, 'Application request limit reached', 2207042)])).publish(account, post('x', [media('image', 1)])),
    );
    expect(daily.kind).toBe('rate_limited');
    const throttled = await failure(
      ig(answer([429, graphError(4, 'Too many calls'), { 'retry-after': '30' }])).publish(account, post('x', [media('image', 1)])),
    );
    expect([throttled.kind, throttled.retryAfterSeconds]).toEqual(['rate_limited', 30]);
  });

  it('sorts a 5xx and a network failure as unavailable', async () => {
    const e1 = await failure(
      ig(stub({ [`POST ${V}/1789/media`]: () => [502, {}] }).fetcher).publish(account, post('x', [media('image', 1)])),
    );
    expect([e1.kind, e1.message]).toEqual(['unavailable', 'Instagram refused the request (HTTP 502)']);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect((await failure(ig(down).publish(account, post('x', [media('image', 1)])))).kind).toBe('unavailable');
  });
});
