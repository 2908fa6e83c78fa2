import { describe, expect, it } from 'vitest';
import { socialSeeder } from '#db/seed/social.ts';
import type { SeedDb } from '#db/seed/types.ts';
import { asAdmin, send } from '#test/catalog-helpers.ts';
import { testDb } from '#test/helpers.ts';
import { logCount, ownAccounts } from './social-posts.test-helpers.ts';

describe('the social demo seed', () => {
  it('adds the demo posts once, in the states the screens show', { timeout: 60_000 }, async () => {
    await ownAccounts();
    const seed = { db: testDb() as unknown as SeedDb, log: () => {} };
    await socialSeeder.run(seed);
    expect(await socialSeeder.run(seed)).toBe(0);
    const { token } = await asAdmin();
    const get = async (n: number) => (await send('GET', `/api/social-media/posts/seed-social-post-${n}`, token)).body.post;
    const published = await get(1);
    expect(published.status).toBe('published');
    expect(published.platforms.map((p: { platform: string; status: string }) => `${p.platform}:${p.status}`)).toEqual([
      'facebook:success',
      'linkedin:success',
    ]);
    expect(await logCount('seed-social-post-1')).toBe(2);
    const partial = await get(2);
    expect(partial.platforms[0]).toMatchObject({ platform: 'facebook', status: 'success' });
    expect(partial.platforms[1]).toMatchObject({ platform: 'instagram', errorKind: 'not_connected' });
    const scheduled = await get(3);
    expect(scheduled.status).toBe('scheduled');
    expect(new Date(scheduled.scheduleTime).getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    expect(scheduled.mediaIds).toEqual(['seed-asset-social-1']);
    // A photo the platforms take (the gallery's drawings are SVG, which none of them does).
    expect(scheduled.media[0]).toMatchObject({ mimeType: 'image/jpeg', url: '/images/social-kata.jpg' });
  });
});
