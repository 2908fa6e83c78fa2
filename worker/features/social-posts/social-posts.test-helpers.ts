/** Fixtures for the social posts tests (not a test file itself). */
import { and, count, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { SocialPlatform } from '#core/social/platforms.ts';
import { assets, socialAccounts, socialLocalLog, socialPostTargets, socialPosts } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

/** The account rows these tests own (the accounts tests own twitter, tiktok and youtube). */
export const OWNED: SocialPlatform[] = ['facebook', 'instagram', 'linkedin'];

/**
 * The same state whatever test file sets it, so files running in parallel agree: Facebook and Instagram
 * active on the local stand-in (Instagram's token ending in 3 days: expiring soon), LinkedIn connected but
 * switched off (a platform with no active account).
 */
export async function ownAccounts() {
  const db = testDb();
  for (const platform of OWNED) {
    const values = {
      mode: 'local' as const,
      externalId: `local-${platform}`,
      name: `Test ${platform}`,
      isActive: platform !== 'linkedin',
      tokenExpiresAt: platform === 'instagram' ? new Date(Date.now() + 3 * 86_400_000) : null,
    };
    await db
      .insert(socialAccounts)
      .values({ id: `test-social-${platform}`, platform, ...values })
      .onConflictDoUpdate({ target: socialAccounts.platform, set: values });
  }
}

export async function imageAsset(mimeType = 'image/jpeg') {
  const id = `test-asset-${uniq()}`;
  await testDb()
    .insert(assets)
    .values({
      id,
      title: `Photo ${id}`,
      altText: 'A kata',
      mediaType: 'image',
      source: 'external',
      externalUrlLink: `https://cdn.example.com/${id}.jpg`,
      mimeType,
    });
  return id;
}

/** An uploaded library image (its file in R2 under `assets/`). */
export async function uploadedAsset() {
  const id = `test-asset-${uniq()}`;
  await testDb()
    .insert(assets)
    .values({ id, title: `Upload ${id}`, mediaType: 'image', source: 'upload', objectKey: `assets/${id}.jpg`, mimeType: 'image/jpeg' });
  return id;
}

export async function videoAsset() {
  const id = `test-asset-${uniq()}`;
  await testDb()
    .insert(assets)
    .values({
      id,
      title: `Clip ${id}`,
      mediaType: 'video',
      source: 'external',
      externalUrlLink: `https://cdn.example.com/${id}.mp4`,
      mimeType: 'video/mp4',
    });
  return id;
}

type TargetSeed = { platform: SocialPlatform; status: 'scheduled' | 'publishing' | 'success' | 'failed'; claimedAt?: Date; dueAt?: Date };

/** A post written straight to the tables (for states a request cannot make on demand). */
export async function insertPost(targets: TargetSeed[], opts: { content?: string; scheduleTime?: Date | null; createdAt?: Date } = {}) {
  const db = testDb();
  const id = newId();
  const now = new Date();
  await db.batch([
    db
      .insert(socialPosts)
      .values({ id, content: opts.content ?? `Post ${id}`, scheduleTime: opts.scheduleTime ?? null, createdAt: opts.createdAt ?? now }),
    db.insert(socialPostTargets).values(
      targets.map((t) => ({
        postId: id,
        platform: t.platform,
        status: t.status,
        dueAt: t.dueAt ?? opts.scheduleTime ?? now,
        claimToken: t.status === 'publishing' ? `claim-${id}` : null,
        claimedAt: t.claimedAt ?? (t.status === 'publishing' ? now : null),
        ...(t.status === 'failed' ? { error: 'Facebook: try later', errorKind: 'unavailable' as const, attempts: 1 } : {}),
      })),
    ),
  ]);
  return id;
}

export async function logCount(postId: string, platform?: SocialPlatform) {
  const [row] = await testDb()
    .select({ n: count() })
    .from(socialLocalLog)
    .where(and(eq(socialLocalLog.postId, postId), platform ? eq(socialLocalLog.platform, platform) : undefined));
  return row!.n;
}

export async function targetsOf(postId: string) {
  return testDb()
    .select()
    .from(socialPostTargets)
    .where(inArray(socialPostTargets.postId, [postId]));
}
