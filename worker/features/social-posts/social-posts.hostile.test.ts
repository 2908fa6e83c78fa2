import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileValues, send } from '#test/catalog-helpers.ts';
import { api, createUser } from '#test/helpers.ts';
import { insertPost, ownAccounts } from './social-posts.test-helpers.ts';

const KEYS = ['content', 'platforms', 'mediaIds', 'scheduleTime', 'status', 'platform', 'search', 'page', 'limit', 'postId'];

describe('social posts under hostile input', () => {
  it('never answers a 5xx to random bodies, forms, ids and queries', { timeout: 120_000 }, async () => {
    await ownAccounts();
    const admin = await createUser({ role: 'super-admin' });
    const student = await createUser({ role: 'student' });
    const id = await insertPost([{ platform: 'facebook', status: 'failed' }]);
    const next = hostileValues(20261126, KEYS);
    const failures: string[] = [];
    const calls = [
      ['POST', '/api/social-media/posts'],
      ['POST', `/api/social-media/posts/${id}/retry`],
      ['POST', '/api/social-media/posts/%20/retry'],
    ] as const;
    for (let i = 0; i < 120; i++) {
      const [method, path] = calls[i % calls.length]!;
      const body = next();
      const res = await send(method, path, i % 9 === 0 ? student.token : admin.token, body);
      if (res.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${res.status}`);
    }
    const raws: [string, BodyInit][] = [
      ['text/plain', 'content=hi'],
      ['application/json', '{"content":'],
      ['application/json', '[]'],
      ['application/x-www-form-urlencoded', 'content=Osu&platforms=%5B1%2C&mediaIds=%5B%5B%5D%5D&scheduleTime=1e999'],
      ['application/x-www-form-urlencoded', 'content[a]=x&platforms[0][x]=facebook&__proto__[x]=1'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="content"\r\n\r\nx\r\n--zz--'],
      ['multipart/form-data', 'garbage'],
    ];
    for (const [type, raw] of raws) {
      const res = await api('/api/social-media/posts', { method: 'POST', token: admin.token, headers: { 'content-type': type }, raw });
      if (res.status >= 500 || res.status < 400) failures.push(`${type} ${String(raw)} → ${res.status}`);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('page', 'limit', 'status', 'platform', 'search', 'postId'), fc.string({ maxLength: 40 })),
        fc.string({ minLength: 1, maxLength: 80 }),
        async (query, rawId) => {
          const q = new URLSearchParams(query);
          const results = await Promise.all([
            send('GET', `/api/social-media/posts?${q}`, admin.token),
            send('GET', `/api/social-media/local-log?${q}`, admin.token),
            send('GET', `/api/social-media/posts/${encodeURIComponent(rawId)}`, admin.token),
            send('DELETE', `/api/social-media/posts/${encodeURIComponent(rawId)}x`, admin.token),
          ]);
          for (const r of results) if (r.status >= 500) failures.push(`${JSON.stringify(query)} ${rawId} → ${r.status}`);
          return results.every((r) => r.status < 500);
        },
      ),
      { numRuns: 40 },
    );
    expect(failures).toEqual([]);
  });
});
