import { describe, expect, it } from 'vitest';
import { testDb, uniq } from '#test/helpers.ts';
import { clearRateLimit, hitRateLimit } from './rate-limit.ts';

describe('hitRateLimit', () => {
  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const db = testDb();
    const key = `test:${uniq()}`;
    const now = 1_000_000_000_000;
    const limit = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, key, limit, now + i * 1000));
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(57);
  });

  it('starts a new window once the old one has passed', async () => {
    const db = testDb();
    const key = `test:${uniq()}`;
    const limit = { limit: 1, windowSeconds: 10 };
    const t0 = 1_000_000_000_000;
    expect((await hitRateLimit(db, key, limit, t0)).allowed).toBe(true);
    expect((await hitRateLimit(db, key, limit, t0 + 5_000)).allowed).toBe(false);
    const later = await hitRateLimit(db, key, limit, t0 + 10_000);
    expect(later).toEqual({ allowed: true, count: 1, retryAfterSeconds: 10 });
  });

  it('counts 50 parallel hits exactly once each (one conditional upsert, no lost updates)', async () => {
    const db = testDb();
    const key = `test:${uniq()}`;
    const limit = { limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 50 }, () => hitRateLimit(db, key, limit)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('forgets a key when cleared', async () => {
    const db = testDb();
    const key = `test:${uniq()}`;
    const limit = { limit: 1, windowSeconds: 60 };
    await hitRateLimit(db, key, limit);
    expect((await hitRateLimit(db, key, limit)).allowed).toBe(false);
    await clearRateLimit(db, key);
    expect((await hitRateLimit(db, key, limit)).allowed).toBe(true);
  });
});
