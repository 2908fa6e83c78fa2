import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUser } from '#test/helpers.ts';
import { send, student, writeToSchool } from './messages.test-helpers.ts';

const value = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 40 }), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
);
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('content', 'priority', 'targetSpecialId', 'targetRoles', 'messageIds', '__proto__', 'constructor', 'kind'),
    value,
  ),
);
describe('messages under hostile input', () => {
  it('never answers a 5xx to random bodies and queries', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const user = await student();
    const { _id } = await writeToSchool(user);
    const failures: string[] = [];
    const writes = [
      ['POST', '/api/messages/send', user.token],
      ['PATCH', '/api/messages/mark-read', user.token],
      ['POST', '/api/messages/admin/reply', admin.token],
      ['PATCH', '/api/messages/bulk-read', admin.token],
      ['DELETE', '/api/messages/bulk', admin.token],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), hostile, async ([method, path, token], body) => {
        const res = await send(method, path, token, body);
        if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 80 },
    );
    // a broadcast's valid bodies fan out to whole roles: only the super-admin role keeps it small
    await fc.assert(
      fc.asyncProperty(hostile, async (body) => {
        const safe = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, targetRoles: 'super-admin' } : body;
        const res = await send('POST', '/api/messages/admin/broadcast', admin.token, safe);
        if (res.status >= 500) failures.push(`broadcast ${JSON.stringify(safe).slice(0, 200)} → ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: 30 },
    );
    const reads = [
      '/api/messages',
      '/api/messages/conversation',
      '/api/messages/my-messages',
      '/api/messages/users',
      `/api/messages/${_id}`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.dictionary(
          fc.constantFrom('page', 'limit', 'kind', 'priority', 'search', 'role', 'targetSpecialId'),
          fc.string({ maxLength: 60 }),
        ),
        fc.boolean(),
        async (path, query, asAdmin) => {
          const res = await send('GET', `${path}?${new URLSearchParams(query)}`, asAdmin ? admin.token : user.token);
          if (res.status >= 500) failures.push(`${path} ${JSON.stringify(query)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 60 },
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('takes ids that are not ids, and wildcards in a search, as plain text', async () => {
    const admin = await createUser({ role: 'admin' });
    const weird = ["' or 1=1 --", '%', '_', '\\', 'a'.repeat(64)];
    const res = await send('PATCH', '/api/messages/bulk-read', admin.token, { messageIds: weird });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(0);
    const search = await send('GET', `/api/messages?search=${encodeURIComponent('100%_x')}`, admin.token);
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual([]);
    expect((await send('GET', `/api/messages/${encodeURIComponent("' or 1=1 --")}`, admin.token)).status).toBe(404);
  });
});
