import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { IMAGE_TOO_MANY_PIXELS } from '#worker/lib/image-size.ts';
import { pngClaiming } from '#worker/lib/image-size.fixtures.ts';
import { asAdmin, bucket, fetchRaw, formOf, jpegBytes, keyOf, keysUnder, sendForm, send, tagged, tinyPng } from '#test/catalog-helpers.ts';
import { makeCourse } from './courses.test-helpers.ts';

// Every test here that stores under courses/ runs in this one file, one after the other, so the
// bucket listing before and after a call shows exactly what that call left behind.

describe('course images (multipart)', () => {
  it('creates a course from form data with a PNG stored under courses/ and served back', async () => {
    const admin = await asAdmin();
    const png = await tinyPng();
    const before = await keysUnder('courses');
    const res = await sendForm(
      'POST',
      '/api/courses',
      admin.token,
      formOf(
        {
          title: `${tagged()} Black Belt Prep`,
          price: '249.99',
          discountPrice: '199.99',
          featured: 'true',
          highlights: ['Kata', 'Kumite'],
          capacity: '12',
        },
        { bytes: png, name: '../../evil.exe', type: 'text/html' },
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.course).toMatchObject({
      price: 249.99,
      discountPrice: 199.99,
      effectivePrice: 199.99,
      featured: true,
      highlights: ['Kata', 'Kumite'],
      capacity: 12,
    });
    const url: string = res.body.course.image;
    expect(url).toMatch(/^\/api\/files\/courses\/[0-9a-z]{24}\.png$/);
    expect(await keysUnder('courses')).toEqual([...before, keyOf(url)].sort());
    const served = await fetchRaw(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('takes a JPEG too, replaces the picture on update (old object deleted) and removes it with removeImage', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} replace`);
    const first = await sendForm(
      'PUT',
      `/api/courses/${course._id}`,
      admin.token,
      formOf({}, { bytes: jpegBytes(), name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstKey = keyOf(first.body.course.image);
    expect(firstKey).toMatch(/\.jpg$/);
    const second = await sendForm(
      'PUT',
      `/api/courses/${course._id}`,
      admin.token,
      formOf({ title: 'Renamed' }, { bytes: await tinyPng() }),
    );
    expect(second.body.course).toMatchObject({ title: 'Renamed' });
    const secondKey = keyOf(second.body.course.image);
    expect(await bucket.head(firstKey)).toBeNull();
    expect(await bucket.head(secondKey)).not.toBeNull();
    const removed = await send('PUT', `/api/courses/${course._id}`, admin.token, { removeImage: true });
    expect(removed.body.course.image).toBeNull();
    expect(await bucket.head(secondKey)).toBeNull();
  });

  it('keeps the picture when a form is saved without a new file (empty file part)', async () => {
    const admin = await asAdmin();
    const created = await sendForm('POST', '/api/courses', admin.token, formOf({ title: `${tagged()} keep` }, { bytes: await tinyPng() }));
    const fd = formOf({ title: 'Kept' });
    fd.append('image', new File([], '', { type: 'application/octet-stream' }));
    const res = await sendForm('PUT', `/api/courses/${created.body.course._id}`, admin.token, fd);
    expect(res.status).toBe(200);
    expect(res.body.course.image).toBe(created.body.course.image);
  });

  it('refuses a text file named .png with 415 and stores nothing', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('courses');
    const res = await sendForm(
      'POST',
      '/api/courses',
      admin.token,
      formOf({ title: 'Fake' }, { bytes: 'not an image at all', name: 'x.png', type: 'image/png' }),
    );
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPEG, PNG, and WebP images are allowed',
    });
    const gif = await sendForm(
      'POST',
      '/api/courses',
      admin.token,
      formOf({ title: 'Gif' }, { bytes: 'GIF89a\x01\x00\x01\x00', name: 'x.gif', type: 'image/gif' }),
    );
    expect(gif.status).toBe(415);
    expect(await keysUnder('courses')).toEqual(before);
  });

  it('refuses (400) an image whose header claims 100000×100000 pixels and stores nothing', async () => {
    const admin = await asAdmin();
    const before = await keysUnder('courses');
    const res = await sendForm('POST', '/api/courses', admin.token, formOf({ title: 'Bomb' }, { bytes: pngClaiming(100_000, 100_000) }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: IMAGE_TOO_MANY_PIXELS });
    expect(await keysUnder('courses')).toEqual(before);
  });

  it.each([
    ['just over 5 MB', 5 * 1024 * 1024 + 1],
    ['well over 5 MB', 6 * 1024 * 1024],
  ])('refuses an image %s with 413 and leaves no object', async (_label, size) => {
    const admin = await asAdmin();
    const before = await keysUnder('courses');
    const big = new Uint8Array(size);
    big.set(await tinyPng());
    const res = await sendForm('POST', '/api/courses', admin.token, formOf({ title: 'Big' }, { bytes: big }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Image size must not exceed 5MB' });
    expect(await keysUnder('courses')).toEqual(before);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const admin = await asAdmin();
    const res = await api('/api/courses', {
      method: 'POST',
      token: admin.token,
      raw: new Uint8Array(6 * 1024 * 1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(413);
  });

  it('deletes the stored object again when the database refuses the row (taken slug): no orphan', async () => {
    const admin = await asAdmin();
    const existing = await makeCourse(admin.token, `${tagged()} orphan`);
    const before = await keysUnder('courses');
    const res = await sendForm(
      'POST',
      '/api/courses',
      admin.token,
      formOf({ title: 'Dup', slug: existing.slug }, { bytes: await tinyPng() }),
    );
    expect(res.status).toBe(409);
    expect(await keysUnder('courses')).toEqual(before);
  });

  it('deleting a course, one or in bulk, deletes its picture', async () => {
    const admin = await asAdmin();
    const make = async () =>
      (await sendForm('POST', '/api/courses', admin.token, formOf({ title: `${tagged()} pic` }, { bytes: await tinyPng() }))).body.course;
    const one = await make();
    const two = await make();
    const three = await make();
    await send('DELETE', `/api/courses/${one._id}`, admin.token);
    expect(await bucket.head(keyOf(one.image))).toBeNull();
    await send('DELETE', '/api/courses', admin.token, { courseIds: [two._id, three._id] });
    expect(await bucket.head(keyOf(two.image))).toBeNull();
    expect(await bucket.head(keyOf(three.image))).toBeNull();
  });

  it('answers 400 to broken multipart and 415 to a body that is neither JSON nor a form', async () => {
    const admin = await asAdmin();
    const broken = await api('/api/courses', {
      method: 'POST',
      token: admin.token,
      raw: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.success).toBe(false);
    const text = await api('/api/courses', {
      method: 'POST',
      token: admin.token,
      raw: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Send the data as JSON or as multipart form data');
  });
});
