import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { SocialPlatformError, type AccountCredentials, type Fetcher, type PublishMedia } from '#worker/lib/social/platform.ts';
import { LINKEDIN_VERSION, littleText } from './linkedin-api.ts';
import { linkedinAdapter } from './linkedin.ts';

const SECRETS = { LINKEDIN_CLIENT_ID: 'li-client-1', LINKEDIN_CLIENT_SECRET: 'li-client-secret-of-the-test' };
const config = () => ({ ...loadConfig(env as unknown as Bindings), ...SECRETS });
const TOKEN = 'AQVmemberTokenOfTheTest';
const FAST = { tries: 3, delayMs: 0 };
const li = (fetcher: Fetcher) => linkedinAdapter(config(), fetcher, FAST);

type Call = { method: string; url: URL; headers: Headers; body: BodyInit | null | undefined };
type Answer = [number, unknown, Record<string, string>?];

/** LinkedIn stubbed at fetch with its documented shapes; every request is kept for the assertions. */
function stub(routes: Record<string, (c: Call) => Answer>) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const call = { method, url, headers: new Headers(init?.headers), body: init?.body };
    calls.push(call);
    const key = `${method} ${url.host}${url.pathname}`;
    const [status, body, headers] = routes[key]?.(call) ?? [404, { message: `No route ${key}`, status: 404 }];
    return new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }) as typeof fetch;
  return { fetcher, calls };
}

const json = (c: Call) => JSON.parse(String(c.body)) as Record<string, unknown>;
const formOf = (c: Call) => Object.fromEntries(new URLSearchParams(String(c.body)));
const URN = 'urn:li:person:abc123';
const account: AccountCredentials = { accountId: 'acc3', externalId: URN, accessToken: TOKEN, refreshToken: null, extra: {} };
const media = (kind: 'image' | 'video', n: number, over: Partial<PublishMedia> = {}): PublishMedia => ({
  assetId: `a${n}`,
  kind,
  mimeType: kind === 'image' ? 'image/png' : 'video/mp4',
  url: `https://dojo.example/media/a${n}`,
  title: '',
  altText: '',
  sizeBytes: 10,
  bytes: async () => new Uint8Array([n, 1, 2, 3, 4, 5, 6, 7, 8, 9]).buffer,
  ...over,
});
const post = (text: string, m: PublishMedia[] = []) => ({ postId: 'p1', text, media: m });
const POSTS = 'POST api.linkedin.com/rest/posts';
const created: Answer = [201, null, { 'x-restli-id': 'urn:li:share:7001' }];

async function failure(p: Promise<unknown>): Promise<SocialPlatformError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SocialPlatformError);
  const e = err as SocialPlatformError;
  for (const secret of [TOKEN, SECRETS.LINKEDIN_CLIENT_SECRET]) expect(e.message).not.toContain(secret);
  return e;
}

const restHeadersOk = (c: Call) => {
  expect(c.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  expect(c.headers.get('linkedin-version')).toBe(LINKEDIN_VERSION);
  expect(c.headers.get('x-restli-protocol-version')).toBe('2.0.0');
};

describe('LinkedIn adapter: connecting', () => {
  it("sends the admin to LinkedIn's consent page with our client, the callback, the state and the posting scopes", () => {
    const url = new URL(linkedinAdapter(config()).authorizeUrl({ state: 'st4te', redirectUri: 'https://dojo.example/cb/linkedin' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'li-client-1',
      redirect_uri: 'https://dojo.example/cb/linkedin',
      state: 'st4te',
      scope: 'openid profile w_member_social',
    });
  });

  it('trades the code for a token, then names the member from userinfo (their person URN)', async () => {
    const { fetcher, calls } = stub({
      'POST www.linkedin.com/oauth/v2/accessToken': () => [
        200,
        { access_token: TOKEN, expires_in: 5184000, scope: 'openid,profile,w_member_social', token_type: 'Bearer', id_token: 'eyJ...' },
      ],
      'GET api.linkedin.com/v2/userinfo': () => [
        200,
        { sub: 'abc123', name: 'Ana Sensei', given_name: 'Ana', family_name: 'Sensei', locale: { country: 'US', language: 'en' } },
      ],
    });
    const before = Date.now();
    const connected = await li(fetcher).exchangeCode({ code: 'the-code', redirectUri: 'https://dojo.example/cb/linkedin' });
    expect(connected).toMatchObject({
      externalId: URN,
      name: 'Ana Sensei',
      username: null,
      accessToken: TOKEN,
      refreshToken: null,
      scope: 'openid,profile,w_member_social',
    });
    const ends = connected.expiresAt!.getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 5184000_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 5184000_000);
    expect(calls.map((c) => `${c.method} ${c.url.host}${c.url.pathname}`)).toEqual([
      'POST www.linkedin.com/oauth/v2/accessToken',
      'GET api.linkedin.com/v2/userinfo',
    ]);
    expect(formOf(calls[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'https://dojo.example/cb/linkedin',
      client_id: 'li-client-1',
      client_secret: SECRETS.LINKEDIN_CLIENT_SECRET,
    });
    expect(calls[1]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it("keeps LinkedIn's words when the code is refused", async () => {
    const { fetcher } = stub({
      'POST www.linkedin.com/oauth/v2/accessToken': () => [
        400,
        { error: 'invalid_request', error_description: 'Unable to retrieve access token: authorization code not found' },
      ],
    });
    const e = await failure(li(fetcher).exchangeCode({ code: 'old', redirectUri: 'https://d/cb' }));
    expect([e.kind, e.message]).toEqual(['rejected', 'LinkedIn: Unable to retrieve access token: authorization code not found']);
  });

  it('cannot refresh (the admin reconnects) and revokes the token with the client credentials', async () => {
    const { fetcher, calls } = stub({ 'POST www.linkedin.com/oauth/v2/revoke': () => [200, null] });
    const adapter = li(fetcher);
    expect([adapter.canRefresh, adapter.canRevoke, adapter.pkce]).toEqual([false, true, false]);
    expect((await failure(adapter.refresh(account))).kind).toBe('expired_token');
    await adapter.revoke(account);
    expect(formOf(calls[0]!)).toEqual({ client_id: 'li-client-1', client_secret: SECRETS.LINKEDIN_CLIENT_SECRET, token: TOKEN });
  });
});

describe('LinkedIn adapter: publishing', () => {
  it('posts text as the member, escaped as little text, and answers the URN from x-restli-id', async () => {
    const { fetcher, calls } = stub({ [POSTS]: () => created });
    const out = await li(fetcher).publish(account, post('Kids (6-9) start Monday #karate'));
    expect(out).toEqual({ externalId: 'urn:li:share:7001', url: 'https://www.linkedin.com/feed/update/urn:li:share:7001' });
    restHeadersOk(calls[0]!);
    expect(json(calls[0]!)).toEqual({
      author: URN,
      commentary: 'Kids \\(6-9\\) start Monday {hashtag|\\#|karate}',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  });

  it('escapes every reserved little-text character', () => {
    expect(littleText('a|b{c}d@e[f]g<h>i*j_k~l\\m #')).toBe('a\\|b\\{c\\}d\\@e\\[f\\]g\\<h\\>i\\*j\\_k\\~l\\\\m \\#');
  });

  it('uploads an image (register, PUT the bytes) and posts it as the media', async () => {
    const { fetcher, calls } = stub({
      'POST api.linkedin.com/rest/images': () => [
        200,
        { value: { uploadUrlExpiresAt: 1, uploadUrl: 'https://www.linkedin.com/dms-uploads/img1?ca=x', image: 'urn:li:image:C1' } },
      ],
      'PUT www.linkedin.com/dms-uploads/img1': () => [201, null],
      [POSTS]: () => created,
    });
    await li(fetcher).publish(account, post('Mats', [media('image', 1, { altText: 'Blue mats' })]));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'POST /rest/images?action=initializeUpload',
      'PUT /dms-uploads/img1?ca=x',
      'POST /rest/posts',
    ]);
    restHeadersOk(calls[0]!);
    expect(json(calls[0]!)).toEqual({ initializeUploadRequest: { owner: URN } });
    expect(calls[1]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect([...new Uint8Array(calls[1]!.body as ArrayBuffer)]).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(json(calls[2]!).content).toEqual({ media: { id: 'urn:li:image:C1', altText: 'Blue mats' } });
  });

  it('posts several images as a multiImage', async () => {
    let n = 0;
    const { fetcher, calls } = stub({
      'POST api.linkedin.com/rest/images': () => [
        200,
        { value: { uploadUrl: `https://www.linkedin.com/dms-uploads/i${++n}`, image: `urn:li:image:C${n}` } },
      ],
      'PUT www.linkedin.com/dms-uploads/i1': () => [201, null],
      'PUT www.linkedin.com/dms-uploads/i2': () => [201, null],
      [POSTS]: () => created,
    });
    await li(fetcher).publish(account, post('Camp', [media('image', 1), media('image', 2)]));
    expect(json(calls.at(-1)!).content).toEqual({ multiImage: { images: [{ id: 'urn:li:image:C1' }, { id: 'urn:li:image:C2' }] } });
  });

  it('uploads a video in the parts LinkedIn asks for, finalizes with their ETags, waits until AVAILABLE, then posts it', async () => {
    const states = ['PROCESSING', 'AVAILABLE'];
    const { fetcher, calls } = stub({
      'POST api.linkedin.com/rest/videos': (c) =>
        c.url.searchParams.get('action') === 'initializeUpload'
          ? [
              200,
              {
                value: {
                  video: 'urn:li:video:V1',
                  uploadToken: 'up-tok',
                  uploadInstructions: [
                    { uploadUrl: 'https://www.linkedin.com/dms-uploads/v1/p0', firstByte: 0, lastByte: 5 },
                    { uploadUrl: 'https://www.linkedin.com/dms-uploads/v1/p1', firstByte: 6, lastByte: 9 },
                  ],
                },
              },
            ]
          : [200, null],
      'PUT www.linkedin.com/dms-uploads/v1/p0': () => [200, null, { etag: '"e0"' }],
      'PUT www.linkedin.com/dms-uploads/v1/p1': () => [200, null, { etag: '"e1"' }],
      'GET api.linkedin.com/rest/videos/urn%3Ali%3Avideo%3AV1': () => [200, { id: 'urn:li:video:V1', status: states.shift() }],
      [POSTS]: () => created,
    });
    await li(fetcher).publish(account, post('Kata', [media('video', 4, { title: 'Heian' })]));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`)).toEqual([
      'POST /rest/videos?action=initializeUpload',
      'PUT /dms-uploads/v1/p0',
      'PUT /dms-uploads/v1/p1',
      'POST /rest/videos?action=finalizeUpload',
      'GET /rest/videos/urn%3Ali%3Avideo%3AV1',
      'GET /rest/videos/urn%3Ali%3Avideo%3AV1',
      'POST /rest/posts',
    ]);
    expect(json(calls[0]!)).toEqual({
      initializeUploadRequest: { owner: URN, fileSizeBytes: 10, uploadCaptions: false, uploadThumbnail: false },
    });
    expect([...new Uint8Array(calls[1]!.body as ArrayBuffer)]).toEqual([4, 1, 2, 3, 4, 5]);
    expect([...new Uint8Array(calls[2]!.body as ArrayBuffer)]).toEqual([6, 7, 8, 9]);
    expect(calls[1]!.headers.has('authorization')).toBe(false);
    expect(json(calls[3]!)).toEqual({
      finalizeUploadRequest: { video: 'urn:li:video:V1', uploadToken: 'up-tok', uploadedPartIds: ['"e0"', '"e1"'] },
    });
    restHeadersOk(calls[4]!);
    expect(json(calls[6]!).content).toEqual({ media: { id: 'urn:li:video:V1', title: 'Heian' } });
  });
});

describe('LinkedIn adapter: refusals', () => {
  const refusedPost = (status: number, body: unknown, headers?: Record<string, string>) =>
    stub({ [POSTS]: () => [status, body, headers] }).fetcher;

  it("sorts an expired or revoked token as expired_token, keeping LinkedIn's words", async () => {
    const e = await failure(
      li(
        refusedPost(401, {
          status: 401,
          serviceErrorCode: 65601,
          code: 'REVOKED_ACCESS_TOKEN',
          message: 'The token used in the request has been revoked by the user',
        }),
      ).publish(account, post('x')),
    );
    expect([e.kind, e.message, e.status]).toEqual([
      'expired_token',
      'LinkedIn: The token used in the request has been revoked by the user',
      401,
    ]);
  });

  it('sorts a 429 as rate_limited with its Retry-After', async () => {
    const e = await failure(
      li(
        refusedPost(429, { status: 429, message: 'Resource level throttle APPLICATION DAY limit reached' }, { 'retry-after': '3600' }),
      ).publish(account, post('x')),
    );
    expect([e.kind, e.retryAfterSeconds, e.message]).toEqual([
      'rate_limited',
      3600,
      'LinkedIn: Resource level throttle APPLICATION DAY limit reached',
    ]);
  });

  it('sorts a refused upload as rejected_media and a refused post as rejected', async () => {
    const { fetcher } = stub({
      'POST api.linkedin.com/rest/images': () => [
        200,
        { value: { uploadUrl: 'https://www.linkedin.com/dms-uploads/x', image: 'urn:li:image:X' } },
      ],
      'PUT www.linkedin.com/dms-uploads/x': () => [400, { message: 'Invalid image file', status: 400 }],
    });
    const e1 = await failure(li(fetcher).publish(account, post('x', [media('image', 1)])));
    expect([e1.kind, e1.message]).toEqual(['rejected_media', 'LinkedIn: Invalid image file']);
    const e2 = await failure(
      li(refusedPost(422, { status: 422, message: 'Content is a duplicate of urn:li:share:1' })).publish(account, post('x')),
    );
    expect([e2.kind, e2.message]).toEqual(['rejected', 'LinkedIn: Content is a duplicate of urn:li:share:1']);
  });

  it('refuses a video LinkedIn could not process, and never sends the token to an upload URL off LinkedIn', async () => {
    const video = (status: string, uploadUrl = 'https://www.linkedin.com/dms-uploads/v') =>
      stub({
        'POST api.linkedin.com/rest/videos': (c) =>
          c.url.searchParams.get('action') === 'initializeUpload'
            ? [200, { value: { video: 'urn:li:video:V', uploadToken: '', uploadInstructions: [{ uploadUrl, firstByte: 0, lastByte: 9 }] } }]
            : [200, null],
        'PUT www.linkedin.com/dms-uploads/v': () => [200, null, { etag: 'e' }],
        'GET api.linkedin.com/rest/videos/urn%3Ali%3Avideo%3AV': () => [200, { status }],
      });
    const failed = video('PROCESSING_FAILED');
    const e1 = await failure(li(failed.fetcher).publish(account, post('x', [media('video', 1)])));
    expect([e1.kind, e1.message]).toEqual(['rejected_media', 'LinkedIn: the video could not be processed']);
    expect(failed.calls.some((c) => c.url.pathname === '/rest/posts')).toBe(false);
    const slow = video('PROCESSING');
    expect((await failure(li(slow.fetcher).publish(account, post('x', [media('video', 1)])))).message).toMatch(/still processing/);
    const elsewhere = video('AVAILABLE', 'https://evil.example/upload');
    expect((await failure(li(elsewhere.fetcher).publish(account, post('x', [media('video', 1)])))).kind).toBe('unavailable');
    expect(elsewhere.calls.map((c) => c.url.host)).toEqual(['api.linkedin.com']);
  });

  it('sorts a 5xx and a network failure as unavailable', async () => {
    const e1 = await failure(li(refusedPost(503, { status: 503, message: 'Service Unavailable' })).publish(account, post('x')));
    expect([e1.kind, e1.message]).toEqual(['unavailable', 'LinkedIn: Service Unavailable']);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const e2 = await failure(li(down).publish(account, post('x')));
    expect([e2.kind, e2.message]).toEqual(['unavailable', 'LinkedIn could not be reached']);
  });
});
