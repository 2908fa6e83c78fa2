import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assets, socialAccounts, socialPosts } from '#db/schema/index.ts';
import { testDb, testServiceCtx } from '#test/helpers.ts';
import { SocialPlatformError, type SocialAdapter } from '#worker/lib/social/platform.ts';
import { localAdapter } from '#worker/lib/social/local-publisher.ts';
import { publishClaimed, type AdapterFor } from './social-posts.publish.ts';
import { imageAsset, insertPost, uploadedAsset, ownAccounts, targetsOf } from './social-posts.test-helpers.ts';

/** Claims the post's targets the way a retry does, so publishClaimed may write them. */
async function claimAll(postId: string) {
  const rows = await targetsOf(postId);
  return rows.map((t) => ({ platform: t.platform, claimToken: t.claimToken! }));
}

describe('the publishing engine', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps a platform's refusal in its words, marks an expired token on the account, and hides any other error", async () => {
    await ownAccounts();
    const ctx = testServiceCtx();
    const id = await insertPost([
      { platform: 'facebook', status: 'publishing' },
      { platform: 'instagram', status: 'publishing' },
    ]);
    const [post] = await testDb().select().from(socialPosts).where(eq(socialPosts.id, id));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = (platform: 'facebook' | 'instagram'): SocialAdapter => ({
      ...localAdapter(platform, ctx.db, ctx.origin),
      publish: async () => {
        if (platform === 'facebook')
          throw new SocialPlatformError('expired_token', 'Facebook: Error validating access token: Session has expired', { status: 401 });
        throw new TypeError('fetch failed: https://graph.example/?access_token=SECRET-123');
      },
    });
    await publishClaimed(ctx, post!, await claimAll(id), (_c, account) => failing(account.platform as 'facebook' | 'instagram'));
    const byPlatform = Object.fromEntries((await targetsOf(id)).map((t) => [t.platform, t]));
    expect(byPlatform.facebook).toMatchObject({
      status: 'failed',
      errorKind: 'expired_token',
      error: 'Facebook: Error validating access token: Session has expired',
      attempts: 1,
      claimToken: null,
      accountId: 'test-social-facebook',
    });
    expect(byPlatform.instagram).toMatchObject({
      status: 'failed',
      errorKind: 'unavailable',
      error: 'Instagram could not be reached; try again later',
      attempts: 1,
    });
    const [fb] = await testDb().select().from(socialAccounts).where(eq(socialAccounts.platform, 'facebook'));
    expect(fb!.lastError).toBe('Facebook: Error validating access token: Session has expired');
    const lines = logged.mock.calls.map((c) => String(c[0]));
    expect(lines.some((l) => l.includes('social publish failed') && l.includes('"requestId":"test"'))).toBe(true);
    expect(lines.join('\n')).not.toContain('SECRET-123');
    await testDb().update(socialAccounts).set({ lastError: null }).where(eq(socialAccounts.platform, 'facebook'));
  });

  it('gives adapters absolute media urls, and a deleted library item fails the platform instead of posting without it', async () => {
    await ownAccounts();
    const ctx = testServiceCtx();
    const image = await imageAsset();
    const id = await insertPost([{ platform: 'facebook', status: 'publishing' }]);
    await testDb()
      .update(socialPosts)
      .set({ mediaIds: [image, 'gone-asset'] })
      .where(eq(socialPosts.id, id));
    const [post] = await testDb().select().from(socialPosts).where(eq(socialPosts.id, id));
    const seen: string[] = [];
    const recording: AdapterFor = (c, account) => ({
      ...localAdapter(account.platform, c.db, c.origin),
      publish: async (_a, p) => {
        seen.push(...p.media.map((m) => m.url));
        return { externalId: 'x', url: null };
      },
    });
    await publishClaimed(ctx, post!, await claimAll(id), recording);
    expect(seen).toEqual([]);
    const upload = await uploadedAsset();
    const ok = await insertPost([{ platform: 'facebook', status: 'publishing' }]);
    const sitePath = `test-asset-site-${ok}`;
    await testDb()
      .insert(assets)
      .values({ id: sitePath, title: 'Demo', mediaType: 'image', source: 'external', externalUrlLink: '/images/gallery-1.svg' });
    await testDb()
      .update(socialPosts)
      .set({ mediaIds: [upload, image, sitePath] })
      .where(eq(socialPosts.id, ok));
    const [okPost] = await testDb().select().from(socialPosts).where(eq(socialPosts.id, ok));
    await publishClaimed(ctx, okPost!, await claimAll(ok), recording);
    expect(seen).toEqual([
      `http://dojo.test/api/files/assets/${upload}.jpg`,
      `https://cdn.example.com/${image}.jpg`,
      'http://dojo.test/images/gallery-1.svg',
    ]);
    expect((await targetsOf(ok))[0]).toMatchObject({ status: 'success', externalId: 'x' });
    expect((await targetsOf(id))[0]).toMatchObject({
      status: 'failed',
      errorKind: 'rejected_media',
      error: 'A chosen media item is no longer in the media library',
    });
  });
});
