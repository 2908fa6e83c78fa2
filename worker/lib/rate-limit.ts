import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { rateLimits } from '#db/schema/index.ts';
import type { RateLimit } from '#worker/config.ts';
import { rateLimited } from './errors.ts';

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; count: number };

/**
 * Counts one hit in a fixed window with a single conditional upsert (never read-then-write), so
 * parallel hits cannot slip past the limit: the window restarts once its reset time has passed.
 */
export async function hitRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now()): Promise<RateLimitResult> {
  if (!(limit?.limit > 0) || !(limit.windowSeconds > 0))
    throw new Error(`Rate limit for ${key.split(':')[0]} is misconfigured: ${JSON.stringify(limit)}`);
  const windowEnd = now + limit.windowSeconds * 1000;
  const expired = sql`${rateLimits.resetAt} <= ${now}`;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${windowEnd} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .get();
  const count = row?.count ?? 1;
  const resetAt = row?.resetAt ?? windowEnd;
  return { allowed: count <= limit.limit, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)), count };
}

/** Hits every key (all are counted) and throws 429 with Retry-After when any is over its limit. */
export async function enforceRateLimits(db: Db, hits: { key: string; limit: RateLimit }[], message: string): Promise<void> {
  const results = await Promise.all(hits.map((h) => hitRateLimit(db, h.key, h.limit)));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length) throw rateLimited(message, Math.max(...refused.map((r) => r.retryAfterSeconds)));
}

/** Forgets a key's counter (e.g. an account's failed logins after a successful one). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The caller's address as Cloudflare reports it. */
export const clientIp = (header: string | undefined) => header?.trim() || 'unknown';
