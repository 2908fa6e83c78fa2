import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { insertOne } from './notifications.test-helpers.ts';

const value = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string()),
  fc.object(),
);
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.constantFrom('inApp', 'push', 'email', 'mutedTypes', 'read', 'userId', '__proto__', 'constructor'), value),
);
const idish = fc.oneof(
  fc.string({ minLength: 1, maxLength: 80 }),
  fc.constantFrom('local_1', 'socket_x', "' or 1=1 --", '%00', '..', 'x'.repeat(500)),
);

describe('notifications under hostile input', () => {
  it('never answers a 5xx to random bodies, ids and queries', async () => {
    const user = await createUser();
    const { id } = await insertOne(user.id);
    const failures: string[] = [];
    const record = (what: string, status: number) => {
      if (status >= 500) failures.push(`${what} → ${status}`);
      return status < 500;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(['PUT', '/preferences'], ['PATCH', '/mark-all-read'], ['PATCH', `/${id}/read`], ['PATCH', `/${id}/clicked`]),
        hostile,
        async ([method, path], body) =>
          record(
            `${method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`,
            (await api(`/api/notifications${path}`, { method, body, token: user.token })).status,
          ),
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('read', 'clicked', ''), idish, async (action, raw) => {
        const path = `/api/notifications/${encodeURIComponent(raw)}${action ? `/${action}` : ''}`;
        return record(path, (await api(path, { method: action ? 'PATCH' : 'DELETE', token: user.token })).status);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/my', '/unread-count', '/my-stats', '/preferences'),
        fc.dictionary(fc.constantFrom('page', 'limit', 'type', 'read', 'priority', 'search'), fc.string({ maxLength: 60 })),
        async (path, query) =>
          record(
            `${path} ${JSON.stringify(query)}`,
            (await api(`/api/notifications${path}?${new URLSearchParams(query)}`, { token: user.token })).status,
          ),
      ),
      { numRuns: 60 },
    );
    expect(failures).toEqual([]);
  }, 90_000);
});
