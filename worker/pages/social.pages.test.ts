import { describe, expect, it } from 'vitest';
import { count, page, titleOf } from './public/page-test-kit.ts';
import { CONSENT_MESSAGES } from './social.pages.tsx';

const CALLBACK = 'http://dojo.test/api/social-media/accounts/callback';
const STATE = 'c3RhdGUtb2YtdGhlLXRlc3Q_-abc';
const consentPath = (q: Record<string, string>) => `/social/connect/local?${new URLSearchParams(q)}`;
const valid = (platform = 'tiktok') => ({
  platform,
  state: STATE,
  redirect_uri: `${CALLBACK}/${platform}`,
  code_challenge: 'ch4llenge_-x',
});
const post = (fields: Record<string, string>) =>
  page('/social/connect/local', {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

describe('/social/connect/local (the local stand-in’s consent page)', () => {
  it('says what it is and offers Connect and Cancel as a plain form, without JavaScript', async () => {
    const { res, html } = await page(consentPath(valid()));
    expect(res.status).toBe(200);
    expect(titleOf(html)).toMatch(/^Connect TikTok \| /);
    expect(count(html, /<h1[ >]/)).toBe(1);
    expect(html).toContain('<h1>Connect TikTok</h1>');
    expect(html).toContain('nothing leaves this machine');
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toMatch(/<form [^>]*method="post"/);
    const buttons = [...html.matchAll(/<button ([^>]*)>([^<]+)<\/button>/g)].map((m) => [
      m[2],
      /name="decision"/.test(m[1]!),
      /value="(\w+)"/.exec(m[1]!)?.[1],
    ]);
    expect(buttons).toEqual([
      ['Connect', true, 'connect'],
      ['Cancel', true, 'cancel'],
    ]);
    expect(html).toContain(`name="state" value="${STATE}"`);
    expect(html).not.toContain('data-island');
  });

  it('Connect sends the browser back to our callback with a code and the state; Cancel with access_denied', async () => {
    const ok = await post({ ...valid(), decision: 'connect' });
    expect(ok.res.status).toBe(303);
    const to = new URL(ok.res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${CALLBACK}/tiktok`);
    expect(to.searchParams.get('state')).toBe(STATE);
    expect(to.searchParams.get('code')).toMatch(/^local-[\w-]{20,}$/);
    const no = await post({ ...valid(), decision: 'cancel' });
    const back = new URL(no.res.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: CONSENT_MESSAGES.cancelled,
      state: STATE,
    });
  });

  it('never sends the browser anywhere but this site’s callback for the platform (400)', async () => {
    for (const redirect_uri of [
      'https://evil.example/api/social-media/accounts/callback/tiktok',
      '//evil.example/cb',
      `${CALLBACK}/youtube`,
      `${CALLBACK}/tiktok/../../../../evil`,
      `${CALLBACK}/tiktok?next=https://evil.example`,
      '',
    ]) {
      const shown = await page(consentPath({ ...valid(), redirect_uri }));
      expect([redirect_uri, shown.res.status]).toEqual([redirect_uri, 400]);
      expect(shown.html).toContain(`<p role="alert" class="form-error">${CONSENT_MESSAGES.redirect}</p>`);
      expect(shown.html).not.toContain('<form');
      const sent = await post({ ...valid(), redirect_uri, decision: 'connect' });
      expect([redirect_uri, sent.res.status, sent.res.headers.get('location')]).toEqual([redirect_uri, 400, null]);
    }
  });

  it('refuses a missing or malformed state (400) and is not offered for X, a live platform here, or an unknown one (404)', async () => {
    for (const state of ['', 'has spaces', '<script>', 'x'.repeat(500)]) {
      expect((await page(consentPath({ ...valid(), state }))).res.status).toBe(400);
    }
    expect((await page(consentPath({ ...valid(), code_challenge: '"><b>' }))).res.status).toBe(400);
    expect((await page(consentPath(valid('twitter')))).res.status).toBe(404);
    expect((await page(consentPath(valid('myspace')))).res.status).toBe(404);
    expect((await post({ ...valid('twitter'), decision: 'connect' })).res.status).toBe(404);
  });
});
