import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bigPng,
  bucket,
  expectAdminOnly,
  failingValue,
  formOf,
  GIF,
  HOSTILE_BODIES,
  jpeg,
  keyOf,
  mp4,
  objectsNamed,
  png,
  sendForm,
  sendRaw,
  tokenOf,
  webp,
  expectPixelBombRefused,
} from '#test/content-helpers.ts';
import { seedChart, uploadChart } from './charts.test-helpers.ts';

const create = async (fields: Record<string, string>, file?: { bytes: Uint8Array<ArrayBuffer> | string; name: string }) =>
  sendForm('/api/organizational-chart', formOf(fields, file ? { src: file } : {}), { token: await tokenOf('admin') });

describe('POST /api/organizational-chart', () => {
  it('creates a chart from form data with a real image, stored and served back', async () => {
    const res = await create(
      { title: 'Instructors 2026', alt: 'Chart of the instructors', description: 'Who teaches what', featured: 'true' },
      { bytes: webp(), name: 'chart.webp' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Organizational chart created successfully' });
    expect(res.body.data).toMatchObject({
      title: 'Instructors 2026',
      alt: 'Chart of the instructors',
      description: 'Who teaches what',
      featured: true,
      width: 5,
      height: 4,
      mimeType: 'image/webp',
    });
    expect(res.body.data.src).toMatch(/^\/api\/files\/charts\/[0-9a-z]{24}\.webp$/);
    expect(res.body.chart).toEqual(res.body.data);
    const served = await api(res.body.data.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it.each([
    [{ alt: 'a' }, 'Title is required'],
    [{ title: '   ', alt: 'a' }, 'Title is required'],
    [{ title: 't' }, 'Alt text is required'],
    [{ title: 'x'.repeat(201), alt: 'a' }, 'Title must be at most 200 characters'],
    [{ title: 't', alt: 'a', description: 'd'.repeat(1001) }, 'Description must be at most 1000 characters'],
    [{ title: 't', alt: 'a', featured: 'perhaps' }, 'featured must be true or false'],
  ])('refuses %j with "%s"', async (fields, message) => {
    const res = await create(fields, { bytes: await png(), name: 'c.png' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('accepts exactly 200 title and 1000 description characters', async () => {
    const res = await create({ title: 'x'.repeat(200), alt: 'a', description: 'd'.repeat(1000) }, { bytes: jpeg(), name: 'c.jpg' });
    expect(res.status).toBe(201);
  });

  it('needs an image file', async () => {
    const res = await create({ title: 't', alt: 'a' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Image file is required');
  });

  it.each([
    ['a GIF', GIF],
    ['a video', mp4()],
    ['a text file', 'not an image'],
  ])('refuses %s with 415 and the spec message, storing nothing', async (_label, bytes) => {
    const name = `wrong-${uniq()}.png`;
    const res = await create({ title: 't', alt: 'a' }, { bytes, name });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, message: 'Only JPEG, PNG, and WebP images are allowed' });
    expect(await objectsNamed('charts/', name)).toEqual([]);
  });

  it('refuses an image over 5 MB with 413 and the spec message, storing nothing', async () => {
    const name = `big-${uniq()}.png`;
    const res = await create({ title: 't', alt: 'a' }, { bytes: await bigPng(5 * 1024 * 1024 + 1), name });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: 'Image size must not exceed 5MB' });
    expect(await objectsNamed('charts/', name)).toEqual([]);
  });

  it('removes the stored image when the database write fails', async () => {
    const title = await failingValue('organizational_charts', 'title');
    const name = `orphan-${uniq()}.png`;
    const res = await create({ title, alt: 'a' }, { bytes: await png(), name });
    expect(res.status).toBe(500);
    expect(await objectsNamed('charts/', name)).toEqual([]);
  });

  it('is for admin-capable roles only', async () => {
    const bytes = await png();
    await expectAdminOnly((token) =>
      sendForm('/api/organizational-chart', formOf({ title: 't', alt: 'a' }, { src: { bytes, name: 'c.png' } }), token ? { token } : {}),
    );
  });
});

describe('GET /api/organizational-chart', () => {
  it('lists charts publicly, featured first', async () => {
    const plain = await seedChart({ createdAt: new Date(Date.now() + 60_000) });
    const featured = await seedChart({ featured: true, createdAt: new Date(Date.now() - 60_000) });
    const res = await api('/api/organizational-chart?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.charts).toEqual(res.body.data);
    const ids = res.body.data.map((c: { _id: string }) => c._id);
    expect(ids.indexOf(featured.id)).toBeLessThan(ids.indexOf(plain.id));
    const flags: boolean[] = res.body.data.map((c: { featured: boolean }) => c.featured);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    const onlyFeatured = await api('/api/organizational-chart?featured=true&limit=100');
    expect(onlyFeatured.body.data.every((c: { featured: boolean }) => c.featured)).toBe(true);
  });

  it('gets one chart, and 404 for an unknown id', async () => {
    const row = await seedChart({ title: 'Board' });
    const res = await api(`/api/organizational-chart/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: row.id, title: 'Board', src: `/api/files/${row.imageKey}` });
    const missing = await api('/api/organizational-chart/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Organizational chart not found');
  });
});

describe('PUT /api/organizational-chart/:id', () => {
  it('keeps the image when only existingSrc comes, and updates the text', async () => {
    const chart = await uploadChart();
    const res = await sendForm(
      `/api/organizational-chart/${chart._id}`,
      formOf({ title: 'Renamed', existingSrc: chart.src, featured: 'false' }),
      { token: await tokenOf('admin'), method: 'PUT' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Organizational chart updated successfully' });
    expect(res.body.data).toMatchObject({ title: 'Renamed', alt: 'Chart of the dojo', src: chart.src });
    expect(await bucket().head(keyOf(chart.src))).not.toBeNull();
  });

  it('replaces the image and deletes the old object', async () => {
    const chart = await uploadChart();
    const res = await sendForm(`/api/organizational-chart/${chart._id}`, formOf({}, { src: { bytes: jpeg(), name: 'new.jpg' } }), {
      token: await tokenOf('admin'),
      method: 'PUT',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'Dojo structure', mimeType: 'image/jpeg', width: 640, height: 480 });
    expect(res.body.data.src).not.toBe(chart.src);
    expect(await bucket().head(keyOf(chart.src))).toBeNull();
    expect(await bucket().head(keyOf(res.body.data.src))).not.toBeNull();
  });

  it('keeps the old image and removes the new one when the row update fails', async () => {
    const chart = await uploadChart();
    const title = await failingValue('organizational_charts', 'title');
    const name = `swap-${uniq()}.png`;
    const res = await sendForm(`/api/organizational-chart/${chart._id}`, formOf({ title }, { src: { bytes: await png(), name } }), {
      token: await tokenOf('admin'),
      method: 'PUT',
    });
    expect(res.status).toBe(500);
    expect(await objectsNamed('charts/', name)).toEqual([]);
    expect(await bucket().head(keyOf(chart.src))).not.toBeNull();
  });

  it('applies the create rules to the fields sent, and 404 for an unknown id', async () => {
    const token = await tokenOf('admin');
    const row = await seedChart();
    const blank = await api(`/api/organizational-chart/${row.id}`, { method: 'PUT', token, body: { title: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Title is required');
    const long = await api(`/api/organizational-chart/${row.id}`, { method: 'PUT', token, body: { description: 'd'.repeat(1001) } });
    expect(long.body.message).toBe('Description must be at most 1000 characters');
    const wrong = await sendForm(`/api/organizational-chart/${row.id}`, formOf({}, { src: { bytes: GIF, name: 'a.gif' } }), {
      token,
      method: 'PUT',
    });
    expect(wrong.status).toBe(415);
    const missing = await api('/api/organizational-chart/nope', { method: 'PUT', token, body: { title: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/organizational-chart/${(await seedChart()).id}`, { method: 'PUT', body: { title: 'T' }, ...(token ? { token } : {}) }),
    );
  });
});

describe('PATCH /api/organizational-chart/:id/featured', () => {
  it('toggles the featured flag', async () => {
    const token = await tokenOf('admin');
    const row = await seedChart();
    const on = await api(`/api/organizational-chart/${row.id}/featured`, { method: 'PATCH', token });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ success: true, data: { featured: true }, message: 'Chart marked as featured' });
    const off = await api(`/api/organizational-chart/${row.id}/featured`, { method: 'PATCH', token });
    expect(off.body).toMatchObject({ data: { featured: false }, message: 'Chart removed from featured' });
    const set = await api(`/api/organizational-chart/${row.id}/featured`, { method: 'PATCH', token, body: { featured: false } });
    expect(set.body.data.featured).toBe(false);
    expect((await api('/api/organizational-chart/nope/featured', { method: 'PATCH', token })).status).toBe(404);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/organizational-chart/${(await seedChart()).id}/featured`, { method: 'PATCH', ...(token ? { token } : {}) }),
    );
  });
});

describe('DELETE /api/organizational-chart/:id and /bulk', () => {
  it('deletes a chart and its image', async () => {
    const chart = await uploadChart();
    const res = await api(`/api/organizational-chart/${chart._id}`, { method: 'DELETE', token: await tokenOf('grandmaster') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: chart._id }, message: 'Organizational chart deleted successfully' });
    expect(await bucket().head(keyOf(chart.src))).toBeNull();
    expect((await api(`/api/organizational-chart/${chart._id}`)).status).toBe(404);
  });

  it('bulk-deletes charts and their images', async () => {
    const a = await uploadChart();
    const b = await uploadChart();
    const res = await api('/api/organizational-chart/bulk', {
      method: 'DELETE',
      token: await tokenOf('admin'),
      body: { chartIds: [a._id, b._id, 'unknown'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { deletedCount: 2 }, count: 2, message: '2 charts deleted successfully' });
    expect(await bucket().head(keyOf(a.src))).toBeNull();
    expect(await bucket().head(keyOf(b.src))).toBeNull();
  });

  it('gives a clear message for a missing or empty chartIds array', async () => {
    const token = await tokenOf('admin');
    for (const body of [{}, { chartIds: [] }, { chartIds: 'abc' }]) {
      const res = await api('/api/organizational-chart/bulk', { method: 'DELETE', token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Chart IDs array is required' });
    }
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/organizational-chart/${(await seedChart()).id}`, { method: 'DELETE', ...(token ? { token } : {}) }),
    );
    await expectAdminOnly(async (token) =>
      api('/api/organizational-chart/bulk', {
        method: 'DELETE',
        body: { chartIds: [(await seedChart()).id] },
        ...(token ? { token } : {}),
      }),
    );
  });
});

describe('hostile bodies', () => {
  it('never answer a 5xx', async () => {
    const token = await tokenOf('admin');
    const row = await seedChart();
    for (const raw of HOSTILE_BODIES) {
      for (const [method, path] of [
        ['POST', '/api/organizational-chart'],
        ['PUT', `/api/organizational-chart/${row.id}`],
        ['PATCH', `/api/organizational-chart/${row.id}/featured`],
        ['DELETE', '/api/organizational-chart/bulk'],
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
    await expectPixelBombRefused(
      (file) => sendForm('/api/organizational-chart', formOf({ title: 'Bomb', alt: 'Bomb' }, { src: file }), { token }),
      'charts/',
    );
  });
});
