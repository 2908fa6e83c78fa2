import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications, socialAccounts, socialOauthStates } from '#db/schema/index.ts';
import { api, createUser, testServiceCtx } from '#test/helpers.ts';
import { newId } from '#core/ids.ts';
import { pkceChallenge } from '#worker/lib/social/pkce.ts';
import { decryptToken } from '#worker/lib/social/token-crypto.ts';
import { renewSocialTokens, sweepOauthStates } from './social-accounts.jobs.ts';
import { accountOf, callback, clearAccount, config, db, insertAccount, startConnect } from './social-accounts.test-helpers.ts';
import { stubX, xRefused, xTokens, type XRoutes } from './social-accounts.x.test-helpers.ts';

/** This file owns the twitter row: X is set up "for real" in tests, and stubbed at fetch. */
beforeEach(() => clearAccount('twitter'));
let x: ReturnType<typeof stubX> | null = null;
const useX = (routes: XRoutes) => (x = stubX(routes));
afterEach(() => {
  x?.restore();
  x = null;
});

const base = '/api/social-media/accounts';
const me = () => [200, { data: { id: '1460000000000000000', name: 'Dojo Karate', username: 'dojokarate' } }] as [number, unknown];

describe('connecting X for real (X stubbed at fetch)', () => {
  it('sends the admin to X with PKCE, exchanges the code with the verifier, and stores X’s tokens sealed', async () => {
    const admin = await createUser({ role: 'admin' });
    const stub = useX({ token: () => [200, xTokens('1')], me });
    const started = await startConnect(admin.token, 'twitter');
    expect(started.res.body.data).toMatchObject({ platform: 'twitter', mode: 'live' });
    const authorize = new URL(started.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe('https://x.com/i/oauth2/authorize');
    const p = authorize.searchParams;
    expect(p.get('redirect_uri')).toBe('http://dojo.test/api/social-media/accounts/callback/twitter');
    expect(p.get('code_challenge_method')).toBe('S256');

    // X sends the browser back with a code and our state.
    const back = `http://dojo.test${base}/callback/twitter?${new URLSearchParams({ code: 'x-code-123', state: p.get('state')! })}`;
    expect(await callback(back, started.cookie.header)).toMatchObject({ connected: 'twitter', error: null });
    const [token, who] = stub.calls;
    expect(token!.path).toBe('/2/oauth2/token');
    expect(Object.fromEntries(token!.form)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'x-code-123',
      redirect_uri: p.get('redirect_uri')!,
    });
    expect(await pkceChallenge(token!.form.get('code_verifier')!)).toBe(p.get('code_challenge'));
    expect(token!.auth).toBe(`Basic ${btoa('test-x-client-id:test-x-client-secret')}`);
    expect(who).toMatchObject({ path: '/2/users/me', auth: 'Bearer x-access-1' });

    const row = (await accountOf('twitter'))!;
    expect(row).toMatchObject({ mode: 'live', externalId: '1460000000000000000', name: 'Dojo Karate', username: 'dojokarate' });
    expect(await decryptToken(config(), { rowId: row.id, field: 'access' }, row.accessTokenEnc!)).toBe('x-access-1');
    expect(await decryptToken(config(), { rowId: row.id, field: 'refresh' }, row.refreshTokenEnc!)).toBe('x-refresh-1');
    expect(row.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(7000_000);
    const list = await api(base, { token: admin.token });
    expect(list.body.accounts.find((a: { platform: string }) => a.platform === 'twitter')).toMatchObject({
      label: 'X (Twitter)',
      mode: 'live',
      canRefresh: true,
      username: 'dojokarate',
    });
    for (const body of [started.res.body, list.body]) expect(JSON.stringify(body)).not.toMatch(/x-access|x-refresh|v1\./);
  });

  it('ends with a message, never X’s body or a token, when X refuses the code', async () => {
    const admin = await createUser({ role: 'admin' });
    useX({ token: () => xRefused('Value passed for the authorization code was invalid.'), me });
    const started = await startConnect(admin.token, 'twitter');
    const back = `http://dojo.test${base}/callback/twitter?code=bad&state=${started.params.get('state')}`;
    const { error } = await callback(back, started.cookie.header);
    expect(error).toMatch(/^X \(Twitter\)/);
    expect(error).not.toContain('invalid_request');
    expect(await accountOf('twitter')).toBeUndefined();
  });
});

describe('an X account', () => {
  it('refreshes through X (the new refresh token replaces the old), and keeps X’s words when it refuses', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row } = await insertAccount('twitter', { mode: 'live', tokenExpiresAt: new Date(Date.now() + 600_000) });
    const stub = useX({ refresh: () => [200, xTokens('2')] });
    const res = await api(`${base}/${row.id}/refresh`, { method: 'POST', token: admin.token });
    expect(res.status).toBe(200);
    expect(stub.calls[0]!.form.get('grant_type')).toBe('refresh_token');
    const saved = (await accountOf('twitter'))!;
    expect(await decryptToken(config(), { rowId: row.id, field: 'refresh' }, saved.refreshTokenEnc!)).toBe('x-refresh-2');
    expect(JSON.stringify(res.body)).not.toMatch(/x-access|x-refresh/);

    x!.restore();
    useX({ refresh: () => [400, { title: 'Invalid Request', detail: 'The refresh token was revoked' }] });
    const refused = await api(`${base}/${row.id}/refresh`, { method: 'POST', token: admin.token });
    expect([refused.status, refused.body.message]).toEqual([409, 'X (Twitter): The refresh token was revoked']);
    expect((await accountOf('twitter'))!.lastError).toBe('X (Twitter): The refresh token was revoked');
  });

  it('disconnecting revokes the refresh token at X; a failed revoke still removes the account', async () => {
    const admin = await createUser({ role: 'admin' });
    const first = await insertAccount('twitter', { mode: 'live' });
    const stub = useX({ revoke: () => [200, { revoked: true }] });
    const res = await api(`${base}/${first.row.id}`, { method: 'DELETE', token: admin.token });
    expect(res.body.data).toEqual({ _id: first.row.id, revoked: true });
    expect(stub.calls).toHaveLength(1);
    expect(Object.fromEntries(stub.calls[0]!.form)).toEqual({ token: first.tokens.refreshToken, token_type_hint: 'refresh_token' });

    x!.restore();
    useX({ revoke: () => [503, { title: 'Service Unavailable' }] });
    const second = await insertAccount('twitter', { mode: 'live' });
    const failed = await api(`${base}/${second.row.id}`, { method: 'DELETE', token: admin.token });
    expect([failed.status, failed.body.data]).toEqual([200, { _id: second.row.id, revoked: false }]);
    expect(await accountOf('twitter')).toBeUndefined();
  });
});

describe('the scheduled token run (X stubbed; only the twitter row is looked at)', () => {
  const MIN = 60_000;
  const run = (now: Date) => renewSocialTokens(testServiceCtx(), now, { platforms: ['twitter'] });
  const toldAbout = async (userId: string, accountId: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.entityId, accountId)));

  it('renews a token past half its life, and leaves a fresh one alone', async () => {
    const now = new Date();
    const { row } = await insertAccount('twitter', {
      mode: 'live',
      lastRefreshedAt: new Date(now.getTime() - 100 * MIN),
      tokenExpiresAt: new Date(now.getTime() + 20 * MIN),
    });
    const stub = useX({ refresh: () => [200, xTokens('job')] });
    expect(await run(now)).toEqual({ refreshed: [row.id], notified: [] });
    const saved = (await accountOf('twitter'))!;
    expect(saved.tokenExpiresAt!.getTime()).toBeGreaterThan(now.getTime() + 100 * MIN);
    expect(await decryptToken(config(), { rowId: row.id, field: 'access' }, saved.accessTokenEnc!)).toBe('x-access-job');
    // Just renewed (2 hours left of 2): not due again, X is not called.
    expect(await run(new Date(now.getTime() + MIN))).toEqual({ refreshed: [], notified: [] });
    expect(stub.calls).toHaveLength(1);
  });

  it('tells the admins once per expiry when X refuses the renewal, again after a reconnect, never about an inactive account', async () => {
    const admin = await createUser({ role: 'admin' });
    const now = new Date();
    const ends = new Date(now.getTime() + 30 * MIN);
    const { row } = await insertAccount('twitter', {
      mode: 'live',
      lastRefreshedAt: new Date(now.getTime() - 90 * MIN),
      tokenExpiresAt: ends,
    });
    const stub = useX({ refresh: () => [400, { title: 'Invalid Request', detail: 'The refresh token was revoked' }] });
    expect(await run(now)).toEqual({ refreshed: [], notified: [row.id] });
    const [notice, ...more] = await toldAbout(admin.id, row.id);
    expect(more).toEqual([]);
    expect(notice!.body).toContain('Your X (Twitter) connection ends on');
    expect(notice!.body).toContain('The refresh token was revoked');
    expect(notice!.body).toContain('reconnect it in Social media → Accounts');
    expect(notice!.data).toMatchObject({ url: '/admin/social/accounts', platform: 'twitter' });
    // Later runs (the renewal refused again once its back-off is over) tell no one again.
    expect((await run(new Date(now.getTime() + MIN))).notified).toEqual([]);
    expect((await run(new Date(now.getTime() + 61 * MIN))).notified).toEqual([]);
    expect(stub.calls).toHaveLength(2);
    expect(await toldAbout(admin.id, row.id)).toHaveLength(1);
    // Two runs at once: one conditional UPDATE decides, so still told once per expiry.
    const newEnd = new Date(ends.getTime() + 5 * MIN);
    await db().update(socialAccounts).set({ tokenExpiresAt: newEnd, lastError: null }).where(eq(socialAccounts.id, row.id));
    const later = new Date(now.getTime() + 62 * MIN);
    const both = await Promise.all([run(later), run(later)]);
    expect(both.flatMap((r) => r.notified)).toEqual([row.id]);
    expect(await toldAbout(admin.id, row.id)).toHaveLength(2);
    // Inactive: the admin turned it off, nobody is told.
    await db()
      .update(socialAccounts)
      .set({ isActive: false, tokenExpiresAt: new Date(newEnd.getTime() + MIN), lastError: null })
      .where(eq(socialAccounts.id, row.id));
    expect(await run(new Date(now.getTime() + 130 * MIN))).toEqual({ refreshed: [], notified: [] });
  });

  it('sweeps only the OAuth states that have expired', async () => {
    const admin = await createUser({ role: 'admin' });
    const state = (expiresAt: Date) => ({
      stateHash: newId(),
      platform: 'twitter' as const,
      userId: admin.id,
      tokenVersion: 0,
      nonceHash: 'n',
      redirectUri: 'http://dojo.test/x',
      expiresAt,
    });
    const old = state(new Date(Date.now() - MIN));
    const live = state(new Date(Date.now() + 5 * MIN));
    await db().insert(socialOauthStates).values([old, live]);
    expect((await sweepOauthStates(testServiceCtx())).deleted).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ h: socialOauthStates.stateHash })
      .from(socialOauthStates)
      .where(inArray(socialOauthStates.stateHash, [old.stateHash, live.stateHash]));
    expect(left).toEqual([{ h: live.stateHash }]);
  });
});
