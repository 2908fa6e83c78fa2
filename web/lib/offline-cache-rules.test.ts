import { describe, expect, it } from 'vitest';
import { apiCacheName, cacheNames, mayStore, ruleFor, staleCaches, userKeyOf, type RequestFacts } from './offline-cache-rules.ts';

const ORIGIN = 'https://dojo.test';
const ctx = { origin: ORIGIN, version: 'v2', precached: new Set(['/assets/client-AbCdEf12.js', '/icons/icon-192.png']) };
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const bearer = (sub: string) => `Bearer ${b64({ alg: 'HS256' })}.${b64({ sub, role: 'student', tv: 1 })}.sig`;
const rule = (path: string, more: Partial<RequestFacts> = {}) => ruleFor({ url: `${ORIGIN}${path}`, method: 'GET', ...more }, ctx);

describe('the API rules', () => {
  it("reads the signed-in user's GETs network-first, in that user's own cache, under the full URL", () => {
    expect(rule('/api/messages/conversation?page=1', { authorization: bearer('user-a') })).toEqual({
      strategy: 'network-first',
      cacheName: 'dojo-api-user-a',
      key: `${ORIGIN}/api/messages/conversation?page=1`,
      store: true,
      kind: 'api',
    });
  });

  it('never shares a cache between two users asking for the same URL', () => {
    const a = rule('/api/orders/my-orders', { authorization: bearer('user-a') });
    const b = rule('/api/orders/my-orders', { authorization: bearer('user-b') });
    expect(a.strategy === 'network-first' && a.cacheName).toBe(apiCacheName('user-a'));
    expect(b.strategy === 'network-first' && b.cacheName).toBe(apiCacheName('user-b'));
  });

  it('never caches a write, /api/auth, a read without a token, or another origin', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(ruleFor({ url: `${ORIGIN}/api/messages/send`, method, authorization: bearer('u') }, ctx)).toEqual({
        strategy: 'network-only',
      });
    expect(rule('/api/auth/me', { authorization: bearer('u') })).toEqual({ strategy: 'network-only' });
    expect(rule('/api/auth', { authorization: bearer('u') })).toEqual({ strategy: 'network-only' });
    expect(rule('/api/products')).toEqual({ strategy: 'network-only' });
    expect(ruleFor({ url: 'https://elsewhere.test/api/x', method: 'GET', authorization: bearer('u') }, ctx)).toEqual({
      strategy: 'network-only',
    });
    expect(rule('/parties/user/u1')).toEqual({ strategy: 'network-only' });
  });

  it('keeps public upload images (no token) stale-while-revalidate, bounded', () => {
    expect(rule('/api/files/logo.png', { destination: 'image' })).toMatchObject({
      strategy: 'stale-while-revalidate',
      cacheName: 'dojo-images',
    });
  });
});

describe('userKeyOf', () => {
  it("reads the token's subject, and nothing from a malformed or hostile one", () => {
    expect(userKeyOf(bearer('66a1b2'))).toBe('66a1b2');
    expect(userKeyOf('Bearer nonsense')).toBeNull();
    expect(userKeyOf(`Bearer x.${b64({ sub: '../../x' })}.y`)).toBeNull();
    expect(userKeyOf(`Bearer x.${b64({ sub: 42 })}.y`)).toBeNull();
    expect(userKeyOf(null)).toBeNull();
    expect(userKeyOf(`Basic ${b64({ sub: 'u' })}`)).toBeNull();
  });
});

describe('the page and file rules', () => {
  it('serves every path of a panel from one cached copy of its shell', () => {
    const screen = rule('/student/messages', { mode: 'navigate' });
    expect(screen).toEqual({ strategy: 'network-first', cacheName: 'dojo-pages-v2', key: `${ORIGIN}/student`, store: true, kind: 'page' });
    expect(rule('/admin', { mode: 'navigate' })).toMatchObject({ key: `${ORIGIN}/admin` });
  });

  it('keeps public pages by path and query, and never stores sign-in, payment or consent pages', () => {
    expect(rule('/shop?page=2#top', { mode: 'navigate' })).toMatchObject({ key: `${ORIGIN}/shop?page=2`, store: true });
    for (const path of ['/auth/login', '/auth/reset-password?token=secret', '/pay/sandbox/abc', '/social/consent'])
      expect(rule(path, { mode: 'navigate' })).toMatchObject({ strategy: 'network-first', store: false });
  });

  it('answers precached files from the precache, other built files and images stale-while-revalidate', () => {
    expect(rule('/assets/client-AbCdEf12.js')).toEqual({ strategy: 'precache', cacheName: 'dojo-precache-v2' });
    expect(rule('/icons/icon-192.png')).toEqual({ strategy: 'precache', cacheName: 'dojo-precache-v2' });
    expect(rule('/assets/other-12345678.js')).toEqual({ strategy: 'stale-while-revalidate', cacheName: 'dojo-assets-v2' });
    expect(rule('/images/gallery-1.svg')).toMatchObject({ strategy: 'stale-while-revalidate', cacheName: 'dojo-images', maxEntries: 80 });
    expect(rule('/sw.js')).toEqual({ strategy: 'network-only' });
  });
});

describe('cache housekeeping', () => {
  it("deletes an older build's precache, pages and assets, never the users' API or image caches", () => {
    const existing = [...Object.values(cacheNames('v1')), ...Object.values(cacheNames('v2')), 'dojo-api-u1', 'dojo-images', 'other-app'];
    expect(staleCaches(existing, 'v2').sort()).toEqual(['dojo-assets-v1', 'dojo-pages-v1', 'dojo-precache-v1']);
  });

  it('stores only complete same-origin answers of the expected type', () => {
    const ok = { status: 200, type: 'basic', contentType: 'application/json; charset=utf-8' };
    expect(mayStore('api', ok)).toBe(true);
    expect(mayStore('api', { ...ok, status: 401 })).toBe(false);
    expect(mayStore('api', { ...ok, status: 206 })).toBe(false);
    expect(mayStore('api', { ...ok, type: 'opaque' })).toBe(false);
    expect(mayStore('api', { ...ok, contentType: 'application/pdf' })).toBe(false);
    expect(mayStore('page', { ...ok, contentType: 'text/html; charset=utf-8' })).toBe(true);
    expect(mayStore('page', ok)).toBe(false);
  });
});
