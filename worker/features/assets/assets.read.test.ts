import { describe, expect, it } from 'vitest';
import { assets } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';
import { expectAdminOnly, tokenOf } from '#test/content-helpers.ts';
import { seedAsset, tagged } from './assets.test-helpers.ts';

describe('GET /api/assets', () => {
  it('lists assets publicly, newest first, with page 1 and limit 20 by default', async () => {
    const tag = tagged();
    const first = await seedAsset({ tags: [tag], createdAt: new Date(Date.now() - 60_000) });
    const second = await seedAsset({ tags: [tag] });
    const all = await api('/api/assets');
    expect(all.status).toBe(200);
    expect(all.body.success).toBe(true);
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 20 });
    const mine = await api(`/api/assets?tag=${tag}`);
    expect(mine.body.data.map((a: { _id: string }) => a._id)).toEqual([second.id, first.id]);
    expect(mine.body.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1, hasMore: false });
    expect(mine.body.data[0]).toMatchObject({
      _id: second.id,
      mediaType: 'image',
      source: 'external',
      url: second.externalUrlLink,
      externalUrlLink: second.externalUrlLink,
      featured: false,
      tags: [tag],
    });
  });

  it('pages with page and limit, and filters by mediaType and featured', async () => {
    const tag = tagged();
    await seedAsset({ tags: [tag], mediaType: 'video' });
    await seedAsset({ tags: [tag], featured: true });
    await seedAsset({ tags: [tag] });
    const page2 = await api(`/api/assets?tag=${tag}&page=2&limit=2`);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, hasMore: false });
    const videos = await api(`/api/assets?tag=${tag}&mediaType=video`);
    expect(videos.body.data.map((a: { mediaType: string }) => a.mediaType)).toEqual(['video']);
    const featured = await api(`/api/assets?tag=${tag}&featured=true`);
    expect(featured.body.data.map((a: { featured: boolean }) => a.featured)).toEqual([true]);
  });

  it('refuses an unknown media type or featured value with 400, and clamps a junk page/limit', async () => {
    const bad = await api('/api/assets?mediaType=audio');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Media type must be image or video' });
    expect((await api('/api/assets?featured=maybe')).status).toBe(400);
    const junk = await api('/api/assets?page=-3&limit=100000');
    expect(junk.status).toBe(200);
    expect(junk.body.pagination).toMatchObject({ page: 1, limit: 100 });
  });
});

describe('GET /api/assets/type/:mediaType', () => {
  it('lists one media type with a default limit of 50', async () => {
    const tag = tagged();
    const video = await seedAsset({ tags: [tag], mediaType: 'video' });
    const res = await api('/api/assets/type/video');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 50 });
    expect(res.body.data.every((a: { mediaType: string }) => a.mediaType === 'video')).toBe(true);
    expect(res.body.data.map((a: { _id: string }) => a._id)).toContain(video.id);
    expect((await api('/api/assets/type/image?limit=5')).body.pagination.limit).toBe(5);
  });

  it('answers 400 for a type other than image or video', async () => {
    const res = await api('/api/assets/type/audio');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Media type must be image or video' });
  });
});

describe('GET /api/assets/:id', () => {
  it('returns one asset to anyone, and 404 for an unknown id', async () => {
    const row = await seedAsset({ title: 'Belt ceremony', altText: 'Students bowing', description: 'Spring grading' });
    const res = await api(`/api/assets/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: row.id, title: 'Belt ceremony', altText: 'Students bowing', description: 'Spring grading' });
    expect(res.body.asset).toEqual(res.body.data);
    expect(res.body.data).not.toHaveProperty('objectKey');
    const missing = await api('/api/assets/no-such-asset');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Asset not found' });
  });
});

describe('GET /api/assets/stats/summary', () => {
  const expected = async () => {
    const rows = await testDb().select({ mediaType: assets.mediaType, featured: assets.featured, source: assets.source }).from(assets);
    return {
      totalAssets: rows.length,
      imageCount: rows.filter((r) => r.mediaType === 'image').length,
      videoCount: rows.filter((r) => r.mediaType === 'video').length,
      featuredCount: rows.filter((r) => r.featured).length,
      uploadedCount: rows.filter((r) => r.source === 'upload').length,
      externalCount: rows.filter((r) => r.source === 'external').length,
    };
  };

  it('counts every kind, in data and in stats, with exactly the spec keys', async () => {
    await seedAsset({ mediaType: 'video', featured: true });
    await seedAsset({ source: 'upload', externalUrlLink: null, objectKey: `assets/${tagged()}.png` });
    const token = await tokenOf('admin');
    // Other test files write assets in parallel: compare with a count taken while nothing changed.
    for (let attempt = 0; ; attempt++) {
      const before = await expected();
      const res = await api('/api/assets/stats/summary', { token });
      const after = await expected();
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual([
        'externalCount',
        'featuredCount',
        'imageCount',
        'totalAssets',
        'uploadedCount',
        'videoCount',
      ]);
      expect(res.body.stats).toEqual(res.body.data);
      if (JSON.stringify(before) !== JSON.stringify(after) && attempt < 5) continue;
      expect(res.body.data).toEqual(before);
      expect(before.totalAssets).toBe(before.imageCount + before.videoCount);
      expect(before.totalAssets).toBe(before.uploadedCount + before.externalCount);
      break;
    }
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly((token) => api('/api/assets/stats/summary', token ? { token } : {}));
  });
});
