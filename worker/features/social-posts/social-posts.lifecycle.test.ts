import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications, socialPostTargets } from '#db/schema/index.ts';
import { asAdmin, send } from '#test/catalog-helpers.ts';
import { testDb, testServiceCtx } from '#test/helpers.ts';
import { INTERRUPTED, publishDuePosts, recoverStaleClaims } from './social-posts.jobs.ts';
import { insertPost, logCount, ownAccounts, targetsOf } from './social-posts.test-helpers.ts';

const POSTS = '/api/social-media/posts';
const MINUTE = 60_000;

describe('scheduled publishing, retry, recovery and delete', () => {
  beforeEach(ownAccounts);

  it(
    'publishes a due scheduled post once, however often the job runs, and tells the admins of its failure once',
    { timeout: 60_000 },
    async () => {
      const admin = await asAdmin();
      const id = await insertPost(
        [
          { platform: 'facebook', status: 'scheduled' },
          { platform: 'instagram', status: 'scheduled' },
          { platform: 'linkedin', status: 'scheduled' },
        ],
        { scheduleTime: new Date(Date.now() + 5 * MINUTE) },
      );
      const ctx = testServiceCtx();
      await publishDuePosts(ctx, new Date());
      expect((await targetsOf(id)).every((t) => t.status === 'scheduled')).toBe(true);
      const retryEarly = await send('POST', `${POSTS}/${id}/retry`, admin.token, {});
      expect([retryEarly.status, retryEarly.body.message]).toEqual([409, 'This post is scheduled and has not been published yet']);

      const later = new Date(Date.now() + 6 * MINUTE);
      await Promise.all([publishDuePosts(ctx, later), publishDuePosts(ctx, later)]);
      await publishDuePosts(ctx, later);
      const targets = Object.fromEntries((await targetsOf(id)).map((t) => [t.platform, t]));
      expect(targets.facebook).toMatchObject({ status: 'success', attempts: 1, claimToken: null });
      expect(targets.instagram).toMatchObject({ status: 'success', attempts: 1 });
      expect(targets.linkedin).toMatchObject({ status: 'failed', errorKind: 'not_connected', attempts: 1 });
      expect(await logCount(id, 'facebook')).toBe(1);
      expect(await logCount(id, 'instagram')).toBe(1);
      const notes = await testDb()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.id), eq(notifications.entityId, id)));
      expect(notes).toHaveLength(1);
      expect(notes[0]!.actions).toEqual([{ action: 'open', title: 'Open the post', url: `/admin/social/posts/${id}` }]);
    },
  );

  it('retries the failed platforms only: all, chosen, and 409 for the others', async () => {
    const { token } = await asAdmin();
    const id = await insertPost([
      { platform: 'facebook', status: 'failed' },
      { platform: 'instagram', status: 'failed' },
      { platform: 'linkedin', status: 'success' },
    ]);
    const notFailed = await send('POST', `${POSTS}/${id}/retry`, token, { platforms: ['facebook', 'linkedin'] });
    expect([notFailed.status, notFailed.body.message]).toEqual([409, 'Only failed platforms can be retried']);
    expect(notFailed.body.errors).toEqual([
      { path: 'platforms.facebook', message: 'facebook is failed' },
      { path: 'platforms.linkedin', message: 'linkedin is success' },
    ]);
    const chosen = await send('POST', `${POSTS}/${id}/retry`, token, { platforms: ['instagram'] });
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toBe('Retry finished: published to 1 of 1 platform');
    const state = (post: { platforms: { platform: string; status: string; attempts: number }[] }) =>
      post.platforms.map((p) => `${p.platform}:${p.status}:${p.attempts}`);
    expect(state(chosen.body.post)).toEqual(['facebook:failed:1', 'instagram:success:2', 'linkedin:success:0']);
    const all = await send('POST', `${POSTS}/${id}/retry`, token);
    expect(all.status).toBe(200);
    expect(all.body.post.status).toBe('published');
    expect(state(all.body.post)).toEqual(['facebook:success:2', 'instagram:success:2', 'linkedin:success:0']);
    const again = await send('POST', `${POSTS}/${id}/retry`, token, { platforms: [] });
    expect([again.status, again.body.message]).toEqual([409, 'Only failed platforms can be retried']);
    expect((await send('POST', `${POSTS}/nope-${id}/retry`, token, {})).status).toBe(404);
    expect((await send('POST', `${POSTS}/${id}/retry`, token, { platforms: 7 })).body.message).toBe('Invalid platforms format');
  });

  it('publishes each platform once when 20 retries race', async () => {
    const { token } = await asAdmin();
    const id = await insertPost([
      { platform: 'facebook', status: 'failed' },
      { platform: 'instagram', status: 'failed' },
    ]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST', `${POSTS}/${id}/retry`, token, {})));
    const ok = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 409).length;
    const fb = await logCount(id, 'facebook');
    const ig = await logCount(id, 'instagram');
    console.log(
      `[budget] retry race: calls 20, ok ${ok}, refused 409 ${refused}, other ${20 - ok - refused}, facebook posts ${fb}, instagram posts ${ig}`,
    );
    expect(ok + refused).toBe(20);
    expect(ok).toBeGreaterThanOrEqual(1);
    expect([fb, ig]).toEqual([1, 1]);
    expect((await targetsOf(id)).map((t) => [t.status, t.attempts])).toEqual([
      ['success', 2],
      ['success', 2],
    ]);
  }, 60_000);

  it('moves claims held over 10 minutes to failed (interrupted), once, and never lets the old claim write', async () => {
    const { token } = await asAdmin();
    const stale = await insertPost([{ platform: 'facebook', status: 'publishing', claimedAt: new Date(Date.now() - 11 * MINUTE) }]);
    const fresh = await insertPost([{ platform: 'facebook', status: 'publishing', claimedAt: new Date(Date.now() - 2 * MINUTE) }]);
    const busy = await send('DELETE', `${POSTS}/${fresh}`, token);
    expect([busy.status, busy.body.message]).toEqual([409, 'This post is being published right now; try again in a moment']);
    const ctx = testServiceCtx();
    await recoverStaleClaims(ctx);
    await recoverStaleClaims(ctx);
    const [s] = await targetsOf(stale);
    expect(s).toMatchObject({ status: 'failed', errorKind: 'interrupted', error: INTERRUPTED, claimToken: null });
    expect((await targetsOf(fresh))[0]!.status).toBe('publishing');
    // The old claim's holder finishing late finds its claim gone.
    const late = await testDb()
      .update(socialPostTargets)
      .set({ status: 'success' })
      .where(and(eq(socialPostTargets.postId, stale), eq(socialPostTargets.claimToken, `claim-${stale}`)))
      .returning();
    expect(late).toEqual([]);
  });

  it('deletes a post with its targets; 404 after, 400 for a blank id', async () => {
    const { token } = await asAdmin();
    const id = await insertPost([{ platform: 'facebook', status: 'failed' }]);
    const res = await send('DELETE', `${POSTS}/${id}`, token);
    expect([res.status, res.body]).toEqual([200, { success: true, data: { _id: id }, message: 'Post deleted' }]);
    expect(await targetsOf(id)).toEqual([]);
    expect((await send('DELETE', `${POSTS}/${id}`, token)).body.message).toBe('Post not found');
    expect((await send('GET', `${POSTS}/${id}`, token)).status).toBe(404);
    for (const method of ['GET', 'DELETE'])
      expect((await send(method, `${POSTS}/%20`, token)).body).toMatchObject({ message: 'Post ID is required' });
  });
});
