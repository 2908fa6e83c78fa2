import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bucket,
  expectAdminOnly,
  failingValue,
  formOf,
  HOSTILE_BODIES,
  jpeg,
  keyOf,
  objectsNamed,
  png,
  sendForm,
  sendRaw,
  tokenOf,
  expectPixelBombRefused,
} from '#test/content-helpers.ts';
import { seedAsset } from './assets.test-helpers.ts';

describe('PUT /api/assets/:id', () => {
  it('updates the metadata sent and keeps the rest', async () => {
    const row = await seedAsset({ title: 'Old', description: 'keep me', tags: ['a'] });
    const res = await api(`/api/assets/${row.id}`, {
      method: 'PUT',
      token: await tokenOf('admin'),
      body: { title: 'New', featured: true, tags: 'x,y' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Asset updated successfully' });
    expect(res.body.data).toMatchObject({
      _id: row.id,
      title: 'New',
      description: 'keep me',
      featured: true,
      tags: ['x', 'y'],
      externalUrlLink: row.externalUrlLink,
    });
  });

  it('replaces the file, deleting the old object only after the row changed', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm('/api/assets', formOf({ title: 'Keep title' }, { file: { bytes: await png(), name: 'one.png' } }), {
      token,
    });
    const oldKey = keyOf(created.body.data.url);
    const res = await sendForm(`/api/assets/${created.body.data._id}`, formOf({}, { file: { bytes: jpeg(), name: 'two.jpg' } }), {
      token,
      method: 'PUT',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Keep title', mimeType: 'image/jpeg', width: 640, height: 480 });
    expect(await bucket().head(oldKey)).toBeNull();
    expect(await bucket().head(keyOf(res.body.data.url))).not.toBeNull();
  });

  it('turns an upload into an external link and deletes its object', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm('/api/assets', formOf({}, { file: { bytes: await png(), name: 'one.png' } }), { token });
    const res = await api(`/api/assets/${created.body.data._id}`, {
      method: 'PUT',
      token,
      body: { externalUrlLink: 'https://videos.example/kata', mediaType: 'video' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'external',
      mediaType: 'video',
      url: 'https://videos.example/kata',
      mimeType: null,
      width: null,
    });
    expect(await bucket().head(keyOf(created.body.data.url))).toBeNull();
  });

  it('keeps the old object and removes the new one when the update fails', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm('/api/assets', formOf({}, { file: { bytes: await png(), name: 'one.png' } }), { token });
    const title = await failingValue('assets', 'title');
    const name = `replacement-${uniq()}.png`;
    const res = await sendForm(`/api/assets/${created.body.data._id}`, formOf({ title }, { file: { bytes: await png(), name } }), {
      token,
      method: 'PUT',
    });
    expect(res.status).toBe(500);
    expect(await objectsNamed('assets/', name)).toEqual([]);
    expect(await bucket().head(keyOf(created.body.data.url))).not.toBeNull();
  });

  it('refuses a javascript: link, a blank title is allowed, an unknown id is 404', async () => {
    const token = await tokenOf('admin');
    const row = await seedAsset();
    const bad = await api(`/api/assets/${row.id}`, { method: 'PUT', token, body: { externalUrlLink: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('External URL link must be an http:// or https:// address');
    const missing = await api('/api/assets/nope', { method: 'PUT', token, body: { title: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Asset not found');
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/assets/${(await seedAsset()).id}`, { method: 'PUT', body: { title: 'T' }, ...(token ? { token } : {}) }),
    );
  });
});

describe('DELETE /api/assets/:id', () => {
  it('deletes the row and its object', async () => {
    const token = await tokenOf('super-admin');
    const created = await sendForm('/api/assets', formOf({}, { file: { bytes: await png(), name: 'bye.png' } }), { token });
    const res = await api(`/api/assets/${created.body.data._id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: created.body.data._id }, message: 'Asset deleted successfully' });
    expect(await bucket().head(keyOf(created.body.data.url))).toBeNull();
    expect((await api(`/api/assets/${created.body.data._id}`)).status).toBe(404);
    expect((await api(`/api/assets/${created.body.data._id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) => api(`/api/assets/${(await seedAsset()).id}`, { method: 'DELETE', ...(token ? { token } : {}) }));
  });
});

describe('hostile bodies', () => {
  it('never answer a 5xx on any asset write', async () => {
    const token = await tokenOf('admin');
    const row = await seedAsset();
    for (const raw of HOSTILE_BODIES) {
      for (const [method, path] of [
        ['POST', '/api/assets'],
        ['PUT', `/api/assets/${row.id}`],
        ['POST', '/api/assets/bulk'],
        ['POST', '/api/assets/bulk-delete'],
        ['POST', '/api/assets/bulk-upload'],
        ['POST', '/api/assets/bulk-json'],
      ] as const) {
        const res = await sendRaw(path, method, raw, token);
        expect(res.status, `${method} ${path} ${raw.slice(0, 80)}`).toBeLessThan(500);
      }
    }
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const token = await tokenOf('admin');
    await expectPixelBombRefused((file) => sendForm('/api/assets', formOf({}, { file }), { token }), 'assets/');
  });
});
