import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  logout,
  onUserChanged,
  rememberUser,
  restoreSession,
  safeNextPath,
  saveSession,
  tokenFrom,
  userFrom,
} from './session.ts';
import { fakeBrowser } from './browser.test-helpers.ts';

const USER = { _id: 'u1', email: 'a@example.test', role: 'member' as const, profile: { firstName: 'Ana' } };
let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('restoreSession (spec 4)', () => {
  it('is anonymous without a stored token, and leaves no user or preferences behind', async () => {
    browser.store.set('user', JSON.stringify(USER));
    browser.store.set('preferences', '{}');
    expect(await restoreSession()).toEqual({ state: 'anonymous' });
    expect(browser.calls).toEqual([]);
    expect([...browser.store.keys()]).toEqual([]);
  });

  it('is authenticated when GET /api/auth/me succeeds, refreshing the stored user', async () => {
    browser.store.set('token', 't1');
    browser.respond(() => Response.json({ success: true, data: { ...USER, email: 'new@example.test' } }));
    const r = await restoreSession();
    expect(r).toMatchObject({ state: 'authenticated', token: 't1', user: { email: 'new@example.test' } });
    expect(browser.calls[0]?.url).toBe('/api/auth/me');
    expect(JSON.parse(browser.store.get('user') ?? '{}').email).toBe('new@example.test');
  });

  it("fails with 'Authentication failed' and clears token, user and preferences (only) when the call fails", async () => {
    browser.store.set('token', 'stale');
    browser.store.set('user', JSON.stringify(USER));
    browser.store.set('preferences', '{"theme":"dark"}');
    browser.store.set('cart', '[1]');
    browser.respond(() => Response.json({ success: false, message: 'Not authorized, token failed' }, { status: 401 }));
    expect(await restoreSession()).toEqual({ state: 'failed', message: 'Authentication failed' });
    expect([...browser.store.keys()]).toEqual(['cart']);
  });

  it('opens with the stored user when the server cannot be reached (offline), keeping the session', async () => {
    browser.store.set('token', 't1');
    browser.store.set('user', JSON.stringify(USER));
    browser.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await restoreSession()).toEqual({ state: 'authenticated', user: USER, token: 't1' });
    expect(browser.store.get('token')).toBe('t1');
  });

  it('still fails offline when no user is stored', async () => {
    browser.store.set('token', 't1');
    browser.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await restoreSession()).toMatchObject({ state: 'failed' });
    expect(browser.store.has('token')).toBe(false);
  });

  it('fails the same way when the answer carries no usable user', async () => {
    browser.store.set('token', 't');
    browser.respond(() => Response.json({ success: true, data: { hello: 1 } }));
    expect(await restoreSession()).toMatchObject({ state: 'failed' });
    expect(browser.store.has('token')).toBe(false);
  });
});

describe('session storage and logout', () => {
  it("forgets the service worker's API copies of every user when the session is cleared", async () => {
    const names = ['dojo-api-u1', 'dojo-api-u2', 'dojo-pages-abc', 'dojo-images'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', { keys: async () => names, delete: async (n: string) => deleted.push(n) > 0 });
    clearSession();
    await vi.waitFor(() => expect(deleted.sort()).toEqual(['dojo-api-u1', 'dojo-api-u2']));
  });

  it('stores token and user under the spec keys and clears them again', () => {
    saveSession('tok', USER);
    expect(browser.store.get('token')).toBe('tok');
    expect(JSON.parse(browser.store.get('user') ?? '')).toEqual(USER);
    clearSession();
    expect(browser.store.size).toBe(0);
  });

  it('calls GET /api/auth/logout with the token, then forgets the session even if the call fails', async () => {
    saveSession('tok', USER);
    browser.respond(() => new Response('nope', { status: 500 }));
    expect(await logout()).toBe('Invalid JSON response');
    expect(browser.calls[0]?.url).toBe('/api/auth/logout');
    expect(browser.calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok' });
    expect(browser.store.size).toBe(0);
  });

  it('reads token and user from the top level or from data', () => {
    expect(tokenFrom({ token: 'a' })).toBe('a');
    expect(tokenFrom({ data: { token: 'b' } })).toBe('b');
    expect(tokenFrom({})).toBeNull();
    expect(userFrom({ user: USER })).toEqual(USER);
    expect(userFrom({ data: { user: USER } })).toEqual(USER);
    expect(userFrom({ data: USER })).toEqual(USER);
    expect(userFrom({ data: { ...USER, role: 'pirate' } })).toBeNull();
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/users?page=2#top', '/admin/users?page=2#top'],
    ['/student/../admin', '/admin'],
  ])('keeps the same-site path %s', (input, output) => {
    expect(safeNextPath(input)).toBe(output);
  });

  it.each([
    null,
    '',
    'admin',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/auth/login',
    '/auth',
  ])('refuses %s', (input) => {
    expect(safeNextPath(input)).toBeNull();
  });
});

describe('rememberUser', () => {
  it('keeps the saved user and tells the listeners (the panel header), until they stop listening', () => {
    vi.stubGlobal('window', new EventTarget());
    const seen: string[] = [];
    const stop = onUserChanged((u) => seen.push(u.profile?.firstName ?? ''));
    rememberUser({ ...USER, profile: { firstName: 'Hana' } });
    expect(JSON.parse(browser.store.get('user') ?? '{}').profile.firstName).toBe('Hana');
    stop();
    rememberUser({ ...USER, profile: { firstName: 'Yui' } });
    expect(seen).toEqual(['Hana']);
  });
});
