import { beforeEach, describe, expect, it } from 'vitest';
import { POST_STATUSES } from '#core/social/post-status.ts';
import { asAdmin, send, tagged } from '#test/catalog-helpers.ts';
import { insertPost, ownAccounts } from './social-posts.test-helpers.ts';

const API = '/api/social-media';

describe('reading posts, the dashboard and the local log', () => {
  beforeEach(ownAccounts);

  it('lists newest first, filtered by derived status, platform and words, paged', { timeout: 60_000 }, async () => {
    const { token } = await asAdmin();
    const tag = tagged();
    const at = (m: number) => new Date(Date.now() - m * 60_000);
    const ids = {
      published: await insertPost(
        [
          { platform: 'facebook', status: 'success' },
          { platform: 'linkedin', status: 'success' },
        ],
        { content: `grading ${tag}`, createdAt: at(5) },
      ),
      partial: await insertPost(
        [
          { platform: 'facebook', status: 'success' },
          { platform: 'instagram', status: 'failed' },
        ],
        { content: `tournament ${tag}`, createdAt: at(4) },
      ),
      failed: await insertPost(
        [
          { platform: 'twitter', status: 'failed' },
          { platform: 'instagram', status: 'failed' },
        ],
        { content: `camp ${tag}`, createdAt: at(3) },
      ),
      scheduled: await insertPost([{ platform: 'facebook', status: 'scheduled' }], {
        content: `seminar ${tag}`,
        createdAt: at(2),
        scheduleTime: new Date(Date.now() + 86_400_000),
      }),
      publishing: await insertPost(
        [
          { platform: 'facebook', status: 'publishing' },
          { platform: 'youtube', status: 'failed' },
        ],
        { content: `kata ${tag}`, createdAt: at(1) },
      ),
    };
    const list = async (q: string) => (await send('GET', `${API}/posts?search=${tag}&${q}`, token)).body;
    const all = await list('');
    expect(all.posts.map((p: { _id: string }) => p._id)).toEqual([ids.publishing, ids.scheduled, ids.failed, ids.partial, ids.published]);
    expect(all.data).toEqual(all.posts);
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1, hasMore: false });
    for (const status of POST_STATUSES) {
      const one = await list(`status=${status}`);
      expect([status, one.posts.map((p: { _id: string; status: string }) => [p._id, p.status])]).toEqual([status, [[ids[status], status]]]);
    }
    expect((await list('platform=instagram')).posts.map((p: { _id: string }) => p._id)).toEqual([ids.failed, ids.partial]);
    expect((await list('status=bogus&platform=myspace')).pagination.total).toBe(5);
    const page2 = await list('limit=2&page=2');
    expect(page2.posts.map((p: { _id: string }) => p._id)).toEqual([ids.failed, ids.partial]);
    expect(page2.pagination).toMatchObject({ page: 2, limit: 2, total: 5, totalPages: 3, hasMore: true });
    expect((await list('limit=1000')).pagination.limit).toBe(100);
    expect((await send('GET', `${API}/posts?search=${tag}%25`, token)).body.pagination.total).toBe(0);
    const got = await send('GET', `${API}/posts/${ids.partial}`, token);
    expect(got.body.post).toMatchObject({ _id: ids.partial, content: `tournament ${tag}`, status: 'partial', media: [], mediaIds: [] });
    expect(got.body.post.platforms.map((p: { platform: string }) => p.platform)).toEqual(['facebook', 'instagram']);
    expect((await send('GET', `${API}/posts/missing-${tag}`, token)).body).toMatchObject({ success: false, message: 'Post not found' });
  });

  it('counts the dashboard in agreement with the lists and reports our accounts', async () => {
    const { token } = await asAdmin();
    await insertPost([
      { platform: 'facebook', status: 'success' },
      { platform: 'instagram', status: 'failed' },
    ]);
    // Other files write posts meanwhile: compare only when the numbers held still around the lists.
    let compared = false;
    for (let i = 0; i < 6 && !compared; i++) {
      const before = (await send('GET', `${API}/dashboard/stats`, token)).body.data;
      const counts = await Promise.all(
        (['published', 'partial', 'failed', 'scheduled'] as const).map(async (s) => [
          s,
          (await send('GET', `${API}/posts?status=${s}&limit=1`, token)).body.pagination.total,
        ]),
      );
      const after = (await send('GET', `${API}/dashboard/stats`, token)).body.data;
      if (JSON.stringify(before.totals) !== JSON.stringify(after.totals)) continue;
      expect(Object.fromEntries(counts)).toEqual({
        published: after.totals.published,
        partial: after.totals.partial,
        failed: after.totals.failed,
        scheduled: after.totals.scheduled,
      });
      expect(after.totals.posts).toBeGreaterThanOrEqual(
        after.totals.published + after.totals.partial + after.totals.failed + after.totals.scheduled,
      );
      compared = true;
    }
    expect(compared).toBe(true);
    const stats = (await send('GET', `${API}/dashboard/stats`, token)).body.data;
    const byPlatform = Object.fromEntries(stats.platforms.map((p: { platform: string }) => [p.platform, p]));
    expect(byPlatform.facebook).toMatchObject({ label: 'Facebook', connected: true, active: true, success: expect.any(Number) });
    expect(byPlatform.facebook.success).toBeGreaterThanOrEqual(1);
    expect(byPlatform.instagram.failed).toBeGreaterThanOrEqual(1);
    expect(byPlatform.linkedin).toMatchObject({ label: 'LinkedIn', connected: true, active: false });
    expect(stats.expiringSoon).toBeGreaterThanOrEqual(1);
    expect(stats.connectedAccounts).toBeGreaterThanOrEqual(stats.activeAccounts);
    expect(stats.recent.length).toBeLessThanOrEqual(5);
    const times = stats.recent.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("keeps the local publisher's log: the last 50, or one post's", async () => {
    const { token } = await asAdmin();
    const created = await send('POST', `${API}/posts`, token, { content: `Osu ${tagged()}`, platforms: ['facebook'] });
    const id = created.body.post._id;
    const mine = (await send('GET', `${API}/local-log?postId=${id}`, token)).body.data;
    expect(mine).toEqual([
      {
        _id: created.body.post.platforms[0].externalId,
        platform: 'facebook',
        postId: id,
        payload: { text: created.body.post.content, media: [] },
        createdAt: expect.any(String),
      },
    ]);
    const last = (await send('GET', `${API}/local-log`, token)).body.data;
    expect(last.length).toBeGreaterThanOrEqual(1);
    expect(last.length).toBeLessThanOrEqual(50);
  });
});
