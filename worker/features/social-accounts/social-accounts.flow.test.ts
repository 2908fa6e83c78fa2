import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { socialAccounts, socialOauthStates, users } from '#db/schema/index.ts';
import { hostileValues } from '#test/catalog-helpers.ts';
import { api, createUser } from '#test/helpers.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { decryptToken } from '#worker/lib/social/token-crypto.ts';
import { CALLBACK_MESSAGES } from './social-accounts.callback.ts';
import { accountOf, callback, clearAccount, config, connectLocally, consent, db, startConnect } from './social-accounts.test-helpers.ts';

/** This file owns the tiktok row (TikTok has no app in tests: it connects through the local stand-in). */
beforeEach(() => clearAccount('tiktok'));

const cipher = /^v1\.[\w-]+\.[\w-]+$/;

describe('connecting TikTok through the local stand-in', () => {
  it('runs connect → consent page → callback, stores the tokens sealed, and answers none of them', async () => {
    const admin = await createUser({ role: 'admin' });
    const { started, back, connected, error, res } = await connectLocally(admin.token, 'tiktok');
    expect(started.res.body.data).toEqual({ authorizeUrl: expect.any(String), platform: 'tiktok', mode: 'local' });
    expect(started.params.get('redirect_uri')).toBe('http://dojo.test/api/social-media/accounts/callback/tiktok');
    expect(started.params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const cookie = started.cookie.raw;
    for (const part of ['HttpOnly', 'SameSite=Lax', 'Path=/api/social-media/accounts/callback', 'Max-Age=600', 'Secure'])
      expect(cookie).toContain(part);
    expect(new URL(back).searchParams.get('code')).toMatch(/^local-/);
    expect({ connected, error }).toEqual({ connected: 'tiktok', error: null });
    expect(res.headers.get('set-cookie')).toMatch(/dojo_social_oauth=;.*Max-Age=0/);

    // The state was stored hashed, bound to the admin, and is gone once used.
    const state = started.params.get('state')!;
    expect(
      await db()
        .select()
        .from(socialOauthStates)
        .where(eq(socialOauthStates.stateHash, await sha256Hex(state))),
    ).toEqual([]);

    const row = (await accountOf('tiktok'))!;
    expect(row).toMatchObject({ mode: 'local', isActive: true, connectedBy: admin.id, lastError: null, expiryNotifiedFor: null });
    expect(row.accessTokenEnc).toMatch(cipher);
    expect(row.refreshTokenEnc).toMatch(cipher);
    const access = await decryptToken(config(), { rowId: row.id, field: 'access' }, row.accessTokenEnc!);
    const refresh = await decryptToken(config(), { rowId: row.id, field: 'refresh' }, row.refreshTokenEnc!);
    expect(access).toMatch(/^local-/);
    expect(refresh).toMatch(/^local-/);
    // Bound to its row and column: the access ciphertext does not open as the refresh token.
    await expect(decryptToken(config(), { rowId: row.id, field: 'refresh' }, row.accessTokenEnc!)).rejects.toThrow();

    const list = await api('/api/social-media/accounts', { token: admin.token });
    expect(list.status).toBe(200);
    const mine = list.body.accounts.find((a: { platform: string }) => a.platform === 'tiktok');
    expect(mine).toMatchObject({ _id: row.id, label: 'TikTok', mode: 'local', tokenState: 'ok', expiringSoon: false, canRefresh: true });
    expect(mine.connectedByName).toBe('Test admin');
    expect(list.body.data).toEqual(list.body.accounts);
    expect(list.body.platforms).toContainEqual({ platform: 'tiktok', label: 'TikTok', mode: 'local', connected: true });
    expect(list.body.platforms).toContainEqual(expect.objectContaining({ platform: 'twitter', mode: 'live' }));
    for (const body of [started.res.body, list.body]) {
      const json = JSON.stringify(body);
      for (const secret of [access, refresh, row.accessTokenEnc!, row.refreshTokenEnc!]) expect(json).not.toContain(secret);
      expect(json).not.toMatch(/"(accessToken|refreshToken|accessTokenEnc|refreshTokenEnc|codeVerifier)/);
    }
  });

  it('reconnecting replaces the tokens of the same row (sealed for that row)', async () => {
    const admin = await createUser({ role: 'super-admin' });
    await connectLocally(admin.token, 'tiktok');
    const first = (await accountOf('tiktok'))!;
    await db().update(socialAccounts).set({ isActive: false, lastError: 'old' }).where(eq(socialAccounts.id, first.id));
    expect((await connectLocally(admin.token, 'tiktok')).connected).toBe('tiktok');
    const second = (await accountOf('tiktok'))!;
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ isActive: true, lastError: null });
    expect(second.accessTokenEnc).not.toBe(first.accessTokenEnc);
    expect(await decryptToken(config(), { rowId: second.id, field: 'access' }, second.accessTokenEnc!)).toMatch(/^local-/);
  });

  it('refuses a callback with the cookie missing or of another admin without using up the state, so the real one still connects', async () => {
    const admin = await createUser({ role: 'admin' });
    const other = await createUser({ role: 'admin' });
    const started = await startConnect(admin.token, 'tiktok');
    const back = await consent(started.authorizeUrl, 'connect');
    const theirs = await startConnect(other.token, 'tiktok');
    const forged = await callback(back, theirs.cookie.header);
    expect(forged.error).toBe(CALLBACK_MESSAGES.otherBrowser);
    // The other browser's own cookie (its own flow) is left alone.
    expect(forged.res.headers.get('set-cookie')).toBeNull();
    expect((await callback(back)).error).toBe(CALLBACK_MESSAGES.otherBrowser);
    expect(
      await db()
        .select()
        .from(socialOauthStates)
        .where(eq(socialOauthStates.stateHash, await sha256Hex(started.params.get('state')!)))
        .get(),
    ).toBeDefined();
    const real = await callback(back, started.cookie.header);
    expect(real.connected).toBe('tiktok');
    expect(real.res.headers.get('set-cookie')).toMatch(/dojo_social_oauth=;/);
  });

  it('refuses a replayed state and a state used on another platform', async () => {
    const admin = await createUser({ role: 'admin' });
    const ok = await startConnect(admin.token, 'tiktok');
    const back3 = await consent(ok.authorizeUrl, 'connect');
    expect((await callback(back3, ok.cookie.header)).connected).toBe('tiktok');
    expect((await callback(back3, ok.cookie.header)).error).toBe(CALLBACK_MESSAGES.stateUsed);
    // A state is for its own platform only.
    const swapped = await startConnect(admin.token, 'tiktok');
    const back4 = (await consent(swapped.authorizeUrl, 'connect')).replace('/callback/tiktok', '/callback/youtube');
    expect((await callback(back4, swapped.cookie.header)).error).toBe(CALLBACK_MESSAGES.stateUsed);
  });

  it('refuses an expired state', async () => {
    const admin = await createUser({ role: 'admin' });
    const started = await startConnect(admin.token, 'tiktok');
    const back = await consent(started.authorizeUrl, 'connect');
    const hash = await sha256Hex(started.params.get('state')!);
    await db()
      .update(socialOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(socialOauthStates.stateHash, hash));
    expect((await callback(back, started.cookie.header)).error).toBe(CALLBACK_MESSAGES.stateUsed);
    expect(await accountOf('tiktok')).toBeUndefined();
  });

  it.each([
    ['demoted to instructor', { role: 'instructor' }],
    ['logged out everywhere (token version bumped)', { tokenVersion: 1 }],
    ['deactivated', { isActive: false }],
  ])('refuses the callback when the admin was %s in between', async (_why, change) => {
    const admin = await createUser({ role: 'admin' });
    const started = await startConnect(admin.token, 'tiktok');
    const back = await consent(started.authorizeUrl, 'connect');
    await db().update(users).set(change).where(eq(users.id, admin.id));
    expect((await callback(back, started.cookie.header)).error).toBe(CALLBACK_MESSAGES.sessionChanged);
    expect(await accountOf('tiktok')).toBeUndefined();
  });

  it('ends with the platform’s words when the admin cancels (error=access_denied)', async () => {
    const admin = await createUser({ role: 'admin' });
    const started = await startConnect(admin.token, 'tiktok');
    const back = await consent(started.authorizeUrl, 'cancel');
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    const { error } = await callback(back, started.cookie.header);
    expect(error).toBe('TikTok did not connect: you chose Cancel on the consent page');
    expect(await accountOf('tiktok')).toBeUndefined();
  });

  it('redirects every malformed callback with a message, never a 5xx or JSON', async () => {
    const admin = await createUser({ role: 'admin' });
    const started = await startConnect(admin.token, 'tiktok');
    const cb = '/api/social-media/accounts/callback';
    const cases: [string, string][] = [
      [`${cb}/myspace?state=x&code=y`, CALLBACK_MESSAGES.unknownPlatform],
      [`${cb}/tiktok`, CALLBACK_MESSAGES.stateMissing],
      [`${cb}/tiktok?state=${'a'.repeat(5000)}&code=x`, CALLBACK_MESSAGES.stateUsed],
      [`${cb}/tiktok?state=${started.params.get('state')}`, CALLBACK_MESSAGES.codeMissing],
    ];
    for (const [path, message] of cases) {
      const { error } = await callback(`http://dojo.test${path}`, started.cookie.header);
      expect(error).toBe(message);
    }
  });

  it('answers random callback queries with the redirect, never anything else', async () => {
    const admin = await createUser({ role: 'admin' });
    const started = await startConnect(admin.token, 'tiktok');
    const next = hostileValues(20261127, ['state', 'code', 'error', 'error_description']);
    for (let i = 0; i < 40; i++) {
      const v = next();
      const query = v && typeof v === 'object' && !Array.isArray(v) ? v : { state: v, code: v };
      const params = new URLSearchParams(Object.entries(query).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
      const { error, connected } = await callback(
        `http://dojo.test/api/social-media/accounts/callback/tiktok?${params}`,
        started.cookie.header,
      );
      expect([connected, typeof error]).toEqual([null, 'string']);
    }
    expect(await accountOf('tiktok')).toBeUndefined();
  });

  it('answers 400 for an unknown platform and 403 to students, members and instructors', async () => {
    const admin = await createUser({ role: 'grandmaster' });
    const bad = await startConnect(admin.token, 'myspace');
    expect(bad.res.status).toBe(400);
    expect(bad.res.body.message).toBe(
      'Unsupported platforms: myspace. Supported platforms: facebook, instagram, linkedin, tiktok, twitter, youtube',
    );
    for (const role of ['student', 'member', 'instructor'] as const) {
      const user = await createUser({ role });
      expect((await startConnect(user.token, 'tiktok')).res.status).toBe(403);
    }
    expect((await api('/api/social-media/accounts/connect/tiktok', { method: 'POST' })).status).toBe(401);
  });
});
