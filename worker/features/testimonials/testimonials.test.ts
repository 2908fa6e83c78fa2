import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bigPng,
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
  SVG,
  tokenOf,
  expectPixelBombRefused,
} from '#test/content-helpers.ts';
import { seedTestimonial } from './testimonials.test-helpers.ts';

const ids = (list: { _id: string }[]) => list.map((t) => t._id);

describe('POST /api/testimonials', () => {
  it('creates from JSON', async () => {
    const res = await api('/api/testimonials', {
      token: await tokenOf('admin'),
      body: {
        name: 'Maria Lopez',
        role: 'Parent of a junior student',
        quote: 'Confidence and discipline, in one term.',
        rating: 5,
        featured: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Testimonial created successfully' });
    expect(res.body.data).toMatchObject({
      name: 'Maria Lopez',
      role: 'Parent of a junior student',
      quote: 'Confidence and discipline, in one term.',
      rating: 5,
      featured: true,
      isActive: true,
      photo: null,
    });
    expect(res.body.testimonial).toEqual(res.body.data);
  });

  it('creates from form data with a photo (title and message accepted as role and quote)', async () => {
    const res = await sendForm(
      '/api/testimonials',
      formOf(
        { name: 'Tom', title: 'Adult beginner', message: 'Best hour of my week.', rating: '4', isActive: 'false' },
        { photo: { bytes: jpeg(), name: 'tom.jpg' } },
      ),
      { token: await tokenOf('grandmaster') },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      role: 'Adult beginner',
      quote: 'Best hour of my week.',
      rating: 4,
      isActive: false,
      photoWidth: 640,
      photoHeight: 480,
    });
    expect(res.body.data.photo).toMatch(/^\/api\/files\/testimonials\/[0-9a-z]{24}\.jpg$/);
    expect(await bucket().head(keyOf(res.body.data.photo))).not.toBeNull();
  });

  it.each([
    [{ quote: 'q' }, 'Name is required'],
    [{ name: 'n' }, 'Quote is required'],
    [{ name: 'n', quote: 'q', rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    [{ name: 'n', quote: 'q', rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    [{ name: 'n', quote: 'q', rating: 2.5 }, 'Rating must be a whole number from 1 to 5'],
    [{ name: 'n', quote: 'q', isActive: 'sometimes' }, 'isActive must be true or false'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await api('/api/testimonials', { token: await tokenOf('admin'), body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('refuses a wrong photo type (415) or size (413) and stores nothing', async () => {
    const token = await tokenOf('admin');
    const svgName = `x-${uniq()}.svg`;
    const svg = await sendForm('/api/testimonials', formOf({ name: 'n', quote: 'q' }, { photo: { bytes: SVG, name: svgName } }), { token });
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    const bigName = `big-${uniq()}.png`;
    const big = await sendForm(
      '/api/testimonials',
      formOf({ name: 'n', quote: 'q' }, { photo: { bytes: await bigPng(5 * 1024 * 1024 + 1), name: bigName } }),
      { token },
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Image size must not exceed 5MB');
    expect(await objectsNamed('testimonials/', svgName)).toEqual([]);
    expect(await objectsNamed('testimonials/', bigName)).toEqual([]);
  });

  it('removes the stored photo when the database write fails', async () => {
    const name = await failingValue('testimonials', 'name');
    const file = `orphan-${uniq()}.png`;
    const res = await sendForm('/api/testimonials', formOf({ name, quote: 'q' }, { photo: { bytes: await png(), name: file } }), {
      token: await tokenOf('admin'),
    });
    expect(res.status).toBe(500);
    expect(await objectsNamed('testimonials/', file)).toEqual([]);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly((token) => api('/api/testimonials', { body: { name: 'n', quote: 'q' }, ...(token ? { token } : {}) }));
  });
});

describe('GET /api/testimonials', () => {
  it('shows visitors active testimonials only, admins all of them', async () => {
    const active = await seedTestimonial();
    const hidden = await seedTestimonial({ isActive: false });
    const visitor = await api('/api/testimonials?limit=100');
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.every((t: { isActive: boolean }) => t.isActive)).toBe(true);
    expect(ids(visitor.body.data)).not.toContain(hidden.id);
    expect(visitor.body.pagination).toMatchObject({ page: 1, limit: 100 });
    const student = await api('/api/testimonials?limit=100&isActive=false', { token: await tokenOf('student') });
    expect(ids(student.body.data)).not.toContain(hidden.id);
    const admin = await api('/api/testimonials?isActive=false&limit=100', { token: await tokenOf('admin') });
    expect(ids(admin.body.data)).toContain(hidden.id);
    expect(ids(admin.body.data)).not.toContain(active.id);
  });

  it('pages with a default limit of 20, featured first', async () => {
    const featured = await seedTestimonial({ featured: true, createdAt: new Date(Date.now() - 3_600_000) });
    const res = await api('/api/testimonials');
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(res.body.testimonials).toEqual(res.body.data);
    const all = await api('/api/testimonials?limit=100&featured=true');
    expect(ids(all.body.data)).toContain(featured.id);
    const flags: boolean[] = (await api('/api/testimonials?limit=100')).body.data.map((t: { featured: boolean }) => t.featured);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it('hides an inactive testimonial from a visitor (404) but not from an admin', async () => {
    const hidden = await seedTestimonial({ isActive: false });
    const visitor = await api(`/api/testimonials/${hidden.id}`);
    expect(visitor.status).toBe(404);
    expect(visitor.body.message).toBe('Testimonial not found');
    const admin = await api(`/api/testimonials/${hidden.id}`, { token: await tokenOf('super-admin') });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ _id: hidden.id, isActive: false });
  });
});

describe('PUT /api/testimonials/:id', () => {
  it('updates the fields sent (the update works) and keeps the rest', async () => {
    const row = await seedTestimonial({ role: 'Parent', rating: 4 });
    const res = await api(`/api/testimonials/${row.id}`, {
      method: 'PUT',
      token: await tokenOf('admin'),
      body: { quote: 'Even better now.', isActive: false, featured: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Testimonial updated successfully' });
    expect(res.body.data).toMatchObject({
      _id: row.id,
      name: row.name,
      role: 'Parent',
      rating: 4,
      quote: 'Even better now.',
      isActive: false,
      featured: true,
    });
    expect((await api(`/api/testimonials/${row.id}`, { token: await tokenOf('admin') })).body.data.quote).toBe('Even better now.');
  });

  it('replaces the photo (old object deleted) and removes it with removePhoto', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm(
      '/api/testimonials',
      formOf({ name: 'n', quote: 'q' }, { photo: { bytes: await png(), name: 'a.png' } }),
      { token },
    );
    const first = created.body.data.photo;
    const replaced = await sendForm(
      `/api/testimonials/${created.body.data._id}`,
      formOf({ name: 'Renamed' }, { photo: { bytes: jpeg(), name: 'b.jpg' } }),
      { token, method: 'PUT' },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.name).toBe('Renamed');
    expect(await bucket().head(keyOf(first))).toBeNull();
    const second = replaced.body.data.photo;
    const removed = await api(`/api/testimonials/${created.body.data._id}`, { method: 'PUT', token, body: { removePhoto: true } });
    expect(removed.body.data).toMatchObject({ photo: null, photoWidth: null });
    expect(await bucket().head(keyOf(second))).toBeNull();
  });

  it('validates like create, and 404 for an unknown id', async () => {
    const token = await tokenOf('admin');
    const row = await seedTestimonial();
    const blank = await api(`/api/testimonials/${row.id}`, { method: 'PUT', token, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Name is required');
    const rating = await api(`/api/testimonials/${row.id}`, { method: 'PUT', token, body: { rating: 9 } });
    expect(rating.body.message).toBe('Rating must be a whole number from 1 to 5');
    const missing = await api('/api/testimonials/nope', { method: 'PUT', token, body: { name: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/testimonials/${(await seedTestimonial()).id}`, { method: 'PUT', body: { rating: 3 }, ...(token ? { token } : {}) }),
    );
  });
});

describe('DELETE /api/testimonials/:id and POST /bulk-delete', () => {
  it('deletes one with its photo', async () => {
    const token = await tokenOf('admin');
    const created = await sendForm(
      '/api/testimonials',
      formOf({ name: 'n', quote: 'q' }, { photo: { bytes: await png(), name: 'a.png' } }),
      { token },
    );
    const res = await api(`/api/testimonials/${created.body.data._id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: created.body.data._id }, message: 'Testimonial deleted successfully' });
    expect(await bucket().head(keyOf(created.body.data.photo))).toBeNull();
    expect((await api(`/api/testimonials/${created.body.data._id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('bulk-deletes many', async () => {
    const token = await tokenOf('admin');
    const a = await seedTestimonial();
    const b = await seedTestimonial({ isActive: false });
    const res = await api('/api/testimonials/bulk-delete', { token, body: { testimonialIds: [a.id, b.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { deletedCount: 2 }, count: 2, message: '2 testimonials deleted successfully' });
    for (const body of [{}, { testimonialIds: [] }]) {
      const bad = await api('/api/testimonials/bulk-delete', { token, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Testimonial IDs array is required');
    }
  });

  it('is for admin-capable roles only', async () => {
    await expectAdminOnly(async (token) =>
      api(`/api/testimonials/${(await seedTestimonial()).id}`, { method: 'DELETE', ...(token ? { token } : {}) }),
    );
    await expectAdminOnly(async (token) =>
      api('/api/testimonials/bulk-delete', { body: { testimonialIds: [(await seedTestimonial()).id] }, ...(token ? { token } : {}) }),
    );
  });
});

describe('hostile bodies', () => {
  it('never answer a 5xx', async () => {
    const token = await tokenOf('admin');
    const row = await seedTestimonial();
    for (const raw of HOSTILE_BODIES) {
      for (const [method, path] of [
        ['POST', '/api/testimonials'],
        ['PUT', `/api/testimonials/${row.id}`],
        ['POST', '/api/testimonials/bulk-delete'],
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
      (file) => sendForm('/api/testimonials', formOf({ name: 'Bomb', quote: 'Boom' }, { photo: file }), { token }),
      'testimonials/',
    );
  });
});
