import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';
import { asAdmin, send, tagged } from '#test/catalog-helpers.ts';
import { courseBody, makeCourse } from './courses.test-helpers.ts';

const row = (id: string) => testDb().select().from(courses).where(eq(courses.id, id)).get();

describe('POST /api/courses', () => {
  it('creates a course with a slug from its title, money as decimals outside and cents inside', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const res = await send(
      'POST',
      '/api/courses',
      admin.token,
      courseBody(`${tag} Kids Karaté (6–9)`, { price: 49.99, discountPrice: 39.5 }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Course created successfully',
      course: {
        title: `${tag} Kids Karaté (6–9)`,
        slug: `${tag}-kids-karate-6-9`,
        price: 49.99,
        discountPrice: 39.5,
        effectivePrice: 39.5,
        currency: 'CAD',
        level: 'beginner',
        featured: false,
        isActive: true,
        capacity: null,
        image: null,
        highlights: ['Belt grading included'],
      },
    });
    expect(res.body.data).toEqual(res.body.course);
    expect(res.body.course._id).toMatch(/^[0-9a-z]{24}$/);
    expect(new Date(res.body.course.createdAt).toISOString()).toBe(res.body.course.createdAt);
    const stored = await row(res.body.course._id);
    expect(stored).toMatchObject({ priceCents: 4999, discountPriceCents: 3950 });
    expect((await api(`/api/courses/${res.body.course._id}`)).body.course.price).toBe(49.99);
  });

  it('rounds a float price to cents (0.1 + 0.2 is stored as 30 cents) and reads numbers sent as text', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} float`, { price: 0.1 + 0.2, discountPrice: '0.10', durationWeeks: '8' });
    expect(course).toMatchObject({ price: 0.3, discountPrice: 0.1, effectivePrice: 0.1, durationWeeks: 8 });
    expect((await row(course._id))!.priceCents).toBe(30);
  });

  it('gives the effective price: discount, else price, else 0', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    expect(await makeCourse(admin.token, `${tag} a`, { price: 80, discountPrice: 60 })).toMatchObject({ effectivePrice: 60 });
    expect(await makeCourse(admin.token, `${tag} b`, { price: 80, discountPrice: null })).toMatchObject({
      effectivePrice: 80,
      discountPrice: null,
    });
    expect(await makeCourse(admin.token, `${tag} c`, { price: undefined })).toMatchObject({ price: 0, effectivePrice: 0 });
  });

  it('gives a second course of the same title the next free slug, and refuses a taken explicit slug with 409', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const first = await makeCourse(admin.token, `${tag} Kumite`);
    const second = await makeCourse(admin.token, `${tag} Kumite`);
    const third = await makeCourse(admin.token, `${tag}   KUMITE!`);
    expect([first.slug, second.slug, third.slug]).toEqual([`${tag}-kumite`, `${tag}-kumite-2`, `${tag}-kumite-3`]);
    const admin2 = await makeCourse(admin.token, 'Admin');
    expect(admin2.slug).toMatch(/^admin-\d+$/);
    expect((await api(`/api/courses/${admin2.slug}`)).body.course._id).toBe(admin2._id);
    const taken = await send('POST', '/api/courses', admin.token, courseBody('Other', { slug: first.slug }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'A course with this slug already exists' });
  });

  it.each([
    [{ price: 10 }, 'Title is required'],
    [{ title: '   ', price: 10 }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ title: 'T', price: -1 }, 'Price must be 0 or more'],
    [{ title: 'T', price: 'ten' }, 'Price must be a number'],
    [{ title: 'T', price: 1_000_000 }, 'Price must not exceed 999999.99'],
    [{ title: 'T', price: 50, discountPrice: 50.01 }, 'Discount price cannot be greater than the price'],
    [{ title: 'T', level: 'expert' }, 'Level must be one of: beginner, intermediate, advanced, all'],
    [{ title: 'T', durationWeeks: 1.5 }, 'Duration (weeks) must be a whole number'],
    [{ title: 'T', capacity: 0 }, 'Capacity must be at least 1'],
    [{ title: 'T', featured: 'maybe' }, 'Featured must be true or false'],
    [{ title: 'T', currency: 'dollars' }, 'Currency must be a 3-letter code such as CAD'],
    [{ title: 'T', slug: 'Not a slug!' }, 'Slug may contain only lowercase letters, digits and single dashes'],
    [{ title: 'T', slug: 'featured' }, 'This slug is reserved, please choose another one'],
    [{ title: 'T', highlights: [1, 2] }, 'Highlights must be a list of texts'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/courses', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
  });

  it('ignores fields a client must not set (id, image key, timestamps)', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} mass`, {
      id: 'chosen-id',
      _id: 'x',
      image: 'secret/notes.txt',
      createdAt: '2001-01-01T00:00:00Z',
    });
    expect(course._id).not.toBe('chosen-id');
    expect(course.image).toBeNull();
    expect(String(course.createdAt)).not.toMatch(/^2001/);
  });
});

describe('PUT /api/courses/:id', () => {
  it('changes only the fields sent, keeps the slug, and checks a discount against the stored price', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} Self-Defence`, { price: 100 });
    const res = await send('PUT', `/api/courses/${course._id}`, admin.token, {
      title: 'Self-Defence for Adults',
      discountPrice: 75,
      capacity: 16,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Course updated successfully',
      course: {
        title: 'Self-Defence for Adults',
        slug: course.slug,
        price: 100,
        discountPrice: 75,
        effectivePrice: 75,
        capacity: 16,
        level: 'beginner',
      },
    });
    const tooMuch = await send('PUT', `/api/courses/${course._id}`, admin.token, { discountPrice: 100.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('Discount price cannot be greater than the price');
    const lowerPrice = await send('PUT', `/api/courses/${course._id}`, admin.token, { price: 50 });
    expect(lowerPrice.status).toBe(400);
    expect(lowerPrice.body.message).toBe('Discount price cannot be greater than the price');
    expect((await row(course._id))!).toMatchObject({ priceCents: 10000, discountPriceCents: 7500 });
    const cleared = await send('PUT', `/api/courses/${course._id}`, admin.token, { discountPrice: null, capacity: '' });
    expect(cleared.body.course).toMatchObject({ discountPrice: null, effectivePrice: 100, capacity: null });
  });

  it('answers 404 for an unknown id and 400 for an empty update', async () => {
    const admin = await asAdmin();
    const missing = await send('PUT', '/api/courses/nope', admin.token, { title: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Course not found');
    const course = await makeCourse(admin.token, `${tagged()} empty`);
    const empty = await send('PUT', `/api/courses/${course._id}`, admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
  });
});

describe('PATCH /api/courses/:id/toggle-status', () => {
  it('flips isActive each time and says which way', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} toggle`);
    const off = await send('PATCH', `/api/courses/${course._id}/toggle-status`, admin.token);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, course: { isActive: false }, message: 'Course deactivated successfully' });
    const on = await send('PATCH', `/api/courses/${course._id}/toggle-status`, admin.token);
    expect(on.body).toMatchObject({ course: { isActive: true }, message: 'Course activated successfully' });
    expect((await send('PATCH', '/api/courses/nope/toggle-status', admin.token)).status).toBe(404);
  });
});

describe('DELETE /api/courses/:id and DELETE /api/courses', () => {
  it('deletes one course, then answers 404', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} delete`);
    const res = await send('DELETE', `/api/courses/${course._id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: course._id }, message: 'Course deleted successfully' });
    expect(await row(course._id)).toBeUndefined();
    expect((await send('DELETE', `/api/courses/${course._id}`, admin.token)).status).toBe(404);
  });

  it('bulk-deletes the listed courses, counting only those that existed', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const a = await makeCourse(admin.token, `${tag} a`);
    const b = await makeCourse(admin.token, `${tag} b`);
    const keep = await makeCourse(admin.token, `${tag} keep`);
    const res = await send('DELETE', '/api/courses/', admin.token, { courseIds: [a._id, b._id, a._id, 'unknown'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 2, data: { deletedCount: 2 }, message: '2 courses deleted successfully' });
    expect(res.body.data.deletedIds.sort()).toEqual([a._id, b._id].sort());
    expect(await row(a._id)).toBeUndefined();
    expect(await row(keep._id)).toBeDefined();
  });

  it.each([[{}], [{ courseIds: [] }], [{ courseIds: 'abc' }], [{ courseIds: [''] }], [{ courseIds: [42] }], [[]]])(
    'refuses %j with "Course IDs array is required"',
    async (body) => {
      const admin = await asAdmin();
      const res = await send('DELETE', '/api/courses', admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Course IDs array is required' });
    },
  );
});
