import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications, socialAccounts } from '#db/schema/index.ts';
import { hostileValues, send } from '#test/catalog-helpers.ts';
import { api, createUser, testServiceCtx } from '#test/helpers.ts';
import { renewSocialTokens } from './social-accounts.jobs.ts';
import { decryptToken } from '#worker/lib/social/token-crypto.ts';
import { accountOf, clearAccount, config, db, insertAccount } from './social-accounts.test-helpers.ts';

/** This file owns the youtube row (YouTube has no app in tests: a local account, or a live one whose app is gone). */
beforeEach(() => clearAccount('youtube'));

const DAY = 86_400_000;
const base = '/api/social-media/accounts';

/** No answer ever carries a token or its ciphertext. */
function expectNoSecrets(body: unknown, secrets: (string | null | undefined)[]) {
  const json = JSON.stringify(body);
  for (const s of secrets) if (s) expect(json).not.toContain(s);
  expect(json).not.toMatch(/"(accessToken|refreshToken|accessTokenEnc|refreshTokenEnc|refreshLeaseUntil)"/);
}

describe('toggling an account', () => {
  it('flips without a body, sets a given value, and answers the spec’s messages', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row, tokens } = await insertAccount('youtube');
    const off = await api(`${base}/${row.id}/toggle`, { method: 'PATCH', token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, message: 'Account deactivated', account: { _id: row.id, isActive: false } });
    expect(off.body.data).toEqual(off.body.account);
    const on = await api(`${base}/${row.id}/toggle`, { method: 'PATCH', token: admin.token, body: {} });
    expect(on.body).toMatchObject({ message: 'Account activated', account: { isActive: true } });
    const still = await api(`${base}/${row.id}/toggle`, { method: 'PATCH', token: admin.token, body: { isActive: true } });
    expect(still.body).toMatchObject({ message: 'Account activated', account: { isActive: true } });
    for (const r of [off, on, still]) expectNoSecrets(r.body, [tokens.accessToken, tokens.refreshToken, row.accessTokenEnc]);
    const bad = await api(`${base}/${row.id}/toggle`, { method: 'PATCH', token: admin.token, body: { isActive: 'maybe' } });
    expect(bad.status).toBe(400);
    expect((await accountOf('youtube'))!.isActive).toBe(true);
  });

  it('20 parallel toggles to inactive end inactive, with no 5xx', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const { row } = await insertAccount('youtube');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(`${base}/${row.id}/toggle`, { method: 'PATCH', token: admin.token, body: { isActive: false } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await accountOf('youtube'))!.isActive).toBe(false);
  });

  it('answers 400 for a blank id and 404 for an unknown one, on every account call', async () => {
    const admin = await createUser({ role: 'admin' });
    for (const [method, path] of [
      ['PATCH', `${base}/%20/toggle`],
      ['POST', `${base}/%20/refresh`],
      ['DELETE', `${base}/%20`],
    ] as const) {
      const res = await api(path, { method, token: admin.token });
      expect([res.status, res.body.message]).toEqual([400, 'Account ID is required']);
    }
    for (const [method, path] of [
      ['PATCH', `${base}/nope/toggle`],
      ['POST', `${base}/nope/refresh`],
      ['DELETE', `${base}/nope`],
    ] as const) {
      const res = await api(path, { method, token: admin.token });
      expect([res.status, res.body.message]).toEqual([404, 'Account not found']);
    }
  });
});

describe('refreshing a token', () => {
  it('renews a local account: new expiry, new sealed token, none answered', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row, tokens } = await insertAccount('youtube', { tokenExpiresAt: new Date(Date.now() + 2 * DAY), lastError: 'old' });
    const res = await api(`${base}/${row.id}/refresh`, { method: 'POST', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Token refreshed',
      account: { _id: row.id, tokenState: 'ok', lastError: null },
    });
    expect(Date.parse(res.body.account.tokenExpiresAt)).toBeGreaterThan(Date.now() + 50 * DAY);
    const saved = (await accountOf('youtube'))!;
    const access = await decryptToken(config(), { rowId: row.id, field: 'access' }, saved.accessTokenEnc!);
    expect(access).not.toBe(tokens.accessToken);
    // The stand-in gives no new refresh token: the stored one stays.
    expect(await decryptToken(config(), { rowId: row.id, field: 'refresh' }, saved.refreshTokenEnc!)).toBe(tokens.refreshToken);
    expectNoSecrets(res.body, [access, tokens.refreshToken, saved.accessTokenEnc, saved.refreshTokenEnc]);
  });

  it('lets one of concurrent refreshes through; one in flight makes the other 409', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row } = await insertAccount('youtube', { tokenExpiresAt: new Date(Date.now() + DAY) });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(`${base}/${row.id}/refresh`, { method: 'POST', token: admin.token })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    // A refresh holding the lease (another request mid-call): this one is refused, nothing changes.
    const lease = new Date(Date.now() + 30_000);
    await db().update(socialAccounts).set({ refreshLeaseUntil: lease }).where(eq(socialAccounts.id, row.id));
    const before = (await accountOf('youtube'))!;
    const held = await api(`${base}/${row.id}/refresh`, { method: 'POST', token: admin.token });
    expect([held.status, held.body.message]).toEqual([409, 'This account is being refreshed right now; try again in a moment']);
    expect(await accountOf('youtube')).toEqual(before);
  });

  it('answers 409 with the reason when the account’s platform app is gone (a live YouTube account here)', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row } = await insertAccount('youtube', { mode: 'live', tokenExpiresAt: new Date(Date.now() + DAY) });
    const res = await api(`${base}/${row.id}/refresh`, { method: 'POST', token: admin.token });
    expect([res.status, res.body.message]).toEqual([409, 'YouTube is no longer set up on this server; reconnect the account']);
    const list = await api(base, { token: admin.token });
    expect(list.body.accounts.find((a: { _id: string }) => a._id === row.id)).toMatchObject({ canRefresh: false, mode: 'live' });
  });
});

describe('disconnecting', () => {
  it('revokes a local account, removes it, and a second disconnect finds nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row, tokens } = await insertAccount('youtube');
    const res = await api(`${base}/${row.id}`, { method: 'DELETE', token: admin.token });
    expect(res.body).toEqual({ success: true, data: { _id: row.id, revoked: true }, message: 'Account disconnected' });
    expectNoSecrets(res.body, [tokens.accessToken, tokens.refreshToken]);
    expect(await accountOf('youtube')).toBeUndefined();
    expect((await api(`${base}/${row.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('still removes an account it cannot revoke (its app is gone): revoked false', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row } = await insertAccount('youtube', { mode: 'live' });
    const res = await api(`${base}/${row.id}`, { method: 'DELETE', token: admin.token });
    expect(res.body.data).toEqual({ _id: row.id, revoked: false });
    expect(await accountOf('youtube')).toBeUndefined();
  });
});

describe('stats and list', () => {
  it('count the accounts and give each platform its state', async () => {
    const admin = await createUser({ role: 'admin' });
    await insertAccount('youtube', { tokenExpiresAt: new Date(Date.now() + 3 * DAY) });
    const res = await api(`${base}/stats`, { token: admin.token });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.byPlatform.youtube).toEqual({ connected: true, active: true, tokenState: 'expiring_soon' });
    expect(Object.keys(s.byPlatform).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube']);
    expect(s.total).toBe(s.active + s.inactive);
    expect(s.expiringSoon).toBeGreaterThanOrEqual(1);
    const connected = Object.values(s.byPlatform as Record<string, { connected: boolean }>).filter((p) => p.connected).length;
    expect(connected).toBe(s.total);
    const list = await api(base, { token: admin.token });
    const yt = list.body.accounts.find((a: { platform: string }) => a.platform === 'youtube');
    expect(yt).toMatchObject({ tokenState: 'expiring_soon', expiringSoon: true, canRefresh: true });
    expect(list.body.platforms.map((p: { platform: string }) => p.platform)).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'tiktok',
      'twitter',
      'youtube',
    ]);
  });
});

describe('who may manage accounts', () => {
  it('answers 403 to students, members and instructors on every call, and 401 without a token', async () => {
    const { row } = await insertAccount('youtube');
    const calls = [
      ['GET', base],
      ['GET', `${base}/stats`],
      ['POST', `${base}/connect/youtube`],
      ['PATCH', `${base}/${row.id}/toggle`],
      ['POST', `${base}/${row.id}/refresh`],
      ['DELETE', `${base}/${row.id}`],
    ] as const;
    for (const role of ['student', 'member', 'instructor'] as const) {
      const user = await createUser({ role });
      for (const [method, path] of calls)
        expect([method, path, (await send(method, path, user.token)).status]).toEqual([method, path, 403]);
    }
    for (const [method, path] of calls) expect((await send(method, path)).status).toBe(401);
    expect(await accountOf('youtube')).toMatchObject({ id: row.id, isActive: true });
  });

  it('never answers a 5xx to hostile bodies and ids', async () => {
    const admin = await createUser({ role: 'admin' });
    const { row } = await insertAccount('youtube');
    const next = hostileValues(20261126, ['isActive', 'platform', 'state', 'code']);
    const failures: string[] = [];
    for (let i = 0; i < 60; i++) {
      const body = next();
      const id = i % 3 === 0 ? row.id : encodeURIComponent(String(body).slice(0, 60) || 'x');
      for (const [method, path] of [
        ['PATCH', `${base}/${id}/toggle`],
        ['POST', `${base}/connect/${id}`],
      ] as const) {
        const res = await send(method, path, admin.token, body);
        if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 120)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the scheduled token run (only the youtube row is looked at)', () => {
  const run = (now = new Date()) => renewSocialTokens(testServiceCtx(), now, { platforms: ['youtube'] });

  it('renews a local account in its last week', async () => {
    const { row } = await insertAccount('youtube', {
      lastRefreshedAt: new Date(Date.now() - 58 * DAY),
      tokenExpiresAt: new Date(Date.now() + 2 * DAY),
    });
    expect(await run()).toEqual({ refreshed: [row.id], notified: [] });
    expect((await accountOf('youtube'))!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY);
    expect(await run()).toEqual({ refreshed: [], notified: [] });
  });

  it('tells the admins once about an account it cannot renew (a live YouTube account whose app is gone)', async () => {
    const admin = await createUser({ role: 'grandmaster' });
    const ends = new Date(Date.UTC(2026, 10, 30, 12));
    const now = new Date(ends.getTime() - 3 * DAY);
    const { row } = await insertAccount('youtube', { mode: 'live', tokenExpiresAt: ends });
    expect(await run(now)).toEqual({ refreshed: [], notified: [row.id] });
    expect(await run(now)).toEqual({ refreshed: [], notified: [] });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.entityId, row.id)));
    expect(told.map((n) => [n.title, n.body])).toEqual([
      ['YouTube connection ending', 'Your YouTube connection ends on 30 Nov 2026: reconnect it in Social media → Accounts'],
    ]);
    expect((await accountOf('youtube'))!.expiryNotifiedFor).toEqual(ends);
  });
});
