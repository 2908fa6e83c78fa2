import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#core/roles.ts';
import { api, createUser } from '#test/helpers.ts';
import { ACCESS } from '#worker/access.ts';

/** The content routes of the app's access table (assets, media, charts, testimonials, alliances, posts). */
const CONTENT = /^\S+ \/api\/(assets|media|organizational-chart|testimonials|allience|alliance|posts)(\/|$)/;
const TABLE = Object.fromEntries(Object.entries(ACCESS).filter(([key]) => CONTENT.test(key)));
const FORBIDDEN_BY_TABLE = /is not allowed to access this resource/;
const concrete = (pattern: string) => pattern.replace(/:mediaType/g, 'image').replace(/:[A-Za-z]+/g, 'no-such-id-0000');

describe('the content routes’ access rules', () => {
  it('let each role through exactly the routes the table gives it, never with a 401 or 5xx', { timeout: 120_000 }, async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, (await createUser({ role })).token] as const)),
    ) as Record<Role, string>;
    const wrong: string[] = [];
    for (const [key, rule] of Object.entries(TABLE)) {
      const [method, path] = key.split(' ') as [string, string];
      for (const role of ROLES) {
        const allowed = rule === 'public' || rule === 'user' || rule.includes(role);
        const res = await api(concrete(path), { method, token: tokens[role], body: method === 'GET' ? undefined : {} });
        const refused = res.status === 403 && FORBIDDEN_BY_TABLE.test(String(res.body?.message));
        if (res.status === 401 || res.status >= 500 || allowed === refused) wrong.push(`${role} ${key} → ${res.status}`);
      }
      if (rule !== 'public') {
        const anonymous = await api(concrete(path), { method, body: method === 'GET' ? undefined : {} });
        if (anonymous.status !== 401) wrong.push(`anonymous ${key} → ${anonymous.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('makes every write admin-capable only', () => {
    const writes = Object.entries(TABLE).filter(([k]) => !k.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(30);
    for (const [key, rule] of writes) expect([key, rule]).toEqual([key, ['admin', 'super-admin', 'grandmaster']]);
  });
});
