import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import { bucket, expectAdminOnly, formOf, GIF, keyOf, mp4, objectsNamed, png, sendForm, tokenOf } from '#test/content-helpers.ts';
import { external, seedAsset, tagged } from './assets.test-helpers.ts';

const listTag = async (tag: string) =>
  (await api(`/api/assets?tag=${tag}&limit=100`)).body.data as { _id: string; title: string; url: string }[];

describe('POST /api/assets/bulk', () => {
  it('creates every asset of the array (201, count)', async () => {
    const tag = tagged();
    const res = await api('/api/assets/bulk', {
      token: await tokenOf('admin'),
      body: { assets: [external(tag), external(tag, { mediaType: 'video', featured: true })] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, count: 2, message: '2 assets created successfully' });
    expect(res.body.data.map((a: { mediaType: string }) => a.mediaType).sort()).toEqual(['image', 'video']);
    expect(await listTag(tag)).toHaveLength(2);
  });

  it('needs a non-empty array', async () => {
    const token = await tokenOf('admin');
    for (const body of [{}, { assets: [] }, { assets: 'x' }]) {
      const res = await api('/api/assets/bulk', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Assets array is required');
    }
  });

  it('reports each bad item with its index and creates none', async () => {
    const tag = tagged();
    const res = await api('/api/assets/bulk', {
      token: await tokenOf('admin'),
      body: {
        assets: [
          external(tag),
          external(tag, { mediaType: 'audio' }),
          external(tag, { externalUrlLink: '' }),
          external(tag, { externalUrlLink: 'javascript:alert(1)' }),
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Asset 2 (index 1): Media type must be image or video');
    expect(res.body.errors).toEqual([
      { index: 1, path: 'assets.1.mediaType', message: 'Media type must be image or video' },
      { index: 2, path: 'assets.2.externalUrlLink', message: 'External URL link is required' },
      { index: 3, path: 'assets.3.externalUrlLink', message: 'External URL link must be an http:// or https:// address' },
    ]);
    expect(await listTag(tag)).toEqual([]);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly((token) => api('/api/assets/bulk', { body: { assets: [external(tagged())] }, ...(token ? { token } : {}) }));
  });
});

describe('POST /api/assets/bulk-delete', () => {
  it('deletes the listed assets and their objects, skipping unknown ids', async () => {
    const token = await tokenOf('admin');
    const up = await sendForm('/api/assets', formOf({}, { file: { bytes: await png(), name: 'x.png' } }), { token });
    const ext = await seedAsset();
    const res = await api('/api/assets/bulk-delete', { token, body: { assetIds: [up.body.data._id, ext.id, 'no-such-id'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { deletedCount: 2 }, count: 2, message: '2 assets deleted successfully' });
    expect(await bucket().head(keyOf(up.body.data.url))).toBeNull();
    expect((await api(`/api/assets/${ext.id}`)).status).toBe(404);
  });

  it('needs a non-empty id array', async () => {
    const token = await tokenOf('admin');
    for (const body of [{}, { assetIds: [] }, { assetIds: [''] }, { assetIds: 'abc' }]) {
      const res = await api('/api/assets/bulk-delete', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Asset IDs array is required');
    }
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api('/api/assets/bulk-delete', { body: { assetIds: [(await seedAsset()).id] }, ...(token ? { token } : {}) }),
    );
  });
});

describe('POST /api/assets/bulk-upload', () => {
  it('uploads many files as assets, the text fields applying to each', async () => {
    const tag = tagged();
    const files = [
      { bytes: await png(), name: 'kata-1.png' },
      { bytes: await png(4, 4), name: 'kata-2.png' },
      { bytes: mp4(), name: 'kumite.mp4' },
    ];
    const res = await sendForm('/api/assets/bulk-upload', formOf({ tags: tag, featured: 'true' }, { files }), {
      token: await tokenOf('admin'),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, count: 3, message: '3 assets uploaded successfully' });
    const mine = await listTag(tag);
    expect(mine.map((a) => a.title).sort()).toEqual(['kata-1', 'kata-2', 'kumite']);
    for (const a of mine) expect(await bucket().head(keyOf(a.url))).not.toBeNull();
  });

  it('stores nothing when one file is refused, and says which one', async () => {
    const tag = tagged();
    const good = `good-${uniq()}.png`;
    const res = await sendForm(
      '/api/assets/bulk-upload',
      formOf(
        { tags: tag },
        {
          files: [
            { bytes: await png(), name: good },
            { bytes: GIF, name: 'anim.gif' },
          ],
        },
      ),
      { token: await tokenOf('admin') },
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only JPEG, PNG, and WebP images or MP4 and WebM videos are allowed');
    expect(res.body.errors).toEqual([
      { path: 'files.1', message: 'anim.gif: Only JPEG, PNG, and WebP images or MP4 and WebM videos are allowed' },
    ]);
    expect(await objectsNamed('assets/', good)).toEqual([]);
    expect(await listTag(tag)).toEqual([]);
  });

  it('imports one JSON or CSV file describing external assets', async () => {
    const token = await tokenOf('admin');
    const tag = tagged();
    const json = JSON.stringify([external(tag), external(tag, { mediaType: 'video' })]);
    const fromJson = await sendForm(
      '/api/assets/bulk-upload',
      formOf({}, { file: { bytes: json, name: 'assets.json', type: 'application/json' } }),
      { token },
    );
    expect(fromJson.status).toBe(201);
    expect(fromJson.body.count).toBe(2);
    const csv = `externalUrlLink,mediaType,title,featured,tags\r\nhttps://cdn.example.test/a.jpg,image,"Grading, spring",true,${tag};spring\nhttps://cdn.example.test/b.mp4,video,Demo,false,${tag}\n`;
    const fromCsv = await sendForm('/api/assets/bulk-upload', formOf({}, { files: { bytes: csv, name: 'assets.csv', type: 'text/csv' } }), {
      token,
    });
    expect(fromCsv.status).toBe(201);
    expect(fromCsv.body.data.find((a: { title: string }) => a.title === 'Grading, spring')).toMatchObject({
      featured: true,
      tags: [tag, 'spring'],
      mediaType: 'image',
    });
    expect(await listTag(tag)).toHaveLength(4);
  });

  it('needs form data with at least one file', async () => {
    const token = await tokenOf('admin');
    const json = await api('/api/assets/bulk-upload', { token, body: { assets: [external(tagged())] } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Bulk upload needs form data: files, or one JSON or CSV file describing the assets');
    const empty = await sendForm('/api/assets/bulk-upload', formOf({ title: 'x' }), { token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Choose at least one file to upload');
  });

  it('refuses more than 20 files', async () => {
    const bytes = await png();
    const files = Array.from({ length: 21 }, (_, i) => ({ bytes, name: `f${i}.png` }));
    const res = await sendForm('/api/assets/bulk-upload', formOf({}, { files }), { token: await tokenOf('admin') });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Too many files: at most 20 at a time');
  });

  it('is for admin-capable roles only', async () => {
    const bytes = await png();
    await expectAdminOnly((token) =>
      sendForm('/api/assets/bulk-upload', formOf({}, { files: { bytes, name: 'r.png' } }), token ? { token } : {}),
    );
  });
});

describe('POST /api/assets/bulk-json', () => {
  it('imports a .json file and an assets field', async () => {
    const token = await tokenOf('admin');
    const tag = tagged();
    const file = await sendForm(
      '/api/assets/bulk-json',
      formOf({}, { file: { bytes: JSON.stringify({ assets: [external(tag)] }), name: 'gallery.json' } }),
      { token },
    );
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({ success: true, count: 1, message: '1 asset imported successfully' });
    const field = await sendForm('/api/assets/bulk-json', formOf({ assets: JSON.stringify([external(tag), external(tag)]) }), { token });
    expect(field.status).toBe(201);
    expect(field.body.count).toBe(2);
    expect(await listTag(tag)).toHaveLength(3);
  });

  it('refuses unreadable JSON, bad items (by index) and a non-form body', async () => {
    const token = await tokenOf('admin');
    const broken = await sendForm('/api/assets/bulk-json', formOf({}, { file: { bytes: '[{"oops"', name: 'bad.json' } }), { token });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The file could not be read: give a JSON array of assets or a CSV with a header row');
    const badItem = await sendForm(
      '/api/assets/bulk-json',
      formOf({ assets: JSON.stringify([external(tagged()), { mediaType: 'image' }]) }),
      { token },
    );
    expect(badItem.status).toBe(400);
    expect(badItem.body.errors).toEqual([{ index: 1, path: 'assets.1.externalUrlLink', message: 'External URL link is required' }]);
    const emptyList = await sendForm('/api/assets/bulk-json', formOf({ assets: '[]' }), { token });
    expect(emptyList.status).toBe(400);
    expect(emptyList.body.message).toBe('Assets array is required');
    const notForm = await api('/api/assets/bulk-json', { token, body: { assets: [external(tagged())] } });
    expect(notForm.status).toBe(400);
    expect(notForm.body.message).toBe('JSON import needs form data: a .json file or an assets field');
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly((token) =>
      sendForm('/api/assets/bulk-json', formOf({ assets: JSON.stringify([external(tagged())]) }), token ? { token } : {}),
    );
  });
});
