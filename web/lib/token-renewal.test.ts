import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api.ts';
import { restoreSession } from './session.ts';
import { fakeBrowser } from './browser.test-helpers.ts';
import { keepTokenFresh, renewalDue, renewTokenIfDue, tokenTimes } from './token-renewal.ts';

const DAY = 24 * 60 * 60;
const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A token shaped as the API signs it (the browser never checks the signature). */
const jwt = (iat: number, exp: number, sub = 'u1') => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub, iat, exp })}.c2ln`;
const nowS = () => Math.floor(Date.now() / 1000);
/** A one-day token with `left` seconds of its life left. */
const tokenWith = (left: number) => jwt(nowS() + left - DAY, nowS() + left);

type Call = { url: string; init: RequestInit };
let browser: ReturnType<typeof fakeBrowser>;
let calls: Call[];
let refreshAnswer: () => Response | Promise<Response>;
const fresh = () => tokenWith(DAY);

beforeEach(() => {
  browser = fakeBrowser();
  calls = [];
  refreshAnswer = () => Response.json({ success: true, token: fresh(), user: { _id: 'u1' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url === '/api/auth/refresh-token') return refreshAnswer();
    return Response.json({ success: true, data: { _id: 'u1', email: 'a@example.test', role: 'member' } });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const bearer = (c: Call | undefined) => new Headers(c?.init.headers).get('authorization');

describe('renewalDue', () => {
  it('is due once less than half of the life is left, and never for an expired or unreadable token', () => {
    expect(renewalDue(tokenWith(DAY))).toBe(false);
    expect(renewalDue(tokenWith(DAY / 2 + 60))).toBe(false);
    expect(renewalDue(tokenWith(DAY / 2 - 60))).toBe(true);
    expect(renewalDue(tokenWith(30))).toBe(true);
    expect(renewalDue(tokenWith(-1))).toBe(false);
    expect(renewalDue('not-a-jwt')).toBe(false);
    expect(renewalDue('a.%%%.c')).toBe(false);
    expect(tokenTimes(jwt(100, 200))).toEqual({ iat: 100, exp: 200 });
  });
});

describe('silent renewal before a request', () => {
  it('renews a token past half its life first, stores the new one under the spec key, and sends the request with it', async () => {
    const old = tokenWith(60 * 60);
    const next = fresh();
    refreshAnswer = () => Response.json({ success: true, token: next });
    browser.store.set('token', old);
    await api('/auth/me');
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/auth/refresh-token', 'GET /api/auth/me']);
    expect(bearer(calls[0])).toBe(`Bearer ${old}`);
    expect(bearer(calls[1])).toBe(`Bearer ${next}`);
    expect(browser.store.get('token')).toBe(next);
    for (const c of calls) expect(c.url).not.toContain(old.split('.')[1]!);
  });

  it('leaves a token with more than half its life alone', async () => {
    const young = tokenWith(DAY - 60);
    browser.store.set('token', young);
    await api('/auth/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
    expect(browser.store.get('token')).toBe(young);
  });

  it('renews once for requests made together', async () => {
    browser.store.set('token', tokenWith(60));
    await Promise.all([api('/a'), api('/b'), api('/c')]);
    expect(calls.filter((c) => c.url === '/api/auth/refresh-token')).toHaveLength(1);
    expect(new Set(calls.filter((c) => c.url !== '/api/auth/refresh-token').map(bearer))).toEqual(
      new Set([`Bearer ${browser.store.get('token')}`]),
    );
  });

  it('keeps the stored token when the renewal is refused or the network fails, and the request still goes', async () => {
    const old = tokenWith(60);
    browser.store.set('token', old);
    refreshAnswer = () => Response.json({ success: false, message: 'Not authorized' }, { status: 401 });
    await api('/auth/me');
    refreshAnswer = () => Promise.reject(new TypeError('offline'));
    await api('/auth/me');
    expect(browser.store.get('token')).toBe(old);
    expect(calls.filter((c) => c.url === '/api/auth/me').map(bearer)).toEqual([`Bearer ${old}`, `Bearer ${old}`]);
  });

  it('never renews an expired token: its 401 ends the session as before (the panel then goes to the login page)', async () => {
    browser.store.set('token', tokenWith(-60));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ success: false, message: 'Not authorized, token failed' }, { status: 401 });
    });
    expect(await restoreSession()).toEqual({ state: 'failed', message: 'Authentication failed' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
    expect(browser.store.has('token')).toBe(false);
  });

  it('does not bring back a session that ended (logout) while the renewal was out', async () => {
    browser.store.set('token', tokenWith(60));
    let release!: () => void;
    refreshAnswer = () => new Promise<Response>((r) => (release = () => r(Response.json({ success: true, token: fresh() }))));
    const renewing = renewTokenIfDue();
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    browser.store.delete('token');
    release();
    await renewing;
    expect(browser.store.has('token')).toBe(false);
  });
});

describe('keepTokenFresh', () => {
  it('renews on page load when due, then on its timer once the new token passes half its life', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const old = tokenWith(60);
    browser.store.set('token', old);
    const stop = keepTokenFresh(60_000);
    await vi.waitFor(() => expect(browser.store.get('token')).not.toBe(old));
    const first = browser.store.get('token');
    expect(calls).toHaveLength(1);
    expect(renewalDue(first!)).toBe(false);

    await vi.advanceTimersByTimeAsync((DAY / 2 - 120) * 1000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh-token', '/api/auth/refresh-token']);
    await vi.waitFor(() => expect(browser.store.get('token')).not.toBe(first));

    stop();
    await vi.advanceTimersByTimeAsync(DAY * 1000);
    expect(calls).toHaveLength(2);
  });
});
