import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileValues, send } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { insertMeeting } from './meetings.test-helpers.ts';

const KEYS = ['topic', 'title', 'description', 'startTime', 'duration', 'durationMinutes', 'timezone', 'joinUrl', 'password'];
const MORE = ['targetRoles', 'targetUsers', 'status', 'reason', 'meetingId', 'customMessage'];

describe('meetings under hostile input', () => {
  it('never answers a 5xx to random bodies, ids and queries', async () => {
    const admin = await createUser({ role: 'super-admin' });
    const student = await createUser({ role: 'student' });
    const { id } = await insertMeeting(5);
    const next = hostileValues(20261125, [...KEYS, ...MORE]);
    const failures: string[] = [];
    const calls = [
      ['POST', '/api/zoom-meetings'],
      ['PATCH', `/api/zoom-meetings/${id}`],
      ['PATCH', `/api/zoom-meetings/${id}/status`],
      ['POST', '/api/zoom-meetings/share'],
      ['POST', `/api/zoom-meetings/${id}/join`],
    ] as const;
    for (let i = 0; i < 150; i++) {
      const [method, path] = calls[i % calls.length]!;
      const body = next();
      const res = await send(method, path, i % 7 === 0 ? student.token : admin.token, body);
      if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('page', 'limit', 'status'), fc.string({ maxLength: 40 })),
        fc.string({ minLength: 1, maxLength: 80 }),
        async (query, rawId) => {
          const list = await send('GET', `/api/zoom-meetings?${new URLSearchParams(query)}`, student.token);
          const one = await send('GET', `/api/zoom-meetings/${encodeURIComponent(rawId)}`, student.token);
          for (const r of [list, one]) if (r.status >= 500) failures.push(`${JSON.stringify(query)} ${rawId} → ${r.status}`);
          return list.status < 500 && one.status < 500;
        },
      ),
      { numRuns: 40 },
    );
    expect(failures).toEqual([]);
  }, 90_000);
});
