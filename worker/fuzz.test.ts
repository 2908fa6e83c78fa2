import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { ACCESS } from './access.ts';

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'fuzz-id').replace(/\*$/, 'x');

/** Hostile JSON: wrong types, deep nesting, huge strings, prototype keys, odd unicode. */
const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'role',
      'userIds',
      'profile',
      'studentId',
      'token',
      'newPassword',
      '__proto__',
      'constructor',
      'page',
      'limit',
    ),
    fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object()),
  ),
  fc.string({ maxLength: 5000 }).map((s) => ({ email: s, password: s, studentId: s })),
);

describe('hostile input', () => {
  it('never answers a random body or query with a 5xx, on any route, as any caller', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const writes = Object.keys(ACCESS).filter((k) => !k.startsWith('GET ') && !k.includes('logout') && !k.includes('deactivate'));
    const reads = Object.keys(ACCESS).filter((k) => k.startsWith('GET ') && !k.includes('logout'));
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), hostileJson, fc.boolean(), async (key, body, asAdmin) => {
        const [method, path] = key.split(' ') as [string, string];
        const res = await api(concrete(path), {
          method,
          body,
          token: asAdmin ? admin.token : undefined,
          headers: { 'cf-connecting-ip': '10.9.9.9' },
        });
        if (res.status >= 500) failures.push(`${key} ${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.dictionary(fc.constantFrom('page', 'limit', 'sort', 'q', 'search', 'role', 'isActive', 'token'), fc.string({ maxLength: 50 })),
        async (key, query) => {
          const [, path] = key.split(' ') as [string, string];
          const res = await api(`${concrete(path)}?${new URLSearchParams(query)}`, { token: admin.token });
          if (res.status >= 500) failures.push(`${key} ${JSON.stringify(query)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 100 },
    );
    expect(failures).toEqual([]);
  });
});
