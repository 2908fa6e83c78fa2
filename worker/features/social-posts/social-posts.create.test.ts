import { beforeEach, describe, expect, it } from 'vitest';
import { asAdmin, sendForm, send, tagged } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { SOCIAL_PLATFORMS } from '#core/social/platforms.ts';
import { imageAsset, logCount, ownAccounts, targetsOf, videoAsset } from './social-posts.test-helpers.ts';

const POSTS = '/api/social-media/posts';

describe('POST /api/social-media/posts', () => {
  beforeEach(ownAccounts);

  it('answers the spec messages for bad content and platforms', { timeout: 60_000 }, async () => {
    const { token } = await asAdmin();
    const cases: [unknown, string][] = [
      [{ platforms: ['facebook'] }, 'Content is required'],
      [{ content: '   ', platforms: ['facebook'] }, 'Content is required'],
      [{ content: 'Osu' }, 'At least one platform must be selected'],
      [{ content: 'Osu', platforms: [] }, 'At least one platform must be selected'],
      [{ content: 'Osu', platforms: 5 }, 'Invalid platforms format'],
      [{ content: 'Osu', platforms: '[1,' }, 'Invalid platforms format'],
      [
        { content: 'Osu', platforms: ['facebook', 'myspace'] },
        `Unsupported platforms: myspace. Supported platforms: ${SOCIAL_PLATFORMS.join(', ')}`,
      ],
      [{ content: 'Osu', platforms: ['facebook'], scheduleTime: 'someday' }, 'Schedule time must be a valid date and time'],
      [
        { content: 'Osu', platforms: ['facebook'], scheduleTime: new Date(Date.now() - 60_000).toISOString() },
        'Schedule time must be in the future',
      ],
      [{ content: 'Osu', platforms: ['facebook'], mediaIds: ['no-such-asset'] }, 'A chosen media item is no longer in the media library'],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', POSTS, token, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
      expect(res.body.success).toBe(false);
    }
  });

  it("refuses a post that breaks a chosen platform's limits, naming every platform's problem", async () => {
    const { token } = await asAdmin();
    const tag = tagged();
    const image = await imageAsset();
    const long = await send('POST', POSTS, token, { content: 'k'.repeat(281), platforms: ['facebook', 'twitter'] });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('X (Twitter): the text is 281 characters; at most 280 are allowed');
    const many = await send('POST', POSTS, token, {
      content: 'k'.repeat(281),
      platforms: ['twitter', 'instagram', 'youtube'],
      mediaIds: [image],
    });
    expect(many.body.errors).toEqual([
      { path: 'platforms.twitter', message: 'X (Twitter): the text is 281 characters; at most 280 are allowed' },
      { path: 'platforms.youtube', message: 'YouTube: a post needs a video' },
    ]);
    const bare = await send('POST', POSTS, token, { content: `Kata night ${tag}`, platforms: ['instagram'] });
    expect([bare.status, bare.body.message]).toEqual([400, 'Instagram: a post needs an image or a video']);
    const video = await videoAsset();
    const mixed = await send('POST', POSTS, token, { content: `Kata night ${tag}`, platforms: ['youtube'], mediaIds: [video, image] });
    expect(mixed.body.message).toBe('YouTube: images cannot be posted, only a video');
    // Nothing was written for any refused post.
    const list = await send('GET', `${POSTS}?search=${tag}`, token);
    expect(list.body.pagination.total).toBe(0);
  });

  it('publishes at once to local accounts, writing the log, and fails a platform without an active account', async () => {
    const admin = await asAdmin();
    const image = await imageAsset();
    const res = await send('POST', POSTS, admin.token, {
      content: 'Grading results are up! 🥋',
      platforms: ['facebook', 'instagram', 'linkedin'],
      mediaIds: [image],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Post published to 2 of 3 platforms');
    const post = res.body.post;
    expect(res.body.data).toEqual(post);
    expect(post.status).toBe('partial');
    expect(post.createdBy).toBe(admin.id);
    expect(post.media).toEqual([expect.objectContaining({ _id: image, mediaType: 'image', mimeType: 'image/jpeg' })]);
    const byPlatform = Object.fromEntries(post.platforms.map((p: { platform: string }) => [p.platform, p]));
    expect(byPlatform.facebook).toMatchObject({ status: 'success', attempts: 1, error: null, externalId: expect.any(String) });
    expect(byPlatform.instagram).toMatchObject({ status: 'success', attempts: 1 });
    expect(byPlatform.linkedin).toMatchObject({
      status: 'failed',
      errorKind: 'not_connected',
      error: 'No active LinkedIn account is connected',
      attempts: 1,
    });
    expect(await logCount(post._id, 'facebook')).toBe(1);
    expect(await logCount(post._id, 'instagram')).toBe(1);
    expect(await logCount(post._id, 'linkedin')).toBe(0);
    const log = await send('GET', `/api/social-media/local-log?postId=${post._id}`, admin.token);
    expect(log.body.data).toHaveLength(2);
    expect(log.body.data[0].payload.media[0]).toMatchObject({
      assetId: image,
      url: expect.stringMatching(/^https:\/\/cdn\.example\.com\//),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/claim/i);
  });

  it('accepts form data and schedules a post for later without publishing it', async () => {
    const { token } = await asAdmin();
    const when = new Date(Date.now() + 3 * 86_400_000);
    const form = new FormData();
    form.set('content', 'Summer camp registrations open on Monday');
    form.append('platforms[]', 'facebook');
    form.append('platforms[]', 'linkedin');
    form.set('scheduleTime', when.toISOString());
    const res = await sendForm('POST', POSTS, token, form);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Post scheduled for ${when.toISOString()}`);
    expect(res.body.post).toMatchObject({ status: 'scheduled', scheduleTime: when.toISOString() });
    const targets = await targetsOf(res.body.post._id);
    expect(targets.map((t) => [t.platform, t.status, t.dueAt.getTime()]).sort()).toEqual([
      ['facebook', 'scheduled', when.getTime()],
      ['linkedin', 'scheduled', when.getTime()],
    ]);
    expect(await logCount(res.body.post._id)).toBe(0);
    const json = await sendForm(
      'POST',
      POSTS,
      token,
      (() => {
        const f = new FormData();
        f.set('content', 'Osu');
        f.set('platforms', '["facebook"]');
        return f;
      })(),
    );
    expect([json.status, json.body.post.platforms[0].status]).toEqual([201, 'success']);
  });

  it('is for admin-capable users only', async () => {
    for (const role of ['student', 'member', 'instructor'] as const) {
      const u = await createUser({ role });
      for (const [method, path] of [
        ['POST', POSTS],
        ['GET', POSTS],
        ['GET', '/api/social-media/dashboard/stats'],
        ['GET', '/api/social-media/local-log'],
        ['POST', `${POSTS}/x/retry`],
        ['DELETE', `${POSTS}/x`],
        ['GET', `${POSTS}/x`],
      ] as const) {
        expect((await send(method, path, u.token, method === 'POST' ? { content: 'x', platforms: ['facebook'] } : undefined)).status).toBe(
          403,
        );
        if (role === 'student') expect((await send(method, path, undefined)).status).toBe(401);
      }
    }
  });
});
