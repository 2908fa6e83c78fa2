import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#core/roles.ts';
import { api, createUser } from '#test/helpers.ts';
import { insertKioskDevice } from '#test/session-helpers.ts';
import { KIOSK_MESSAGES } from '#worker/lib/kiosk-token.ts';
import { ACCESS } from './access.ts';
import { apiRouteKeys, createApp } from './app.ts';

const FORBIDDEN_BY_TABLE = /is not allowed to access this resource/;

/** A concrete path for a route pattern: every :param becomes a value no record has. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'no-such-id-0000').replace(/\*$/, 'x');

describe('the access table', () => {
  it('lists every /api route the app serves, and nothing it does not', () => {
    const served = apiRouteKeys(createApp()).map((k) => k.replace(/^HEAD /, 'GET '));
    expect(served.filter((k) => !ACCESS[k])).toEqual([]);
    expect(Object.keys(ACCESS).filter((k) => !served.includes(k))).toEqual([]);
  });

  const entries = Object.entries(ACCESS);

  it.concurrent.each(entries.filter(([, rule]) => rule !== 'public'))('%s refuses a caller without a token with 401', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const res = await api(concrete(path), { method, body: method === 'GET' || method === 'HEAD' ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('lets each role through exactly the routes the table gives it', { timeout: 180_000 }, async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, (await createUser({ role })).token] as const)),
    ) as Record<Role, string>;
    const wrong: string[] = [];
    // Calls that end the caller's sessions would void the tokens for the rest of the walk; auth tests cover them.
    for (const [key, rule] of entries.filter(([k]) => !/logout|deactivate|update-password/.test(k))) {
      const [method, path] = key.split(' ') as [string, string];
      await Promise.all(
        ROLES.map(async (role) => {
          const allowed = rule === 'public' || rule === 'user' || rule.includes(role);
          const res = await api(concrete(path), { method, token: tokens[role], body: method === 'GET' ? undefined : {} });
          const refusedByTable = res.status === 403 && FORBIDDEN_BY_TABLE.test(String(res.body?.message));
          if (res.status === 401 || res.status >= 500 || allowed === refusedByTable) wrong.push(`${role} ${key} → ${res.status}`);
        }),
      );
    }
    expect(wrong).toEqual([]);
  });

  it('lets a kiosk token through only the routes that admit a kiosk, and a revoked one through none', { timeout: 120_000 }, async () => {
    const { token } = await insertKioskDevice();
    const { token: revoked } = await insertKioskDevice({ revokedAt: new Date() });
    const wrong: string[] = [];
    await Promise.all(
      entries.map(async ([key, rule]) => {
        const [method, path] = key.split(' ') as [string, string];
        const body = method === 'GET' ? undefined : {};
        const res = await api(concrete(path), { method, token, body });
        const admitted = typeof rule !== 'string' && rule.includes('kiosk');
        const refused = res.status === 403 && res.body?.message === KIOSK_MESSAGES.onlyCheckIn;
        if (res.status === 401 || res.status >= 500 || admitted === refused) wrong.push(`kiosk ${key} → ${res.status}`);
        const gone = await api(concrete(path), { method, token: revoked, body });
        if (gone.status !== 401 || gone.body?.message !== KIOSK_MESSAGES.unknown) wrong.push(`revoked kiosk ${key} → ${gone.status}`);
      }),
    );
    expect(wrong).toEqual([]);
  });
});
